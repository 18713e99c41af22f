extension PrimitiveSequence {
    /// Shifts the trait's events later by `dueTime` on `scheduler`; an error is not
    /// delayed, as with ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// source:                 --(a|)
    /// delay(2 ticks):         ----(a|)
    /// ```
    ///
    /// ```swift
    /// Single.just(1).delay(.seconds(1), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How much later to send each element and the completion.
    ///   - scheduler: The scheduler that runs the timers; the delayed events are sent
    ///     on it.
    /// - Returns: This sequence, its success or completion sent `dueTime` later.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the trait `dueTime` after the subscriber subscribes.
    ///
    /// ```
    /// source (cold):                 -(a|)
    /// delaySubscription(2 ticks):    ---(a|)
    /// ```
    ///
    /// ```swift
    /// request.delaySubscription(.milliseconds(300), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer; the subscription to the
    ///     source happens on it.
    /// - Returns: This sequence, subscribed to `dueTime` after each subscription.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with ``RxError/timeout`` if the trait has not ended within `dueTime`.
    ///
    /// ```
    /// source:               -------(a|)
    /// timeout(3 ticks):     ---#
    /// ```
    ///
    /// ```swift
    /// request.timeout(.seconds(5), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed before the first element and between
    ///     elements.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: This sequence, or a failure with `RxError.timeout` if it takes longer than `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if the trait has not ended within `dueTime`.
    ///
    /// ```
    /// source:                      -------(a|)
    /// other:                       (b|)
    /// timeout(3 ticks, other):     ---(b|)
    /// ```
    ///
    /// ```swift
    /// request.timeout(.seconds(5), other: .just(cached), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed before the first element and between
    ///     elements.
    ///   - other: The sequence to continue with after a timeout.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: This sequence, or `other` if it takes longer than `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Element: RxAbstractInteger {
    /// A Single (or Maybe) that succeeds with 0 after `dueTime`.
    ///
    /// ```
    /// timer(5 ticks):  -----(0|)
    /// ```
    ///
    /// ```swift
    /// Single<Int>.timer(.seconds(3), scheduler: MainScheduler.instance)
    ///     .subscribe(onSuccess: { _ in print("three seconds later") })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long after each subscription to succeed.
    ///   - scheduler: The scheduler that runs the timer; the element is sent on it.
    /// - Returns: A trait that succeeds with 0 `dueTime` after it is subscribed.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        // A timer without a period sends one 0 and completes: a valid Single and Maybe.
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
