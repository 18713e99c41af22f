extension ObservableType {
    /// Sends this sequence's events for `duration` after the subscription, then
    /// completes.
    ///
    /// The timer starts at subscription. If the source ends first, its terminal event
    /// passes through; an error is never delayed.
    ///
    /// ```
    /// source:              -1-2-3-4-5-|
    /// take(for: 6):        -1-2-3|
    /// ```
    ///
    /// ```swift
    /// // Listens for answers for five seconds, then stops.
    /// answers.take(for: .seconds(5), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { print($0) }, onCompleted: { print("time is up") })
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to pass elements through.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence with the elements sent during the first `duration`, then
    ///   completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

final private class TakeTime<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeTimeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, duration: duration, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Forwards elements until the timer fires, then completes.
///
/// Elements arrive on the source's thread and the timer fires on the scheduler's, and
/// the observer must never be called by both at once. So the sink counts the elements
/// being forwarded right now; a timer that fires during one of them does not complete
/// itself but leaves the completion to that element's thread, which sends it as soon
/// as its element has been delivered.
final private class TakeTimeSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let lock = Lock()
    // Guarded by `lock`.
    // Set once the sequence is ending (timer fired or source ended): no element is
    // let through afterwards.
    private var stopped = false
    // How many `on(next:)` calls are forwarding an element now (more than one only
    // when a downstream observer makes the source send again, reentrantly).
    private var forwarding = 0
    // The timer fired while an element was being forwarded; the last forwarding
    // call sends the completion.
    private var completionPending = false

    func run(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        // The timer is scheduled before subscribing, so on a virtual-time scheduler it
        // runs before source events due at the same instant that are scheduled later.
        let timer = scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.timeIsUp()
            return Disposables.create()
        }
        let subscription = source.subscribe(elementObserver: self)
        return Disposables.create(timer, subscription)
    }

    func on(next element: Element) {
        let admitted = lock.withLock {
            if stopped {
                return false
            }
            forwarding += 1
            return true
        }
        guard admitted else { return }
        forwardOn(next: element)
        let completeNow = lock.withLock {
            forwarding -= 1
            if forwarding == 0, completionPending {
                completionPending = false
                return true
            }
            return false
        }
        if completeNow {
            forwardCompletedAndDispose()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error, .completed:
            let wins = lock.withLock {
                if stopped {
                    return false
                }
                stopped = true
                return true
            }
            if wins {
                forwardOn(event)
                dispose()
            }
        }
    }

    private func timeIsUp() {
        let completeNow = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            if forwarding > 0 {
                completionPending = true
                return false
            }
            return true
        }
        if completeNow {
            forwardCompletedAndDispose()
        }
    }
}
