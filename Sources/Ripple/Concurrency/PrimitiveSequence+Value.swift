extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Awaits this Single: returns its element, or throws its error.
    ///
    /// Subscribes when awaited. Cancelling the awaiting task disposes the subscription
    /// and throws `CancellationError` (unless the Single had already succeeded or
    /// failed: the first outcome wins).
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`): awaited in main-actor
    /// code, the Single is subscribed there and crosses no isolation boundary.
    ///
    /// ```
    /// single:        ---1|
    /// await value:      1
    /// ```
    ///
    /// ```swift
    /// let user = try await fetchUser().value
    /// ```
    nonisolated(nonsending) public var value: Element {
        get async throws {
            let single = primitiveSequence
            return try await awaitOutcome { resume in
                single.subscribe(
                    onSuccess: { resume(.success($0)) },
                    onFailure: { resume(.failure($0)) },
                    onDisposed: { resume(.failure(CancellationError())) }
                )
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Awaits this Maybe: returns its element, `nil` if it completes empty, or throws
    /// its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws
    /// `CancellationError`, unless the Maybe had already ended.
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`), like `Single`'s `value`.
    ///
    /// ```
    /// maybe:        ---1|      ---|
    /// await value:     1          nil
    /// ```
    ///
    /// ```swift
    /// if let cached = try await cachedUser().value { show(cached) }
    /// ```
    nonisolated(nonsending) public var value: Element? {
        get async throws {
            let maybe = primitiveSequence
            return try await awaitOutcome { resume in
                maybe.subscribe(
                    onSuccess: { resume(.success($0)) },
                    onError: { resume(.failure($0)) },
                    onCompleted: { resume(.success(nil)) },
                    onDisposed: { resume(.failure(CancellationError())) }
                )
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Awaits this Completable: returns when it completes, or throws its error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws
    /// `CancellationError`, unless the Completable had already ended.
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`), like `Single`'s `value`.
    ///
    /// ```
    /// completable:   ---|
    /// await value:      ()
    /// ```
    ///
    /// ```swift
    /// try await save(user).value
    /// ```
    nonisolated(nonsending) public var value: Void {
        get async throws {
            let completable = primitiveSequence
            try await awaitOutcome { resume in
                completable.subscribe(
                    onCompleted: { resume(.success(())) },
                    onError: { resume(.failure($0)) },
                    onDisposed: { resume(.failure(CancellationError())) }
                )
            }
        }
    }
}

/// Subscribes with `subscribe` and suspends until the subscription reports its first
/// outcome through `resume`; later outcomes are ignored. Cancelling the calling task
/// disposes the subscription (whose `onDisposed` then reports `CancellationError`, if
/// nothing came first).
///
/// `nonisolated(nonsending)`, as are the `value` properties: it runs on the caller's
/// actor, so a sequence that is not `Sendable` is subscribed where it already is and
/// crosses no isolation boundary; only the outcome travels, from the subscription's
/// thread to the awaiting task.
nonisolated(nonsending) func awaitOutcome<Value>(
    _ subscribe: (_ resume: @escaping (Result<Value, Swift.Error>) -> Void) -> Disposable
) async throws -> Value {
    let outcome = OneOutcome<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.start(continuation)
            outcome.setSubscription(subscribe { outcome.resume($0) })
        }
    } onCancel: {
        outcome.cancel()
    }
}

/// The state shared by an awaiting task, the subscription that will resume it and the
/// task's cancellation handler, which may each run on a different thread.
// `@unchecked Sendable`: `continuation`, `subscription`, `isCancelled` and `isResumed`
// are read and written only under `lock`; the continuation is resumed and the
// subscription disposed after the lock is released.
private final class OneOutcome<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Swift.Error>?
    private var subscription: Disposable?
    private var isCancelled = false
    private var isResumed = false

    init() {
        #if DEBUG
        Resources.incrementTotal()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }

    func start(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Keeps `subscription` for a later cancellation, or disposes it at once if the
    /// task was cancelled meanwhile (the subscription's outcome, if it came
    /// synchronously, has already won).
    func setSubscription(_ subscription: Disposable) {
        let cancelled = lock.withLock {
            if !isCancelled {
                self.subscription = subscription
            }
            return isCancelled
        }
        if cancelled {
            subscription.dispose()
        }
    }

    /// Resumes the task with `result` unless it was already resumed.
    func resume(_ result: Result<Value, Swift.Error>) {
        let continuation: CheckedContinuation<Value, Swift.Error>? = lock.withLock {
            if isResumed { return nil }
            isResumed = true
            let continuation = self.continuation
            self.continuation = nil
            self.subscription = nil
            return continuation
        }
        // The outcome moves from the subscription's thread to the awaiting task, once;
        // elements need not be `Sendable` (see `Handoff`).
        continuation?.resume(with: Handoff(result).value)
    }

    /// The task was cancelled: disposes the subscription, which reports
    /// `CancellationError` through its `onDisposed` unless an outcome came first.
    func cancel() {
        let subscription: Disposable? = lock.withLock {
            isCancelled = true
            let subscription = self.subscription
            self.subscription = nil
            return subscription
        }
        subscription?.dispose()
    }
}
