extension ObservableType {
    /// This sequence as a ``Single``: its one element, then completion.
    ///
    /// Completing without an element fails with ``RxError/noElements``; a second
    /// element fails with ``RxError/moreThanOneElement`` at once (and disposes the
    /// source).
    ///
    /// ```
    /// source:       -1--|       --|                -1-2-|
    /// asSingle():   ----(1|)    --#noElements      ---#moreThanOneElement
    /// ```
    ///
    /// ```swift
    /// Observable.of(42).asSingle().subscribe(onSuccess: { print($0) })   // 42
    /// ```
    ///
    /// - Returns: A Single of this sequence's one element.
    public func asSingle() -> Single<Element> {
        Single(raw: AsSingleOrMaybe(source: asObservable(), requiresElement: true))
    }

    /// This sequence as a ``Maybe``: its element if it has one, then completion.
    ///
    /// A second element fails with ``RxError/moreThanOneElement``.
    ///
    /// ```
    /// source:      -1--|       --|      -1-2-|
    /// asMaybe():   ----(1|)    --|      ---#moreThanOneElement
    /// ```
    ///
    /// ```swift
    /// Observable<Int>.empty().asMaybe().subscribe(onCompleted: { print("none") })
    /// ```
    ///
    /// - Returns: A Maybe of this sequence's element, if any.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AsSingleOrMaybe(source: asObservable(), requiresElement: false))
    }
}

extension ObservableType where Element == Never {
    /// This element-less sequence as a ``Completable``.
    ///
    /// ```
    /// source:            ---|
    /// asCompletable():   ---|
    /// ```
    ///
    /// ```swift
    /// events.ignoreElements().asCompletable()
    /// ```
    ///
    /// - Returns: A Completable that ends as this sequence ends.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

/// Holds the one element until completion; a second element is an error.
final private class AsSingleOrMaybe<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let requiresElement: Bool

    init(source: Observable<Element>, requiresElement: Bool) {
        self.source = source
        self.requiresElement = requiresElement
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(AsSingleOrMaybeSink(requiresElement: requiresElement, observer: observer, cancel: cancel), to: source)
    }
}

final private class AsSingleOrMaybeSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let requiresElement: Bool
    // Touched only by the source's events, which the grammar serialises.
    private var element: Element?

    init(requiresElement: Bool, observer: Observer, cancel: SinkDisposer) {
        self.requiresElement = requiresElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if self.element != nil {
            self.element = nil
            forwardErrorAndDispose(RxError.moreThanOneElement)
            return
        }
        self.element = element
    }

    func on(error: Swift.Error) {
        element = nil
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if let element {
            self.element = nil
            forwardOn(next: element)
            forwardCompletedAndDispose()
        } else if requiresElement {
            forwardErrorAndDispose(RxError.noElements)
        } else {
            forwardCompletedAndDispose()
        }
    }
}
