extension ObservableType where Element: RxAbstractInteger {
    /// A sequence that sends 0, 1, 2, … every `period`, forever.
    ///
    /// ```
    /// interval(10):  ----------0---------1---------2--…
    /// ```
    ///
    /// ```swift
    /// Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { print("tick \($0)") })
    /// ```
    ///
    /// A negative `period` is out of range: the sequence fails with
    /// ``RxError/argumentOutOfRange`` as soon as it is subscribed (RxSwift leaves it to
    /// the scheduler). A zero `period` ticks as often as the scheduler can run, as in
    /// RxSwift.
    ///
    /// - Parameters:
    ///   - period: The time between elements.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An endless sequence of 0, 1, 2, … one per `period`.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        guard !period.isNegative else {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return Timer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// A sequence that sends 0 after `dueTime`, then, if `period` is given, 1, 2, …
    /// every `period`; without a period it completes after the 0.
    ///
    /// ```
    /// timer(5):             -----0|
    /// timer(5, period: 10): -----0---------1---------2--…
    /// ```
    ///
    /// ```swift
    /// Observable<Int>.timer(.seconds(3), scheduler: scheduler)   // 0 after three seconds, then done
    /// ```
    ///
    /// A `dueTime` of zero or less means "at once". A negative `period` is out of
    /// range: the sequence fails with ``RxError/argumentOutOfRange`` as soon as it is
    /// subscribed (RxSwift leaves it to the scheduler); a zero `period` ticks as often
    /// as the scheduler can run, as in RxSwift.
    ///
    /// - Parameters:
    ///   - dueTime: When the first element is sent.
    ///   - period: The time between later elements; `nil` sends one element and
    ///     completes.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence of 0 (and 1, 2, … with a period).
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        if let period, period.isNegative {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return Timer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

final private class Timer<Element: RxAbstractInteger>: Producer<Element> {
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?
    let scheduler: SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        if let period {
            let sink = PeriodicTimerSink(observer: observer, cancel: cancel)
            let subscription = sink.run(dueTime: dueTime, period: period, scheduler: scheduler)
            return (sink: sink, subscription: subscription)
        }
        let sink = OneOffTimerSink(observer: observer, cancel: cancel)
        let subscription = sink.run(dueTime: dueTime, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

final private class PeriodicTimerSink<Observer: ElementObserver>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(dueTime: RxTimeInterval, period: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        scheduler.schedulePeriodic(0 as Observer.Element, startAfter: dueTime, period: period) { tick in
            self.forwardOn(next: tick)
            return tick &+ 1
        }
    }
}

final private class OneOffTimerSink<Observer: ElementObserver>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(dueTime: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.forwardOn(next: 0)
            self.forwardCompletedAndDispose()
            return Disposables.create()
        }
    }
}
