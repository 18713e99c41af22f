extension ObservableType {
    /// Sends each element paired with its index, counting from 0 for each subscription.
    ///
    /// The index cannot overflow in practice; should an index reach `Int.max`, the
    /// sequence ends with `RxError.overflow` instead of sending it.
    ///
    /// ```
    /// source:        -a-----b-----c-----|
    /// enumerated():  -(0,a)-(1,b)-(2,c)-|
    /// ```
    ///
    /// ```swift
    /// Observable.of("a", "b")
    ///     .enumerated()
    ///     .subscribe(onNext: { index, letter in print(index, letter) })   // 0 a, 1 b
    /// ```
    ///
    /// - Returns: A sequence of `(index, element)` pairs, from index 0.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable(), firstIndex: 0)
    }

    /// ``enumerated()`` counting from `firstIndex`; lets tests reach the overflow.
    func enumerated(firstIndex: Int) -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable(), firstIndex: firstIndex)
    }
}

final private class Enumerated<Source>: Producer<(index: Int, element: Source)> {
    private let source: Observable<Source>
    private let firstIndex: Int

    init(source: Observable<Source>, firstIndex: Int) {
        self.source = source
        self.firstIndex = firstIndex
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == (index: Int, element: Source) {
        subscribing(EnumeratedSink<Source, Observer>(firstIndex: firstIndex, observer: observer, cancel: cancel), to: source)
    }
}

/// Counts one subscription's elements on the element road.
final private class EnumeratedSink<Source, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == (index: Int, element: Source) {
    typealias Element = Source

    // The index of the next element. Touched only by the upstream's events, which
    // the grammar serialises.
    private var index: Int

    init(firstIndex: Int, observer: Observer, cancel: SinkDisposer) {
        self.index = firstIndex
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Source) {
        let current = index
        // `Int.max` itself is never sent: the index after it would not exist.
        guard current < Int.max else {
            forwardErrorAndDispose(RxError.overflow)
            return
        }
        index = current + 1
        forwardOn(next: (index: current, element: element))
    }
}
