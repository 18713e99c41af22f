extension ObservableType {
    /// Sends the first `count` elements, then completes and disposes the source.
    ///
    /// The completion comes right after the `count`-th element, without waiting for
    /// the source to end. If the source ends sooner, its terminal event passes
    /// through. `take(0)` completes at once without subscribing to the source, as in
    /// RxSwift.
    ///
    /// A negative `count` fails with ``RxError/argumentOutOfRange`` when subscribed
    /// (RxSwift stops the program instead).
    ///
    /// ```
    /// source:    -1-2-3-4-5-|
    /// take(3):   -1-2-(3|)
    /// ```
    ///
    /// (`(3|)`: the element and the completion at the same instant.)
    ///
    /// ```swift
    /// Observable.of("a", "b", "c")
    ///     .take(2)
    ///     .subscribe(onNext: { print($0) })   // a, b
    /// ```
    ///
    /// - Parameter count: How many elements to send.
    /// - Returns: A sequence with at most the first `count` elements.
    public func take(_ count: Int) -> Observable<Element> {
        if count < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        if count == 0 {
            return Observable.empty()
        }
        return TakeCount(source: asObservable(), count: count)
    }
}

final private class TakeCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(TakeCountSink(count: count, observer: observer, cancel: cancel), to: source)
    }
}

/// Counts down the elements still wanted; completes after the last one.
final private class TakeCountSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var remaining: Int

    init(count: Int, observer: Observer, cancel: SinkDisposer) {
        self.remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        guard remaining > 0 else { return }
        // Counted before forwarding: an observer that makes the source send again
        // from inside `onNext` must find the element already counted.
        remaining -= 1
        let isLast = remaining == 0
        forwardOn(next: element)
        if isLast {
            forwardCompletedAndDispose()
        }
    }
}
