extension ObservableType {
    /// Fails with ``RxError/timeout`` if the first element does not arrive within
    /// `dueTime` of the subscription, or the next one within `dueTime` of the last.
    ///
    /// ```
    /// source:        -1--2------3-|
    /// timeout(4):    -1--2---x
    /// ```
    ///
    /// ```swift
    /// // A heartbeat that should tick at least every ten seconds.
    /// heartbeat.timeout(.seconds(10), scheduler: MainScheduler.instance)
    ///     .subscribe(onError: { _ in reconnect() })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed before the first element and between
    ///     elements.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: This sequence, failing with `RxError.timeout` if an element is late.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timeout(source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` if the first element does not arrive within `dueTime` of
    /// the subscription, or the next one within `dueTime` of the last.
    ///
    /// On a timeout the source is unsubscribed and `other` is subscribed; everything
    /// `other` sends is passed on.
    ///
    /// ```
    /// source:                  -1--2------3-|
    /// other:                           -a-b-|
    /// timeout(4, other: …):    -1--2----a-b-|
    /// ```
    ///
    /// ```swift
    /// // Falls back to the cached price list when the server is slow.
    /// livePrices.timeout(.seconds(3), other: cachedPrices, scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed before the first element and between
    ///     elements.
    ///   - other: The sequence to continue with after a timeout.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: This sequence, switching to `other` if an element is late.
    public func timeout<Source: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType) -> Observable<Element> where Element == Source.Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

final private class Timeout<Element>: Producer<Element> {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let other: Observable<Element>
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TimeoutSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// Restarts a timer with every element; the timer that fires first switches the
/// subscription over to `other`.
///
/// Each timer carries the `generation` current when it was started, and every event
/// from the source moves `generation` on, so only the timer of the latest element can
/// fire successfully. Whoever wins, the source event or the timer, decides under the
/// lock; after that the loser does nothing. The observer is never called from both
/// sides at once: an element's new timer is only started after the element has been
/// delivered, and once a timer has switched, the source's events are dropped.
final private class TimeoutSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let parent: Timeout<Element>
    // The timer of the latest element; replacing it cancels the previous one.
    private let timer = SerialDisposable()
    // The subscription to the source, then to `other` once switched.
    private let subscription = SerialDisposable()

    private let lock = Lock()
    // Guarded by `lock`.
    private var generation = 0
    private var switched = false

    init(parent: Timeout<Element>, observer: Observer, cancel: SinkDisposer) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        // The first timer is started before subscribing, so on a virtual-time
        // scheduler it runs before source events due at the same instant that are
        // scheduled later.
        startTimer(generation: 0)
        original.setDisposable(parent.source.subscribe(elementObserver: self))
        return Disposables.create(subscription, timer)
    }

    func on(next element: Element) {
        let timerGeneration: Int? = lock.withLock {
            if switched {
                return nil
            }
            generation &+= 1
            return generation
        }
        guard timerGeneration != nil else { return }
        forwardOn(next: element)
        // The generation current now, not the one this element made: an element sent
        // re-entrantly during `forwardOn` has moved it on and started its own timer,
        // which a timer for the older generation would replace with one that can never
        // fire, leaving the sequence without a timeout until the next element.
        startTimer(generation: lock.withLock { generation })
    }

    func on(error: Swift.Error) {
        if endsFirst() {
            forwardErrorAndDispose(error)
        }
    }

    func onCompletion() {
        if endsFirst() {
            forwardCompletedAndDispose()
        }
    }

    /// Whether the source's terminal event goes downstream: not after the switch to
    /// the other sequence; it also stops any pending timer from firing.
    private func endsFirst() -> Bool {
        lock.withLock {
            if switched {
                return false
            }
            generation &+= 1
            return true
        }
    }

    private func startTimer(generation: Int) {
        if timer.isDisposed {
            return
        }
        timer.disposable = parent.scheduler.scheduleRelative(generation, dueTime: parent.dueTime) { [self] generation in
            fire(generation)
            return Disposables.create()
        }
    }

    private func fire(_ timerGeneration: Int) {
        let wins = lock.withLock {
            if switched || timerGeneration != generation {
                return false
            }
            switched = true
            return true
        }
        if wins {
            subscription.disposable = parent.other.subscribe(elementObserver: TimeoutOtherObserver(sink: self))
        }
    }

    /// Passes on an element from `other`.
    func forwardFromOther(next element: Element) {
        forwardOn(next: element)
    }

    /// Passes on the terminal event from `other` and ends the sequence.
    func forwardFromOther(_ event: Event<Element>) {
        forwardOn(event)
        dispose()
    }
}

/// Observes `other` after a timeout and hands its events to the sink.
final private class TimeoutOtherObserver<Observer: ElementObserver>: ElementObserver {
    typealias Element = Observer.Element

    private let sink: TimeoutSink<Observer>

    init(sink: TimeoutSink<Observer>) {
        self.sink = sink
    }

    func on(next element: Element) {
        sink.forwardFromOther(next: element)
    }

    func on(error: Swift.Error) {
        sink.forwardFromOther(.error(error))
    }

    func onCompletion() {
        sink.forwardFromOther(.completed)
    }
}
