extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// ```swift
    /// Observable.of(1, 2).subscribe { event in print(event) }
    /// // next(1), next(2), completed
    /// ```
    ///
    /// - Parameters:
    ///   - on: Called with every event: on the actor it was written on if it is isolated
    ///     to one (events sent elsewhere hop there first), otherwise where the event is sent.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        let source = delivering(to: isolation)
        return subscribingEntering(isolation) {
            sendableSubscription(source.subscribe(elementObserver: AnonymousObserver(on)))
        }
    }

    /// Subscribes closures for elements, the error, completion and disposal.
    ///
    /// `onDisposed` runs exactly once: after `onError` or `onCompleted`, or when the
    /// returned disposable is disposed, whichever comes first. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// let subscription = Observable.of(1, 2).subscribe(
    ///     onNext: { print("next \($0)") },
    ///     onCompleted: { print("completed") },
    ///     onDisposed: { print("dispose done") }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onError: Called with the error that ends the sequence; without it, the error
    ///     goes to ``Hooks/defaultErrorHandler``.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called once, when the subscription ends for any reason.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     (main-actor code, say) run on it: events sent elsewhere hop there first, in
    ///     order, and `onDisposed` runs there too. Closures written in nonisolated code
    ///     run where the event is sent (or where the subscription is disposed).
    /// - Returns: A disposable that cancels the subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        // Inlinable, so that your code allocates the SubscribeObserver for your element
        // type and subscribes it, caching its type metadata and its conformance to
        // ElementObserver, which code that is not specialised looks up at run time on
        // every subscribe (a few hundred instructions). The rest of the work is done
        // out of line, in SubscribeObserver.
        traceSubscribeWithClosures()
        if isolation != nil {
            return subscribeIsolated(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
        }
        let source = asObservable()
        if let subscription = source.subscribeAtOnce(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed) {
            return subscription
        }
        let observer = SubscribeObserver<Element>(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        return observer.subscription(source.subscribe(elementObserver: observer))
    }

    /// ``subscribe(onNext:onError:onCompleted:onDisposed:isolation:)`` for closures
    /// isolated to an actor: delivered there, `onDisposed` run there.
    @usableFromInline
    func subscribeIsolated(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        isolation: (any Actor)?
    ) -> any Disposable & Sendable {
        let source = delivering(to: isolation)
        let onDisposed = isolatedAction(onDisposed, isolation)
        return subscribingEntering(isolation) {
            if let subscription = source.subscribeAtOnce(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed) {
                return subscription
            }
            let observer = SubscribeObserver<Element>(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
            return observer.subscription(source.subscribe(elementObserver: observer))
        }
    }

    /// Subscribes closures that receive `object` as their first argument, holding
    /// `object` weakly: once it is gone the closures are no longer called.
    ///
    /// ```swift
    /// viewModel.title.subscribe(with: self, onNext: { owner, title in owner.show(title) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - onError: Called with the object and the error that ends the sequence.
    ///   - onCompleted: Called with the object when the sequence completes.
    ///   - onDisposed: Called with the object once, when the subscription ends.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onNext:onError:onCompleted:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            },
            isolation: isolation
        )
    }
}

/// The journey step of ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:)``,
/// out of line so that the inlinable method exposes no trace machinery.
@usableFromInline
func traceSubscribeWithClosures() {
    if journeyTracingIsOn {
        JourneyTrace.step("ObservableType", "subscribe(onNext:onError:onCompleted:onDisposed:isolation:)", "wraps your closures in a SubscribeObserver and subscribes it")
    }
}
