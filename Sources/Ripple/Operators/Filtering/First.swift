extension ObservableType {
    /// Sends the source's first element, or `nil` if it completes without one, then
    /// completes and disposes the source.
    ///
    /// An error before the first element passes through.
    ///
    /// ```
    /// source:    ---1-2-|        ---|
    /// first():   ---(1|)         ---(nil|)
    /// ```
    ///
    /// ```swift
    /// searchResults.first()
    ///     .subscribe(onSuccess: { print($0 ?? "no result") })
    /// ```
    ///
    /// - Returns: A Single of the first element, or `nil` if the sequence completes
    ///   empty.
    public func first() -> Single<Element?> {
        Single(raw: First(source: asObservable()))
    }
}

final private class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element? {
        subscribing(FirstSink<Element, Observer>(observer: observer, cancel: cancel), to: source)
    }
}

final private class FirstSink<SourceElement, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == SourceElement? {
    typealias Element = SourceElement

    func on(next element: SourceElement) {
        forwardOn(next: element)
        forwardCompletedAndDispose()
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        forwardOn(next: nil)
        forwardCompletedAndDispose()
    }
}
