/// The trait of a sequence that sends at most one element, then completes, or fails.
public enum MaybeTrait: Sendable {}

/// A sequence that succeeds with one element, completes empty, or fails.
///
/// ```swift
/// let cached: Maybe<String> = .empty()
/// cached.subscribe(onSuccess: { print($0) }, onCompleted: { print("nothing") })   // nothing
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` delivers.
///
/// ```swift
/// maybe.subscribe { event in
///     switch event {
///     case .success(let value): print(value)
///     case .error(let error): print(error)
///     case .completed: print("empty")
///     }
/// }
/// ```
public enum MaybeEvent<Element> {
    /// The one element (the sequence then ends).
    case success(Element)
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence ended without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a ``Maybe`` created with `create(subscribe:)` sends its result to.
    ///
    /// `@Sendable`, so it can be called from a callback API's `@Sendable` completion
    /// handler on any queue; only the first event it is given counts.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// Creates a ``Maybe`` from a closure run once per subscriber; the closure sends
    /// one ``MaybeEvent`` and returns a disposable that cancels its work.
    ///
    /// Only the first event the closure sends counts: later ones are dropped.
    ///
    /// ```
    /// create { $0(.success(1)); $0(.completed) }:   (1|)
    /// ```
    ///
    /// ```swift
    /// let cached = Maybe<String>.create { observer in
    ///     if let value = cache["key"] { observer(.success(value)) } else { observer(.completed) }
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
    /// - Returns: A Maybe that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable, isolation: (any Actor)? = #isolation) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }, isolation: isolation, reportedAs: "Maybe")
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one ``MaybeEvent`` this Maybe delivers.
    ///
    /// ```swift
    /// Maybe.just(1).subscribe { print($0) }   // success(1)
    /// ```
    ///
    /// - Parameters:
    ///   - observer: Called with the one event: on the actor it was written on if it is
    ///     isolated to one (an event sent elsewhere hops there first), otherwise where
    ///     the event is sent.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        let stopped = StopFlag()
        return primitiveSequence.asObservable().subscribe({ event in
            guard stopped.stop() else { return }
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }, isolation: isolation)
    }

    /// Subscribes closures for the element, an error and an empty completion;
    /// `onDisposed` runs once, after the Maybe ends or the subscription is disposed.
    /// Without `onError`, an error goes to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// cachedUser().subscribe(
    ///     onSuccess: { print("cached", $0) },
    ///     onError: { print("failed", $0) },
    ///     onCompleted: { print("not cached") })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error; without it the error goes to ``Hooks/defaultErrorHandler``.
    ///   - onCompleted: Called when the Maybe completes without an element.
    ///   - onDisposed: Called once, after the Maybe ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     (main-actor code, say) run on it: a result sent elsewhere hops there first,
    ///     and `onDisposed` runs there too. Closures written in nonisolated code run
    ///     where the result is sent (or where the subscription is disposed).
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = isolatedAction(onDisposed, isolation).map { Disposables.create(with: $0) as Disposable } ?? Disposables.create()
        let subscription = subscribe({ (event: MaybeEvent<Element>) in
            switch event {
            case .success(let element):
                onSuccess?(element)
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
    /// cachedUser().subscribe(with: self, onSuccess: { owner, user in owner.show(user) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onSuccess: Called with `object` and the element.
    ///   - onError: Called with `object` and the error.
    ///   - onCompleted: Called with `object` when the Maybe completes without an element.
    ///   - onDisposed: Called with `object` once, after the Maybe ends or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onSuccess:onError:onCompleted:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        subscribe(
            onSuccess: weakly(object, onSuccess),
            onError: weakly(object, onError),
            onCompleted: weakly(object, onCompleted),
            onDisposed: weakly(object, onDisposed),
            isolation: isolation
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A Maybe that succeeds with `element` on subscription.
    ///
    /// ```
    /// just(1):   (1|)
    /// ```
    ///
    /// ```swift
    /// Maybe.just(1)
    /// ```
    ///
    /// - Parameter element: The one element to send.
    /// - Returns: A Maybe that succeeds with `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A Maybe that succeeds with `element`, sent on `scheduler`.
    ///
    /// ```swift
    /// Maybe.just(1, scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The one element to send.
    ///   - scheduler: Where the element and completion are sent.
    /// - Returns: A Maybe that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A Maybe that fails with `error` on subscription.
    ///
    /// ```
    /// error(e):   #
    /// ```
    ///
    /// ```swift
    /// Maybe<Int>.error(MyError.offline)
    /// ```
    ///
    /// - Parameter error: The error to send.
    /// - Returns: A Maybe that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// A Maybe that never ends.
    ///
    /// ```
    /// never():   ----…
    /// ```
    ///
    /// ```swift
    /// Maybe<Int>.never()
    /// ```
    ///
    /// - Returns: A Maybe that never sends an event.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    /// A Maybe that completes empty on subscription.
    ///
    /// ```
    /// empty():   |
    /// ```
    ///
    /// ```swift
    /// Maybe<Int>.empty()
    /// ```
    ///
    /// - Returns: A Maybe that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects on the Maybe's events and lifetime, and passes them through,
    /// as ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:)``
    /// does.
    ///
    /// ```
    /// source:              -(1|)
    /// do(onNext: log):     -(1|)      log: 1
    /// ```
    ///
    /// ```swift
    /// cachedUser().do(onNext: { print("hit", $0) }, onCompleted: { print("miss") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Runs before each element is sent.
    ///   - afterNext: Runs after each element is sent.
    ///   - onError: Runs before the error is sent.
    ///   - afterError: Runs after the error is sent.
    ///   - onCompleted: Runs before completion is sent.
    ///   - afterCompleted: Runs after completion is sent.
    ///   - onSubscribe: Runs before the subscription to this sequence.
    ///   - onSubscribed: Runs after the subscription to this sequence.
    ///   - onDispose: Runs after the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Actions written on an actor
    ///     run on it: events sent elsewhere hop there first, the subscription moves there
    ///     for `onSubscribe` and `onSubscribed`, and `onDispose` runs there too.
    /// - Returns: This Maybe, unchanged, with the actions run along the way.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.isolatedDo(
            onNext: onNext,
            afterNext: afterNext,
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

    /// Keeps the element if it passes `predicate`; otherwise completes empty.
    ///
    /// ```
    /// source:          -(1|)
    /// filter(even):    -|
    /// ```
    ///
    /// ```swift
    /// cachedAge().filter { $0 >= 18 }
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

    /// Transforms the element, if there is one.
    ///
    /// ```
    /// source:           -(1|)
    /// map { $0 * 10 }:  -(10|)
    /// ```
    ///
    /// ```swift
    /// cachedUser().map(\.name)
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the transformed element, or empty if this one is.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result, isolation: (any Actor)? = #isolation) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform, isolation: isolation))
    }

    /// Transforms the element; completes empty when `transform` returns `nil`.
    ///
    /// ```
    /// source:                -("x"|)
    /// compactMap(Int.init):  -|
    /// ```
    ///
    /// ```swift
    /// cachedText().compactMap { Int($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the transformed element, or empty if this one is or `transform` returns `nil`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.perEvent(isolation: isolation) { $0.compactMap(transform) })
    }

    /// Continues with the Maybe that `selector` builds from the element; an empty
    /// source completes empty.
    ///
    /// ```
    /// source:                  -(1|)
    /// flatMap { just($0+1) }:  -(2|)
    /// ```
    ///
    /// ```swift
    /// cachedUserID().flatMap { id in cachedUser(id) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe with the result of the Maybe that `selector` returns, or empty if this one is.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>, isolation: (any Actor)? = #isolation) -> Maybe<Result> {
        Maybe(raw: FlatMapOne(source: primitiveSequence.source.delivering(to: isolation), selector: { try selector($0).source }))
    }

    /// Succeeds with `default` if the Maybe completes empty.
    ///
    /// ```
    /// source:               --|
    /// ifEmpty(default: 0):  --(0|)
    /// ```
    ///
    /// ```swift
    /// cachedScore().ifEmpty(default: 0)
    /// ```
    ///
    /// - Parameter default: The element to send when the source has none.
    /// - Returns: A Single with this Maybe's element, or `default` if it completes empty.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` if the Maybe completes empty.
    ///
    /// ```
    /// source:              --|
    /// other:                 -(1|)
    /// ifEmpty(switchTo:):  ---(1|)
    /// ```
    ///
    /// ```swift
    /// cachedUser().ifEmpty(switchTo: otherCache())
    /// ```
    ///
    /// - Parameter other: The Maybe to subscribe to when this one completes empty.
    /// - Returns: This Maybe, or `other` if this one completes empty.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Continues with `other` if the Maybe completes empty.
    ///
    /// ```
    /// source:              --|
    /// other:                 -(1|)
    /// ifEmpty(switchTo:):  ---(1|)
    /// ```
    ///
    /// ```swift
    /// cachedUser().ifEmpty(switchTo: fetchUser())
    /// ```
    ///
    /// - Parameter other: The Single to subscribe to when this Maybe completes empty.
    /// - Returns: A Single with this Maybe's element, or `other`'s result if this one completes empty.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// On error, succeeds with `element` instead.
    ///
    /// ```
    /// source:               -#
    /// catchAndReturn(0):    -(0|)
    /// ```
    ///
    /// ```swift
    /// cachedScore().catchAndReturn(0)
    /// ```
    ///
    /// - Parameter element: The element to send, before completing, instead of the error.
    /// - Returns: This Maybe, or one that succeeds with `element` if this one fails.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }
}

extension MaybeEvent: Sendable where Element: Sendable {}
