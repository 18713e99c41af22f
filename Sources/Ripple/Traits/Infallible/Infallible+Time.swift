// The time operators of `Infallible`, wrapping the Observable operators.

extension InfallibleType {
    /// Sends an element only after `dueTime` has passed without another one; a burst
    /// keeps only its last element.
    ///
    /// ```
    /// source: -abc------d---|
    /// result: -------c-----d|   (debounce(2 columns))
    /// ```
    ///
    /// ```swift
    /// query.debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long an element must stay the latest before it is sent.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The debounced sequence.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime`: the first of a window at once and,
    /// with `latest`, the last one at the window's end.
    ///
    /// ```
    /// source: -abc-----d-|
    /// result: -a--c----d-|   (throttle(3 columns), latest: true)
    /// ```
    ///
    /// ```swift
    /// taps.throttle(.seconds(1), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two sent elements.
    ///   - latest: Whether the latest element of a window is sent at its end.
    ///   - scheduler: The scheduler that gives the time and runs the timers.
    /// - Returns: The throttled sequence.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// Skips the elements sent during the first `duration`.
    ///
    /// ```swift
    /// values.skip(.seconds(1), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to drop elements for.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence without the elements sent during the first `duration`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().skip(duration, scheduler: scheduler))
    }

    /// Sends the elements of the first `duration`, then completes.
    ///
    /// ```swift
    /// values.take(for: .seconds(5), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to send elements for.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence with the elements sent during the first `duration`, then completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Shifts every element and the completion later by `dueTime`, as
    /// ``ObservableType/delay(_:scheduler:)`` does.
    ///
    /// ```
    /// source:            -1-2-|
    /// delay(2 ticks):    ---1-2-|
    /// ```
    ///
    /// ```swift
    /// let echo = typed.delay(.milliseconds(300), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How much later to send each event.
    ///   - scheduler: The scheduler that runs the timers; the delayed events are sent on it.
    /// - Returns: This sequence, each event sent `dueTime` later.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to this sequence `dueTime` after the subscriber subscribes.
    ///
    /// ```
    /// source (cold):                 -1-|
    /// delaySubscription(2 ticks):    ---1-|
    /// ```
    ///
    /// ```swift
    /// let later = ticks.delaySubscription(.seconds(1), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer; the subscription happens on it.
    /// - Returns: This sequence, subscribed to `dueTime` after each subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }
}
