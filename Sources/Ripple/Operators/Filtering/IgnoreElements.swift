extension ObservableType {
    /// Drops every element and passes on only the terminal event.
    ///
    /// As in RxSwift 6, the result is an `Observable<Never>`: it can only complete
    /// or fail. (RxSwift 5 returned a `Completable`; RxSwift 6 turns it into one with
    /// ``ObservableType/asCompletable()``.)
    ///
    /// ```
    /// source:            -1-2-3-|
    /// ignoreElements():  -------|
    /// ```
    ///
    /// ```swift
    /// upload.ignoreElements()
    ///     .subscribe(onError: { showFailure($0) }, onCompleted: { showDone() })
    /// ```
    ///
    /// - Returns: A sequence that sends only this sequence's terminal event.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: asObservable())
    }
}

final private class IgnoreElements<SourceElement>: Producer<Never> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Never {
        subscribing(IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel), to: source)
    }
}

final private class IgnoreElementsSink<SourceElement, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == Never {
    typealias Element = SourceElement

    func on(next element: SourceElement) {}
}
