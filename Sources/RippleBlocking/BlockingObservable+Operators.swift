import Ripple

extension BlockingObservable {
    /// Every element, once the sequence completes.
    ///
    /// ```swift
    /// try Observable.of(1, 2, 3).toBlocking().toArray()   // [1, 2, 3]
    /// ```
    ///
    /// - Throws: The sequence's error, or `RxError.timeout`.
    ///
    /// - Returns: Every element, in order.
    public func toArray() throws -> [Element] {
        try elements(stoppingAfter: nil, where: nil)
    }

    /// The first element, or `nil` when the sequence completes without one. The
    /// subscription is disposed as soon as the first element arrives.
    ///
    /// ```swift
    /// try Observable.of(1, 2, 3).toBlocking().first()   // 1
    /// ```
    ///
    /// - Throws: The sequence's error if it comes before the first element, or
    ///   `RxError.timeout`.
    ///
    /// - Returns: The first element, or `nil` if the sequence completes empty.
    public func first() throws -> Element? {
        try elements(stoppingAfter: 1, where: nil).first
    }

    /// The last element, or `nil` when the sequence completes without one.
    ///
    /// ```swift
    /// try Observable.of(1, 2, 3).toBlocking().last()   // 3
    /// ```
    ///
    /// - Throws: The sequence's error, or `RxError.timeout`.
    ///
    /// - Returns: The last element, or `nil` if the sequence completes empty.
    public func last() throws -> Element? {
        try elements(stoppingAfter: nil, where: nil).last
    }

    /// The only element of a sequence that completes after exactly one.
    ///
    /// ```swift
    /// try Observable.just(1).toBlocking().single()   // 1
    /// ```
    ///
    /// - Throws: `RxError.noElements` when the sequence completes empty,
    ///   `RxError.moreThanOneElement` as soon as a second element arrives (the
    ///   subscription is then disposed), the sequence's error, or `RxError.timeout`.
    ///
    /// - Returns: The sequence's one element.
    public func single() throws -> Element {
        try onlyElement(of: elements(stoppingAfter: 2, where: nil))
    }

    /// The only element that passes `predicate`, once the sequence completes.
    ///
    /// ```swift
    /// try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }   // 2
    /// ```
    ///
    /// - Throws: `RxError.noElements` when no element passes,
    ///   `RxError.moreThanOneElement` as soon as a second one does (the subscription is
    ///   then disposed), what `predicate` throws, the sequence's error, or
    ///   `RxError.timeout`.
    ///
    /// - Parameter predicate: Picks the element; a throw ends the call with that error.
    /// - Returns: The one element that passes `predicate`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        try onlyElement(of: elements(stoppingAfter: 2, where: predicate))
    }

    /// How the sequence ended, with every element before that; never throws.
    ///
    /// ```swift
    /// switch Observable<Int>.error(failure).toBlocking().materialize() {
    /// case .completed(let elements): print("completed after", elements)
    /// case .failed(let elements, let error): print("failed with", error, "after", elements)
    /// }
    /// ```
    ///
    /// A timeout gives `.failed(elements:error:)` with `RxError.timeout` and the
    /// elements that arrived in time.
    ///
    /// - Returns: How the sequence ended, with every element it sent.
    public func materialize() -> MaterializedSequenceResult<Element> {
        BlockingRun(source: source, timeout: timeout, limit: nil, predicate: nil).result()
    }

    /// The elements that pass `predicate` (all, when `nil`), stopping once `limit` have
    /// arrived; throws how the sequence failed.
    private func elements(stoppingAfter limit: Int?, where predicate: ((Element) throws -> Bool)?) throws -> [Element] {
        switch BlockingRun(source: source, timeout: timeout, limit: limit, predicate: predicate).result() {
        case .completed(let elements):
            return elements
        case .failed(_, let error):
            throw error
        }
    }

    private func onlyElement(of elements: [Element]) throws -> Element {
        switch elements.count {
        case 0: throw RxError.noElements
        case 1: return elements[0]
        default: throw RxError.moreThanOneElement
        }
    }
}
