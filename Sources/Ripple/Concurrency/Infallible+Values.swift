extension InfallibleType {
    /// The elements of this sequence as an `AsyncStream`, for `for await`: an
    /// ``Infallible`` cannot fail, so the loop needs no `try`.
    ///
    /// Reading the property subscribes at once; the loop ends when the sequence
    /// completes. Cancelling the iterating task, or dropping the stream (a `break`),
    /// disposes the subscription. Every element is buffered until the loop takes it
    /// (`.unbounded`); see ``values(bufferingPolicy:)`` to bound that.
    ///
    /// ```
    /// source:       -1-2-3-|
    /// for await:     1 2 3  (loop ends)
    /// ```
    ///
    /// ```swift
    /// for await name in names.asInfallible(onErrorJustReturn: "").values {
    ///     print(name)
    /// }
    /// ```
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements of this sequence as an `AsyncStream` that buffers at most what
    /// `bufferingPolicy` allows while the consumer is busy: `.unbounded`,
    /// `.bufferingNewest(n)` (keep the latest `n`, drop older ones) or
    /// `.bufferingOldest(n)` (keep the first `n`, drop newer ones). Completion is
    /// never dropped.
    ///
    /// ```
    /// source (fast):                  -1-2-3-4-5-|
    /// bufferingNewest(1), slow loop:   1 . . . 5  (loop ends)
    /// ```
    ///
    /// ```swift
    /// for await progress in download.progress.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await show(progress)
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when elements arrive faster than the loop takes them.
    /// - Returns: An asynchronous stream of the elements that ends when this sequence completes.
    public func values(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy) -> AsyncStream<Element> {
        nonFailingValues(of: asObservable(), bufferingPolicy: bufferingPolicy)
    }
}

/// The elements of `source`, a sequence that cannot fail (an ``Infallible``, a
/// ``Driver``, a ``Signal``), as an `AsyncStream`: the loop ends when it completes, and
/// cancelling the loop's task, or dropping the stream, disposes the subscription.
func nonFailingValues<Element>(
    of source: Observable<Element>,
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
) -> AsyncStream<Element> {
    AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
        // The source never sends `.error`; should a broken one do so, the stream just
        // ends, as it has no way to throw.
        let subscription = source.subscribe(
            onNext: { element in continuation.yield(Handoff(element).value) },
            onError: { _ in continuation.finish() },
            onCompleted: { continuation.finish() }
        )
        continuation.onTermination = disposingOnTermination(subscription)
    }
}
