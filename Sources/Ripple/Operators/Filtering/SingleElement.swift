extension ObservableType {
    /// Sends the source's only element, failing if there is none or more than one.
    ///
    /// The element is sent as soon as it arrives; the completion follows the
    /// source's. A second element fails the sequence with
    /// ``RxError/moreThanOneElement`` (and disposes the source); a completion without
    /// any element fails it with ``RxError/noElements``.
    ///
    /// Returns an `Observable`, as RxSwift 6 does for `single()` on an observable.
    ///
    /// ```
    /// source:    -1-|         -1-2-|         --|
    /// single():  -1-|         -1-x           --x
    /// ```
    ///
    /// ```swift
    /// Observable.just("only")
    ///     .single()
    ///     .subscribe(onNext: { print($0) })   // only
    /// ```
    ///
    /// - Returns: A sequence with the one element, then completion; or an error.
    public func single() -> Observable<Element> {
        SingleElement(source: asObservable(), predicate: nil)
    }

    /// Sends the only element that passes `predicate`, failing if none or more than
    /// one does.
    ///
    /// Elements that fail `predicate` are dropped. A second matching element fails
    /// the sequence with ``RxError/moreThanOneElement``; a completion without any
    /// match fails it with ``RxError/noElements``. If `predicate` throws, the
    /// sequence ends with that error.
    ///
    /// ```
    /// source:                             -1-2-3-|      -2-4-|
    /// single { $0.isMultiple(of: 2) }:    ---2---|      -2-x
    /// ```
    ///
    /// ```swift
    /// users.single { $0.isAdmin }
    ///     .subscribe(onNext: { print("admin: \($0.name)") }, onError: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides which elements count: on the actor it was written on if it
    ///     is isolated to one (elements sent elsewhere hop there first), otherwise on the
    ///     thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the one element that passes `predicate`, then
    ///   completion; or an error.
    public func single(_ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        SingleElement(source: delivering(to: isolation), predicate: predicate).deliveringOnMainActor(if: isolation)
    }
}

/// `single()` and `single(_:)`: named so that it does not clash with the `Single`
/// trait.
final private class SingleElement<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: ((Element) throws -> Bool)?

    init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(SingleElementSink(predicate: predicate, observer: observer, cancel: cancel), to: source)
    }
}

final private class SingleElementSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let predicate: ((Element) throws -> Bool)?
    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var hasElement = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if let predicate {
            do {
                if try !predicate(element) {
                    return
                }
            } catch {
                forwardErrorAndDispose(error)
                return
            }
        }
        if hasElement {
            forwardErrorAndDispose(RxError.moreThanOneElement)
            return
        }
        hasElement = true
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if hasElement {
            forwardCompletedAndDispose()
        } else {
            forwardErrorAndDispose(RxError.noElements)
        }
    }
}
