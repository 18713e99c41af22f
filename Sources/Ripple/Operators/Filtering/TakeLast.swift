extension ObservableType {
    /// Sends the last `count` elements of the source, all at once when it completes.
    ///
    /// The operator keeps up to `count` elements; when the source completes it sends
    /// them in order, then completes. An error from the source passes through at
    /// once and the kept elements are dropped.
    ///
    /// A negative `count` fails with ``RxError/argumentOutOfRange`` when subscribed
    /// (RxSwift stops the program instead).
    ///
    /// ```
    /// source:        -1-2-3-4-5-|
    /// takeLast(2):   -----------(45|)
    /// ```
    ///
    /// (`(45|)`: both elements and the completion at the same instant.)
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4)
    ///     .takeLast(2)
    ///     .subscribe(onNext: { print($0) })   // 3, 4
    /// ```
    ///
    /// - Parameter count: How many elements to send from the end of the source.
    /// - Returns: A sequence with the last `count` elements, sent when this sequence
    ///   completes.
    public func takeLast(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return TakeLast(source: asObservable(), count: count)
    }
}

final private class TakeLast<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(TakeLastSink(count: count, observer: observer, cancel: cancel), to: source)
    }
}

/// Keeps the latest `count` elements in a ring: the array grows until it holds
/// `count` elements, then each new element overwrites the oldest.
final private class TakeLastSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let count: Int
    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var ring: ContiguousArray<Element> = []
    // Once the ring is full: the index of its oldest element.
    @exclusivity(unchecked) private var oldest = 0

    init(count: Int, observer: Observer, cancel: SinkDisposer) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if ring.count < count {
            ring.append(element)
        } else if count > 0 {
            ring[oldest] = element
            oldest += 1
            if oldest == count {
                oldest = 0
            }
        }
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        sendKeptElementsAndComplete()
    }

    private func sendKeptElementsAndComplete() {
        let kept = ring
        let start = oldest
        ring = []
        oldest = 0
        for offset in 0..<kept.count {
            if isDisposed {
                return
            }
            var index = start + offset
            if index >= kept.count {
                index -= kept.count
            }
            forwardOn(next: kept[index])
        }
        forwardCompletedAndDispose()
    }
}
