extension ObservableType {
    /// Collects every element, and when the source completes sends them as one array,
    /// then completes.
    ///
    /// An empty source gives `[]`. An error from the source is forwarded and the
    /// collected elements are dropped.
    ///
    /// ```
    /// source:     -1-2-3-|
    /// toArray():  -------([1,2,3]|)
    /// ```
    ///
    /// (`([1,2,3]|)`: the element and the completion at the same instant.)
    ///
    /// ```swift
    /// Observable.of(1, 2, 3)
    ///     .toArray()
    ///     .subscribe(onSuccess: { print($0) })   // [1, 2, 3]
    /// ```
    ///
    /// - Returns: A Single of every element, in order, sent on completion.
    public func toArray() -> Single<[Element]> {
        Single(raw: ToArray(source: asObservable()))
    }
}

final private class ToArray<Source>: Producer<[Source]> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [Source] {
        subscribing(ToArraySink<Source, Observer>(observer: observer, cancel: cancel), to: source)
    }
}

/// Appends each element on the element road; sends the array at completion.
final private class ToArraySink<Source, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == [Source] {
    typealias Element = Source

    // Touched only by the upstream's events, which the grammar serialises.
    private var elements: [Source] = []

    func on(next element: Source) {
        elements.append(element)
    }

    func on(error: Swift.Error) {
        elements = []
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        let collected = elements
        elements = []
        forwardOn(next: collected)
        forwardCompletedAndDispose()
    }
}
