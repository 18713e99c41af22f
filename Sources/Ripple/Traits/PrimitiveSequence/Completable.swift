/// The trait of a sequence that sends no element: it completes or fails.
public enum CompletableTrait: Sendable {}

/// A sequence that only completes or fails.
///
/// ```swift
/// let saved: Completable = .empty()
/// saved.subscribe(onCompleted: { print("saved") })   // saved
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a ``Completable`` delivers.
///
/// ```swift
/// completable.subscribe { event in
///     switch event {
///     case .completed: print("done")
///     case .error(let error): print(error)
///     }
/// }
/// ```
public enum CompletableEvent: Sendable {
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a ``Completable`` created with `create(subscribe:)` sends its
    /// result to.
    ///
    /// `@Sendable`, so it can be called from a callback API's `@Sendable` completion
    /// handler on any queue; only the first event it is given counts.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// Creates a ``Completable`` from a closure run once per subscriber; the closure
    /// sends one ``CompletableEvent`` and returns a disposable that cancels its work.
    ///
    /// Only the first event the closure sends counts: later ones are dropped.
    ///
    /// ```
    /// create { $0(.completed); $0(.error(e)) }:   |
    /// ```
    ///
    /// ```swift
    /// let save = Completable.create { observer in
    ///     store.write(value) { ok in observer(ok ? .completed : .error(StoreError.failed)) }
    ///     return Disposables.create()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber with the closure to send the one event
    ///     to; returns a disposable that cancels the work. Runs on the actor it was
    ///     written on if it is isolated to one (a subscription made elsewhere moves
    ///     there, and so does its disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Completable that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable, isolation: (any Actor)? = #isolation) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        }, isolation: isolation, reportedAs: "Completable")
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one ``CompletableEvent`` this Completable delivers.
    ///
    /// ```swift
    /// Completable.empty().subscribe { print($0) }   // completed
    /// ```
    ///
    /// - Parameters:
    ///   - observer: Called with the one event: on the actor it was written on if it is
    ///     isolated to one (an event sent elsewhere hops there first), otherwise where
    ///     the event is sent.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        let stopped = StopFlag()
        return primitiveSequence.asObservable().subscribe({ event in
            guard stopped.stop() else { return }
            switch event {
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }, isolation: isolation)
    }

    /// Subscribes closures for completion and failure; `onDisposed` runs once, after
    /// the Completable ends or the subscription is disposed. Without `onError`, an
    /// error goes to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// save(user).subscribe(onCompleted: { print("saved") }, onError: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onCompleted: Called when the Completable completes.
    ///   - onError: Called with the error; without it the error goes to ``Hooks/defaultErrorHandler``.
    ///   - onDisposed: Called once, after the Completable ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     (main-actor code, say) run on it: a result sent elsewhere hops there first,
    ///     and `onDisposed` runs there too. Closures written in nonisolated code run
    ///     where the result is sent (or where the subscription is disposed).
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = isolatedAction(onDisposed, isolation).map { Disposables.create(with: $0) as Disposable } ?? Disposables.create()
        let subscription = subscribe({ (event: CompletableEvent) in
            switch event {
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
            case .completed:
                onCompleted?()
            }
            disposable.dispose()
        }, isolation: isolation)
        return Disposables.create(subscription, disposable)
    }

    /// Subscribes closures that also receive `object`, held weakly: once it is gone,
    /// the closures are no longer called.
    ///
    /// ```swift
    /// save(user).subscribe(with: self, onCompleted: { owner in owner.close() })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onCompleted: Called with `object` when the Completable completes.
    ///   - onError: Called with `object` and the error.
    ///   - onDisposed: Called with `object` once, after the Completable ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onCompleted:onError:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        subscribe(
            onCompleted: weakly(object, onCompleted),
            onError: weakly(object, onError),
            onDisposed: weakly(object, onDisposed),
            isolation: isolation
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A Completable that fails with `error` on subscription.
    ///
    /// ```
    /// error(e):   #
    /// ```
    ///
    /// ```swift
    /// Completable.error(MyError.offline)
    /// ```
    ///
    /// - Parameter error: The error to send.
    /// - Returns: A Completable that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// A Completable that never ends.
    ///
    /// ```
    /// never():   ----…
    /// ```
    ///
    /// ```swift
    /// Completable.never()
    /// ```
    ///
    /// - Returns: A Completable that neither completes nor fails.
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// A Completable that completes on subscription.
    ///
    /// ```
    /// empty():   |
    /// ```
    ///
    /// ```swift
    /// Completable.empty()
    /// ```
    ///
    /// - Returns: A Completable that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects on the Completable's events and lifetime, and passes them
    /// through, as ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:)``
    /// does.
    ///
    /// ```
    /// source:                  --|
    /// do(onCompleted: log):    --|      log at completion
    /// ```
    ///
    /// ```swift
    /// save(user).do(onCompleted: { print("saved") })
    /// ```
    ///
    /// - Parameters:
    ///   - onError: Runs before the error is sent.
    ///   - afterError: Runs after the error is sent.
    ///   - onCompleted: Runs before completion is sent.
    ///   - afterCompleted: Runs after completion is sent.
    ///   - onSubscribe: Runs before the subscription to this Completable.
    ///   - onSubscribed: Runs after the subscription to this Completable.
    ///   - onDispose: Runs after the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Actions written on an actor
    ///     run on it: events sent elsewhere hop there first, the subscription moves there
    ///     for `onSubscribe` and `onSubscribed`, and `onDispose` runs there too.
    /// - Returns: This Completable, unchanged, with the actions run along the way.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Completable {
        Completable(raw: primitiveSequence.source.isolatedDo(
            onNext: nil,
            afterNext: nil,
            onError: onError,
            afterError: afterError,
            onCompleted: onCompleted,
            afterCompleted: afterCompleted,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose,
            isolation: isolation
        ))
    }
}
