extension SharedSequenceConvertibleType {
    /// Sends every element, and the completion, `dueTime` later than it arrived, on
    /// the strategy's scheduler.
    ///
    /// ```
    /// source:   -1-2---3-|
    /// delay(3): ----1-2---3-|
    /// ```
    ///
    /// ```swift
    /// let hint = taps.delay(.milliseconds(300))
    /// ```
    ///
    /// - Parameter dueTime: How much later to send each element and the completion.
    /// - Returns: A sequence with the same events, each `dueTime` later.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}
