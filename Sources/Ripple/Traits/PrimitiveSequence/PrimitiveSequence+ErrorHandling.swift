extension PrimitiveSequence {
    /// On error, continues with the trait that `handler` returns for that error; if
    /// `handler` throws, the thrown error ends the trait.
    ///
    /// ```
    /// source:                 --#
    /// catch { .just(0) }:     --(0|)
    /// ```
    ///
    /// ```swift
    /// fetchScore().catch { _ in .just(0) }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a throw fails the
    ///     result with the thrown error. Runs on the actor it was written on if it is isolated
    ///     to one (an error sent elsewhere hops there first), otherwise on the thread that sent
    ///     the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: This sequence, or, after an error, the sequence `handler` returns for it.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>, isolation: (any Actor)? = #isolation) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delivering(to: isolation).catch { try handler($0).asObservable() })
    }

    /// Resubscribes after every error, for as long as the trait keeps failing.
    ///
    /// ```
    /// source (cold, fails once):  -#  then -(a|)
    /// retry():                    --(a|)
    /// ```
    ///
    /// ```swift
    /// flakyRequest.retry()
    /// ```
    ///
    /// - Returns: This sequence, resubscribed after each error until it succeeds.
    public func retry() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry())
    }

    /// Subscribes up to `maxAttemptCount` times in all, forwarding the last error.
    /// A negative count fails with ``RxError/argumentOutOfRange``, as
    /// ``ObservableType/retry(_:)`` does.
    ///
    /// ```
    /// source (cold):   -#
    /// retry(2):        --#
    /// ```
    ///
    /// ```swift
    /// request.retry(3)
    /// ```
    ///
    /// - Parameter maxAttemptCount: How many times to subscribe at most.
    /// - Returns: This sequence, resubscribed after an error until `maxAttemptCount` subscriptions have failed.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Resubscribes when the trigger sequence built from the errors emits; ends when it
    /// completes or fails.
    ///
    /// ```
    /// source (cold):             -#
    /// retry(when: errors→tick):  -- -# …
    /// ```
    ///
    /// ```swift
    /// request.retry(when: { (errors: Observable<URLError>) in errors.delay(.seconds(1), scheduler: MainScheduler.instance) })
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors, as a sequence of `Error`, and returns the
    ///     trigger: each element resubscribes; its completion or error ends the result. Called
    ///     when the result is subscribed: on the actor it was written on if it is isolated to
    ///     one (a subscription made elsewhere moves there, and so does its disposal), otherwise
    ///     where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: This sequence, resubscribed each time the trigger sends an element.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler).subscribing(on: isolation))
    }

    /// Resubscribes when the trigger sequence built from the errors emits; ends when it
    /// completes or fails.
    ///
    /// ```
    /// source (cold):             -#
    /// retry(when: errors→tick):  -- -# …
    /// ```
    ///
    /// ```swift
    /// request.retry(when: { errors in errors.take(3) })
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors and returns the trigger: each element
    ///     resubscribes; its completion or error ends the result. Called when the result is
    ///     subscribed: on the actor it was written on if it is isolated to one (a subscription
    ///     made elsewhere moves there, and so does its disposal), otherwise where the
    ///     subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: This sequence, resubscribed each time the trigger sends an element.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler).subscribing(on: isolation))
    }
}
