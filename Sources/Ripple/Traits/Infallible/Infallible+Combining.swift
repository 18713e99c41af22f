// The combining operators of `Infallible`, wrapping the Observable operators.

extension InfallibleType {
    /// Combines each element with the latest element of `second` (elements sent before
    /// `second` sent anything are dropped).
    ///
    /// ```
    /// self:   -1---2---3-|
    /// second: ---a---b---
    /// result: -----A---B-|   (A = resultSelector(2, a))
    /// ```
    ///
    /// ```swift
    /// taps.withLatestFrom(text) { _, text in text }
    /// ```
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element joins each element of this one.
    ///   - resultSelector: Makes a result from an element of this sequence and the latest
    ///     element of `second`: on the actor it was written on if it is isolated to one
    ///     (elements of this sequence sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one for each element of
    ///   this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Source: InfallibleType, Result>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Infallible<Result> {
        Infallible<Result>(perEvent(isolation: isolation) { $0.withLatestFrom(second, resultSelector: resultSelector) })
    }

    /// Sends the latest element of `second` each time this sequence sends one.
    ///
    /// ```swift
    /// let submitted = submitTaps.withLatestFrom(text)
    /// ```
    ///
    /// - Parameter second: The sequence whose latest element to send.
    /// - Returns: A sequence of `second`'s latest element, one for each element of this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().withLatestFrom(second))
    }
}

extension Infallible {
    /// Combines the latest elements of every sequence in `collection` whenever any
    /// sends one, once all have; see `Observable.combineLatest(_:resultSelector:)`.
    ///
    /// ```swift
    /// let total = Infallible.combineLatest(cart.map(\.price)) { $0.reduce(0, +) }
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sequences; their latest elements reach `resultSelector` in
    ///     the collection's order.
    ///   - resultSelector: Makes a result from the latest element of each sequence: on the
    ///     actor it was written on if it is isolated to one (the elements hop there first),
    ///     otherwise on the thread that sent the element that completes the set.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        // A selector isolated to an actor runs after the combination, behind one hop there.
        guard isolation != nil else {
            return Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
        }
        return Infallible(Observable.combineLatest(collection.map { $0.asObservable() }).map(resultSelector, isolation: isolation))
    }

    /// Sends the latest elements of every sequence in `collection`, in the
    /// collection's order, whenever any sends one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(switches.map(\.isOn)).map { $0.allSatisfy { $0 } }
    /// ```
    ///
    /// - Parameter collection: The sequences to combine.
    /// - Returns: A sequence of arrays of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// Sends the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```swift
    /// let anyTap = Infallible.merge(okTaps, cancelTaps)
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```swift
    /// let anyTap = Infallible.merge(buttons.map(\.taps))
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```swift
    /// let anyChange = Infallible.merge(fields.values.map(\.changes))
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of each sequence in turn, subscribing to the next when one
    /// completes.
    ///
    /// ```
    /// first:  -1-|
    /// second:    -2-|
    /// concat: -1--2-|
    /// ```
    ///
    /// ```swift
    /// let intro = Infallible.concat(greeting, tips, prompt)
    /// ```
    ///
    /// - Parameter sources: The sequences, in order.
    /// - Returns: A sequence of the elements of every source, one source after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of each sequence in turn, subscribing to the next when one
    /// completes.
    ///
    /// ```swift
    /// let pages = Infallible.concat(chapters.map(\.pages))
    /// ```
    ///
    /// - Parameter collection: The sequences, in order.
    /// - Returns: A sequence of the elements of every source, one source after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Sends the elements of each sequence in turn, subscribing to the next when one
    /// completes; `sequence` is read once, when this is called.
    ///
    /// ```swift
    /// let replayed = Infallible.concat(sessions.lazy.map(\.events))
    /// ```
    ///
    /// - Parameter sequence: The sequences, in order.
    /// - Returns: A sequence of the elements of every source, one source after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element> where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }
}
