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
    /// - Parameter subscribe: Called for each subscriber with the closure to send the one event to; returns a disposable that cancels the work.
    /// - Returns: A Single that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
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
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> any Disposable & Sendable {
        let stopped = StopFlag()
        return primitiveSequence.asObservable().subscribe { event in
            guard stopped.stop() else { return }
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: observer(.failure(RxError.noElements))
            }
        }
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
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable & Sendable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = onDisposed.map { Disposables.create(with: $0) as Disposable } ?? Disposables.create()
        let subscription = subscribe { (event: SingleEvent<Element>) in
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
        }
        return Disposables.create(subscription, disposable)
    }

    /// The RxSwift 5 spelling of ``subscribe(onSuccess:onFailure:onDisposed:)``.
    ///
    /// ```swift
    /// fetchUser().subscribe(onSuccess: { print($0) }, onError: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once, after the Single ends or the subscription is disposed.
    /// - Returns: A disposable that cancels the subscription.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable & Sendable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
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
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable & Sendable {
        subscribe(
            onSuccess: weakly(object, onSuccess),
            onFailure: weakly(object, onFailure),
            onDisposed: weakly(object, onDisposed)
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
    /// actions behave as in ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
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
    /// - Returns: This Single, unchanged, with the actions run along the way.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(raw: primitiveSequence.source.do(
            onNext: onSuccess,
            afterNext: afterSuccess,
            onError: onError,
            afterError: afterError,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
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
    /// - Parameter predicate: Decides, for each element, whether it is sent.
    /// - Returns: A Maybe with the element if it passes `predicate`, or empty otherwise.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
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
    /// - Parameter transform: Called once for each element, on the thread that sent it.
    /// - Returns: A Single that succeeds with the transformed element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform))
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
    /// - Parameter transform: Called once for each element, on the thread that sent it.
    /// - Returns: A Maybe with the transformed element, or empty if `transform` returns `nil`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
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
    /// - Parameter selector: Maps an element to the sequence whose elements to send.
    /// - Returns: A Single with the result of the Single that `selector` returns.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: FlatMapOne(source: primitiveSequence.source, selector: { try selector($0).source }))
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
    /// - Parameter selector: Maps the element to the Maybe to continue with.
    /// - Returns: A Maybe with the result of the Maybe that `selector` returns.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: FlatMapOne(source: primitiveSequence.source, selector: { try selector($0).source }))
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
    /// - Parameter selector: Maps the element to the Completable to continue with.
    /// - Returns: A Completable that ends as the Completable that `selector` returns does.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: FlatMapOne(source: primitiveSequence.source, selector: { try selector($0).source }))
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
