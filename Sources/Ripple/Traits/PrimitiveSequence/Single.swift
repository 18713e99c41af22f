/// The trait of a sequence that sends exactly one element, or fails.
public enum SingleTrait: Sendable {}

/// A sequence that succeeds with exactly one element or fails with an error.
///
/// ```swift
/// let user: Single<String> = .just("ada")
/// user.subscribe(onSuccess: { print($0) })   // ada
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` delivers: `.success(element)` or `.failure(error)`.
///
/// ```swift
/// single.subscribe { event in
///     switch event {
///     case .success(let value): print(value)
///     case .failure(let error): print(error)
///     }
/// }
/// ```
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a ``Single`` created with `create(subscribe:)` sends its result to.
    ///
    /// `@Sendable`, so it can be called from a callback API's `@Sendable` completion
    /// handler on any queue; only the first event it is given counts.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// Creates a ``Single`` from a closure run once per subscriber; the closure sends
    /// one ``SingleEvent`` and returns a disposable that cancels its work.
    ///
    /// Only the first event the closure sends counts: later ones are dropped.
    ///
    /// ```
    /// create { $0(.success(1)); $0(.success(2)) }:   (1|)
    /// ```
    ///
    /// ```swift
    /// let answer = Single<Int>.create { observer in
    ///     observer(.success(42))
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
    /// - Returns: A Single that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable, isolation: (any Actor)? = #isolation) -> Single<Element> {
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }, isolation: isolation, reportedAs: "Single")
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one ``SingleEvent`` this Single delivers.
    ///
    /// Should the wrapped sequence complete without an element (which no Ripple
    /// operator makes a Single do), `observer` gets `.failure(RxError.noElements)`
    /// where RxSwift would stop the program in debug builds.
    ///
    /// ```swift
    /// Single.just(1).subscribe { print($0) }   // success(1)
    /// ```
    ///
    /// - Parameters:
    ///   - observer: Called with the one event: on the actor it was written on if it is
    ///     isolated to one (an event sent elsewhere hops there first), otherwise where
    ///     the event is sent.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        let stopped = StopFlag()
        return primitiveSequence.asObservable().subscribe({ event in
            guard stopped.stop() else { return }
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: observer(.failure(RxError.noElements))
            }
        }, isolation: isolation)
    }

    /// Subscribes closures for success and failure; `onDisposed` runs once, after the
    /// Single ends or the subscription is disposed. Without `onFailure`, an error goes
    /// to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// fetchUser().subscribe(
    ///     onSuccess: { print("hello", $0) },
    ///     onFailure: { print("failed", $0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onFailure: Called with the error; without it the error goes to ``Hooks/defaultErrorHandler``.
    ///   - onDisposed: Called once, after the Single ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     (main-actor code, say) run on it: a result sent elsewhere hops there first,
    ///     and `onDisposed` runs there too. Closures written in nonisolated code run
    ///     where the result is sent (or where the subscription is disposed).
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = isolatedAction(onDisposed, isolation).map { Disposables.create(with: $0) as Disposable } ?? Disposables.create()
        let subscription = subscribe({ (event: SingleEvent<Element>) in
            switch event {
            case .success(let element):
                onSuccess?(element)
            case .failure(let error):
                if let onFailure {
                    onFailure(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
            }
            disposable.dispose()
        }, isolation: isolation)
        return Disposables.create(subscription, disposable)
    }

    /// The RxSwift 5 spelling of ``subscribe(onSuccess:onFailure:onDisposed:isolation:)``.
    ///
    /// ```swift
    /// fetchUser().subscribe(onSuccess: { print($0) }, onError: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once, after the Single ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onSuccess:onFailure:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, isolation: isolation)
    }

    /// Subscribes closures that also receive `object`, held weakly: once it is gone,
    /// the closures are no longer called.
    ///
    /// ```swift
    /// fetchUser().subscribe(with: self, onSuccess: { owner, user in owner.show(user) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onSuccess: Called with `object` and the element.
    ///   - onFailure: Called with `object` and the error.
    ///   - onDisposed: Called with `object` once, after the Single ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onSuccess:onFailure:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        subscribe(
            onSuccess: weakly(object, onSuccess),
            onFailure: weakly(object, onFailure),
            onDisposed: weakly(object, onDisposed),
            isolation: isolation
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A Single that succeeds with `element` on subscription.
    ///
    /// ```
    /// just(1):   (1|)
    /// ```
    ///
    /// ```swift
    /// Single.just(1).subscribe(onSuccess: { print($0) })   // 1
    /// ```
    ///
    /// - Parameter element: The one element to send.
    /// - Returns: A Single that succeeds with `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A Single that succeeds with `element`, sent on `scheduler`.
    ///
    /// ```swift
    /// Single.just(1, scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The one element to send.
    ///   - scheduler: Where the element and completion are sent.
    /// - Returns: A Single that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A Single that fails with `error` on subscription.
    ///
    /// ```
    /// error(e):   #
    /// ```
    ///
    /// ```swift
    /// Single<Int>.error(MyError.offline)
    /// ```
    ///
    /// - Parameter error: The error to send.
    /// - Returns: A Single that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// A Single that never ends.
    ///
    /// ```
    /// never():   ----…
    /// ```
    ///
    /// ```swift
    /// Single<Int>.never()
    /// ```
    ///
    /// - Returns: A Single that neither succeeds nor fails.
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects on the Single's result and lifetime, and passes it through.
    ///
    /// `onSuccess`/`onError` run before the result goes downstream (if they throw, the
    /// thrown error goes instead), `afterSuccess`/`afterError` after it; the other
    /// actions behave as in ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:)``.
    ///
    /// ```
    /// source:                 -(1|)
    /// do(onSuccess: log):     -(1|)      log: 1
    /// ```
    ///
    /// ```swift
    /// fetchUser().do(onSuccess: { print("got", $0) }, onSubscribe: { spinner.start() })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Runs before the element is sent.
    ///   - afterSuccess: Runs after the element is sent.
    ///   - onError: Runs before the error is sent.
    ///   - afterError: Runs after the error is sent.
    ///   - onSubscribe: Runs before the subscription to this Single.
    ///   - onSubscribed: Runs after the subscription to this Single.
    ///   - onDispose: Runs after the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Actions written on an actor
    ///     run on it: events sent elsewhere hop there first, the subscription moves there
    ///     for `onSubscribe` and `onSubscribed`, and `onDispose` runs there too.
    /// - Returns: This Single, unchanged, with the actions run along the way.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: primitiveSequence.source.isolatedDo(
            onNext: onSuccess,
            afterNext: afterSuccess,
            onError: onError,
            afterError: afterError,
            onCompleted: nil,
            afterCompleted: nil,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose,
            isolation: isolation
        ))
    }

    /// Keeps the element if it passes `predicate`, giving a ``Maybe`` that is empty
    /// otherwise.
    ///
    /// ```
    /// source:            -(1|)       -(2|)
    /// filter(even):      -|          -(2|)
    /// ```
    ///
    /// ```swift
    /// fetchAge().filter { $0 >= 18 }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether it is sent: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the element if it passes `predicate`, or empty otherwise.
    public func filter(_ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.perEvent(isolation: isolation) { $0.filter(predicate) })
    }

    /// Transforms the element.
    ///
    /// ```
    /// source:          -(1|)
    /// map { $0 * 10 }: -(10|)
    /// ```
    ///
    /// ```swift
    /// fetchUser().map(\.name)
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Single that succeeds with the transformed element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result, isolation: (any Actor)? = #isolation) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform, isolation: isolation))
    }

    /// Transforms the element, giving a ``Maybe`` that is empty when `transform`
    /// returns `nil`.
    ///
    /// ```
    /// source:              -("1"|)     -("x"|)
    /// compactMap(Int.init): -(1|)      -|
    /// ```
    ///
    /// ```swift
    /// readText().compactMap { Int($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the transformed element, or empty if `transform` returns `nil`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.perEvent(isolation: isolation) { $0.compactMap(transform) })
    }

    /// Continues with the Single that `selector` builds from the element.
    ///
    /// ```
    /// source:                -(1|)
    /// flatMap { just($0+1) }: -(2|)
    /// ```
    ///
    /// ```swift
    /// fetchUserID().flatMap { id in fetchUser(id) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Single with the result of the Single that `selector` returns.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>, isolation: (any Actor)? = #isolation) -> Single<Result> {
        Single(raw: FlatMapOne(source: primitiveSequence.source.delivering(to: isolation), selector: { try selector($0).source }))
    }

    /// Continues with the Maybe that `selector` builds from the element.
    ///
    /// ```
    /// source:                     -(1|)
    /// flatMapMaybe { .empty() }:  -|
    /// ```
    ///
    /// ```swift
    /// fetchUserID().flatMapMaybe { id in cachedUser(id) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps the element to the Maybe to continue with: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the result of the Maybe that `selector` returns.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>, isolation: (any Actor)? = #isolation) -> Maybe<Result> {
        Maybe(raw: FlatMapOne(source: primitiveSequence.source.delivering(to: isolation), selector: { try selector($0).source }))
    }

    /// Continues with the Completable that `selector` builds from the element.
    ///
    /// ```
    /// source:                          -(1|)
    /// flatMapCompletable { save($0) }: -----|
    /// ```
    ///
    /// ```swift
    /// fetchUser().flatMapCompletable { user in save(user) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps the element to the Completable to continue with: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Completable that ends as the Completable that `selector` returns does.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable, isolation: (any Actor)? = #isolation) -> Completable {
        Completable(raw: FlatMapOne(source: primitiveSequence.source.delivering(to: isolation), selector: { try selector($0).source }))
    }

    /// On error, succeeds with `element` instead.
    ///
    /// ```
    /// source:               -#
    /// catchAndReturn(0):    -(0|)
    /// ```
    ///
    /// ```swift
    /// fetchScore().catchAndReturn(0)
    /// ```
    ///
    /// - Parameter element: The element to send, before completing, instead of the error.
    /// - Returns: This Single, or one that succeeds with `element` if this one fails.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// This Single as a ``Maybe`` (which then always has an element or an error).
    ///
    /// ```swift
    /// let maybe: Maybe<Int> = Single.just(1).asMaybe()
    /// ```
    ///
    /// - Returns: A Maybe with this Single's element or error.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// This Single as a ``Completable`` that drops the element.
    ///
    /// ```
    /// source:           -(1|)
    /// asCompletable():  -|
    /// ```
    ///
    /// ```swift
    /// save(user).asCompletable()
    /// ```
    ///
    /// - Returns: A Completable that completes when this Single succeeds, or fails with its error.
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
