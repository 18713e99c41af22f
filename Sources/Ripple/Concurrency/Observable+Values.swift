extension ObservableConvertibleType {
    /// The elements of this sequence as an `AsyncThrowingStream`, for `for try await`.
    ///
    /// Reading the property subscribes at once (as in RxSwift); iterating the stream
    /// receives the elements in order. The loop ends when the sequence completes, and
    /// rethrows the error the sequence ends with.
    ///
    /// ```
    /// source:           -1-2-3-|
    /// for try await:     1 2 3  (loop ends)
    /// source:           -1-X
    /// for try await:     1 (throws X)
    /// ```
    ///
    /// Cancellation: when the task iterating the stream is cancelled, or the stream is
    /// dropped (a `break` out of the loop), the subscription is disposed; a cancelled
    /// loop throws `CancellationError` (as in RxSwift), after the elements already
    /// buffered.
    ///
    /// Buffering: Rx does not wait for a slow consumer, so elements that arrive faster
    /// than the loop takes them are buffered; this property keeps all of them
    /// (`.unbounded`). To bound the memory, use ``values(bufferingPolicy:)``.
    ///
    /// Threads: the sequence runs where its operators put it (its elements are yielded
    /// on whatever thread the sequence sends them); the loop body runs in the iterating
    /// task, on that task's executor.
    ///
    /// ```swift
    /// for try await value in Observable.of(1, 2, 3).values {
    ///     print(value)   // 1, 2, 3
    /// }
    /// ```
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements of this sequence as an `AsyncThrowingStream` that buffers at most
    /// what `bufferingPolicy` allows while the consumer is busy.
    ///
    /// - `.unbounded` (the default of ``ObservableConvertibleType/values``): every element is kept until the
    ///   loop takes it.
    /// - `.bufferingNewest(n)`: only the `n` most recent waiting elements are kept;
    ///   older ones are dropped (good for state: the latest value matters).
    /// - `.bufferingOldest(n)`: the first `n` waiting elements are kept; newer ones are
    ///   dropped until the loop makes room.
    ///
    /// Dropping never slows the producer and never ends the sequence: completion and
    /// errors are always delivered, after the buffered elements.
    ///
    /// ```
    /// source (fast):                  -1-2-3-4-5-|
    /// bufferingNewest(1), slow loop:   1 . . . 5  (loop ends)
    /// ```
    ///
    /// ```swift
    /// for try await position in positions.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await render(position)   // always the most recent position
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when elements arrive faster than the loop takes them.
    /// - Returns: An asynchronous stream of the elements that ends with this sequence's completion or error.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Element, Swift.Error>.Continuation.BufferingPolicy
    ) -> AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            let subscription = source.subscribe(
                onNext: { element in continuation.yield(Handoff(element).value) },
                onError: { error in continuation.finish(throwing: error) },
                onCompleted: { continuation.finish() }
            )
            let dispose: @Sendable (AsyncThrowingStream<Element, Swift.Error>.Continuation.Termination) -> Void = disposingOnTermination(subscription)
            continuation.onTermination = { termination in
                // The stream runs this handler before it wakes the waiting loop, so
                // finishing here with an error makes a cancelled loop throw
                // `CancellationError`, as RxSwift's does, instead of ending quietly.
                if case .cancelled = termination {
                    continuation.finish(throwing: CancellationError())
                }
                dispose(termination)
            }
        }
    }
}

// Elements are yielded through `Handoff`: Ripple does not require `Sendable` elements
// (RxSwift code moves any element across threads with `observe(on:)`), and each
// element is handed from the sequence's thread to the one task iterating the stream,
// exactly once, never touched again by the sender.

/// A termination handler for a stream bridged from a subscription: disposes it.
///
/// A stream terminates once (finished, failed, cancelled, or dropped by its consumer),
/// so the handler runs at most once; Ripple's disposables may be disposed from any
/// thread, which is what the `Handoff` below relies on.
func disposingOnTermination<Termination>(_ subscription: Disposable) -> @Sendable (Termination) -> Void {
    let handoff = Handoff(subscription)
    return { _ in handoff.value.dispose() }
}
