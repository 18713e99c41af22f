extension ObservableType {
    /// Drops the first `count` elements, then sends the rest.
    ///
    /// Terminal events pass through at once, even while elements are still being
    /// dropped.
    ///
    /// A negative `count` fails with ``RxError/argumentOutOfRange`` when subscribed
    /// (RxSwift treats it as zero).
    ///
    /// ```
    /// source:    -1-2-3-4-5-|
    /// skip(2):   -----3-4-5-|
    /// ```
    ///
    /// ```swift
    /// Observable.of("header", "row 1", "row 2")
    ///     .skip(1)
    ///     .subscribe(onNext: { print($0) })   // row 1, row 2
    /// ```
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A sequence without the first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return SkipCount(source: asObservable(), count: count)
    }
}

final private class SkipCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(SkipCountSink(count: count, observer: observer, cancel: cancel), to: source)
    }
}

/// Counts down the elements still to drop, then forwards everything.
final private class SkipCountSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var remaining: Int

    init(count: Int, observer: Observer, cancel: SinkDisposer) {
        self.remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if remaining > 0 {
            remaining -= 1
            return
        }
        forwardOn(next: element)
    }
}
