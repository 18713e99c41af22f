extension ObservableType {
    /// Subscribes to this sequence only after `dueTime`; its events then pass through
    /// unchanged.
    ///
    /// Nothing that the source sends before the subscription is seen: a hot source's
    /// early elements are missed, a cold source starts later.
    ///
    /// ```
    /// source (cold, from its subscription):  -1-2-|
    /// delaySubscription(3):                  ----1-2-|
    /// ```
    ///
    /// ```swift
    /// // Asks the server for news only after the screen has been up for two seconds.
    /// news.delaySubscription(.seconds(2), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer; the subscription to the
    ///     source happens on it.
    /// - Returns: This sequence, subscribed `dueTime` after each subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let source = self.source
        // Disposing what the scheduler returns cancels the timer if it has not fired,
        // and disposes the subscription to the source if it has.
        let subscription = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
            source.subscribe(elementObserver: sink)
        }
        return (sink: sink, subscription: subscription)
    }
}

/// Passes the source's events through; the delay is in when the producer subscribes.
final private class DelaySubscriptionSink<Observer: ElementObserver>: PassThroughSink<Observer> {}
