extension ObservableType {
    /// Sends `elements` first, during `subscribe`, then subscribes to the source and
    /// sends its events.
    ///
    /// ```
    /// source:           ----3-4-|
    /// startWith(1, 2):  (12)3-4-|
    /// ```
    ///
    /// (`(12)`: both elements at the instant of subscription.)
    ///
    /// ```swift
    /// Observable.of(3, 4)
    ///     .startWith(1, 2)
    ///     .subscribe(onNext: { print($0) })   // 1, 2, 3, 4
    /// ```
    ///
    /// - Parameter elements: The elements to send before the source's.
    /// - Returns: A sequence with `elements` first, then this sequence's events.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

final private class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = StartWithSink(observer: observer, cancel: cancel)
        for element in elements {
            sink.forwardOn(next: element)
        }
        let subscription = source.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Passes the source's events through once the leading elements have been sent.
final private class StartWithSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    func on(next element: Element) {
        forwardOn(next: element)
    }
}
