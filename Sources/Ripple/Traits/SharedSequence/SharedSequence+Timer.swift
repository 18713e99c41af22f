extension SharedSequence where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, … every `period` on the strategy's scheduler, forever.
    ///
    /// ```
    /// interval(10): ----------0---------1---------2--…
    /// ```
    ///
    /// ```swift
    /// let ticks = Driver<Int>.interval(.seconds(1))
    /// ```
    ///
    /// A negative `period` is a precondition failure: a shared sequence has no error
    /// to report it with (``ObservableType/interval(_:scheduler:)`` fails instead).
    ///
    /// - Parameter period: The time between elements.
    /// - Returns: An endless sequence of 0, 1, 2, … one per `period`.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        precondition(!period.isNegative, "interval(_:) needs a period of zero or more")
        return SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Sends 0 after `dueTime`, then 1, 2, … every `period`, on the strategy's
    /// scheduler, forever.
    ///
    /// ```
    /// timer(5, period: 10): -----0---------1---------2--…
    /// ```
    ///
    /// ```swift
    /// let refresh = Signal<Int>.timer(.seconds(0), period: .seconds(30))
    /// ```
    ///
    /// A negative `period` is a precondition failure, as for ``interval(_:)``; a
    /// `dueTime` of zero or less means "at once".
    ///
    /// - Parameters:
    ///   - dueTime: When the first element is sent.
    ///   - period: The time between later elements.
    /// - Returns: An endless sequence of 0, 1, 2, …
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        precondition(!period.isNegative, "timer(_:period:) needs a period of zero or more")
        return SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
