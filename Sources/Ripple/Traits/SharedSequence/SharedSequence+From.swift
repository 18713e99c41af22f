extension SharedSequence {
    /// Sends the elements of `sequence` in order on the strategy's scheduler, then
    /// completes.
    ///
    /// ```swift
    /// let steps = Driver.from(1...3)
    /// ```
    ///
    /// - Parameter sequence: The elements to send.
    /// - Returns: A sequence of the elements of `sequence`, then completion.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// Sends the wrapped value, if there is one, on the strategy's scheduler, then
    /// completes.
    ///
    /// ```
    /// from(optional: 1):   (1|)
    /// from(optional: nil): |
    /// ```
    ///
    /// ```swift
    /// let user = Driver.from(optional: cache.currentUser)
    /// ```
    ///
    /// - Parameter optional: The element to send, or `nil` for none.
    /// - Returns: A sequence of the wrapped value, if any, then completion.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}
