extension SharedSequenceConvertibleType {
    /// The elements of this ``Driver`` or ``Signal`` as an `AsyncStream`, for
    /// `for await`: a shared sequence cannot fail, so the loop needs no `try`.
    ///
    /// Reading the property subscribes at once; the loop ends when the sequence
    /// completes. Cancelling the iterating task, or dropping the stream (a `break`),
    /// disposes the subscription. Every element is buffered until the loop takes it
    /// (`.unbounded`); see ``values(bufferingPolicy:)`` to bound that.
    ///
    /// The elements are sent on the main queue (the sequence's scheduler); the loop
    /// body runs in the iterating task, on that task's executor. RxCocoa makes this
    /// property `@MainActor`; Ripple's may be read from any isolation.
    ///
    /// ```
    /// driver:    -1-2-3-|
    /// for await:  1 2 3  (loop ends)
    /// ```
    ///
    /// ```swift
    /// for await name in viewModel.name.values {   // a Driver<String>
    ///     print(name)
    /// }
    /// ```
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements of this ``Driver`` or ``Signal`` as an `AsyncStream` that buffers
    /// at most what `bufferingPolicy` allows while the loop is busy: `.unbounded`,
    /// `.bufferingNewest(n)` (keep the latest `n`) or `.bufferingOldest(n)` (keep the
    /// first `n`). Completion is never dropped.
    ///
    /// ```
    /// driver (fast):                 -1-2-3-4-5-|
    /// bufferingNewest(1), slow loop:  1 . . . 5  (loop ends)
    /// ```
    ///
    /// ```swift
    /// for await state in viewModel.state.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await render(state)   // always the latest state
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when elements arrive faster than the loop takes them.
    /// - Returns: An asynchronous stream of the elements that ends when this sequence completes.
    public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        nonFailingValues(of: asObservable(), bufferingPolicy: bufferingPolicy)
    }
}
