extension PrimitiveSequence {
    /// Delivers the trait's events on `scheduler`.
    ///
    /// ```
    /// source:               -(a|)          (on the producer's thread)
    /// observe(on: main):    -(a|)          (on the main thread)
    /// ```
    ///
    /// ```swift
    /// fetchUser().observe(on: MainScheduler.instance).subscribe(onSuccess: { show($0) })
    /// ```
    ///
    /// - Parameter scheduler: Where the events are sent to the observer.
    /// - Returns: This sequence, its events delivered on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes to (and disposes) the trait on `scheduler`.
    ///
    /// ```
    /// source:                -(a|)      (subscribed on the caller's thread)
    /// subscribe(on: queue):  -(a|)      (subscribed on queue)
    /// ```
    ///
    /// ```swift
    /// loadFile().subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
    /// ```
    ///
    /// - Parameter scheduler: Where the subscription and its disposal run.
    /// - Returns: This sequence, subscribed to and disposed on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }
}
