/// How a ``Driver`` shares: elements on the main queue, one shared subscription
/// that replays the latest element to new subscribers while it is connected
/// (`share(replay: 1, scope: .whileConnected)`).
///
/// ```swift
/// let driver: SharedSequence<DriverSharingStrategy, Int> = .just(1)
/// ```
public struct DriverSharingStrategy: SharingStrategyProtocol, Sendable {
    /// The main-queue scheduler (``SharingScheduler/make()``).
    public static var scheduler: SchedulerType {
        SharingScheduler.make()
    }

    /// `source.share(replay: 1, scope: .whileConnected)`.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: `source`, shared while it has subscribers, replaying the latest element.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// A shared sequence for state: it never fails, delivers on the main queue, and a new
/// subscriber gets the latest element at once while others are subscribed.
///
/// ```
/// source:      -1---2----3-
/// subscriber1: -1---2----3-
/// subscriber2:    (1)2---3-   (subscribed after 1)
/// ```
///
/// ```swift
/// let name: Driver<String> = field.text.orEmpty.asDriver()
/// name.map { "Hello, \($0)" }.drive(greetingLabel)
/// ```
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension ObservableConvertibleType {
    /// This sequence as a ``Driver`` that delivers on the main queue and, on error,
    /// sends `onErrorJustReturn` and completes.
    ///
    /// ```
    /// source: -1-2-X
    /// result: -1-2-(0|)
    /// ```
    ///
    /// ```swift
    /// let count = api.count.asDriver(onErrorJustReturn: 0)
    /// ```
    ///
    /// - Parameter onErrorJustReturn: The element to send, before completing, instead of an error.
    /// - Returns: A Driver with this sequence's elements, on the main queue.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Driver`` that, on error, continues with `onErrorDriveWith`.
    ///
    /// ```swift
    /// let names = api.names.asDriver(onErrorDriveWith: .just("offline"))
    /// ```
    ///
    /// - Parameter onErrorDriveWith: The Driver to continue with when this sequence fails.
    /// - Returns: A Driver with this sequence's elements, on the main queue, then `onErrorDriveWith`'s on error.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(onErrorDriveWith: onErrorDriveWith)
    }

    /// This sequence as a ``Driver`` that, on error, continues with the Driver
    /// `onErrorRecover` makes from the error.
    ///
    /// ```swift
    /// let status = api.status.asDriver(onErrorRecover: { .just("failed: \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - onErrorRecover: Makes, from the error, the Driver to continue with. Runs on the
    ///     actor it was written on if it is isolated to one (the error, once on the main queue,
    ///     hops there first if that is elsewhere), otherwise on the main queue.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Driver with this sequence's elements, on the main queue, then the recovery Driver's on error.
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>, isolation: (any Actor)? = #isolation) -> Driver<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, isolation: isolation)
    }
}

extension BehaviorRelay {
    /// The relay as a ``Driver``: the current value first, then each accepted one, on
    /// the main queue.
    ///
    /// ```swift
    /// let name: Driver<String> = nameRelay.asDriver()
    /// ```
    ///
    /// - Returns: A Driver with the relay's current value and later ones.
    public func asDriver() -> Driver<Element> {
        Driver(observingOnScheduler: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every event to each of `observers`, on the main queue.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// let binding = name.drive(titleBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element {
        ensureOnMainQueueInDebug("drive(_:)")
        return asSharedSequence().asObservable().subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Sends every event, each element wrapped in an optional, to each of `observers`.
    ///
    /// ```swift
    /// let binding = name.drive(optionalTextBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events, each element as an optional.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element? {
        ensureOnMainQueueInDebug("drive(_:)")
        return asSharedSequence().asObservable().subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers {
                observer.on(wrapped)
            }
        }
    }

    /// Makes every element the current value of each of `relays`.
    ///
    /// ```swift
    /// let binding = count.drive(countRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Makes every element, as an optional, the current value of each of `relays`.
    ///
    /// ```swift
    /// let binding = count.drive(optionalCountRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element to each of `relays`, which keep them for replay.
    ///
    /// ```swift
    /// let binding = messages.drive(historyRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element to each of `relays`.
    ///
    /// ```swift
    /// let binding = taps.drive(tapRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: PublishRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element, as an optional, to each of `relays`, which keep them for
    /// replay.
    ///
    /// ```swift
    /// let binding = messages.drive(optionalHistoryRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element, as an optional, to each of `relays`. (RxCocoa drives
    /// behavior and replay relays only; Ripple also drives publish relays.)
    ///
    /// ```swift
    /// let binding = taps.drive(optionalTapRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(_ relays: PublishRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(_:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Hands this Driver, as an ``Observable``, to `transformation` and returns what
    /// it returns: for binding helpers written as functions of an observable.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// func show(_ titles: Observable<String>) -> Disposable { titles.subscribe(onNext: { print($0) }) }
    /// let binding = title.drive(show)
    /// ```
    ///
    /// - Parameter transformation: Subscribes to the elements, typically.
    /// - Returns: What `transformation` returns.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        ensureOnMainQueueInDebug("drive(_:)")
        return transformation(asSharedSequence().asObservable())
    }

    /// Hands this Driver, as an ``Observable``, to `with`, then `curriedArgument` to
    /// the function `with` returns, and returns its result.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// func show(_ titles: Observable<String>) -> (String) -> Disposable {
    ///     { prefix in titles.subscribe(onNext: { print(prefix + $0) }) }
    /// }
    /// let binding = title.drive(show, curriedArgument: "title: ")
    /// ```
    ///
    /// - Parameters:
    ///   - with: Makes, from the elements, a function that finishes the binding.
    ///   - curriedArgument: The argument passed to the function `with` returns.
    /// - Returns: What the function `with` returns returns.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        ensureOnMainQueueInDebug("drive(_:curriedArgument:)")
        return with(asSharedSequence().asObservable())(curriedArgument)
    }

    /// Subscribes and ignores the elements: keeps the Driver's work running.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// sideEffects.drive().disposed(by: bag)
    /// ```
    ///
    /// - Returns: The subscription; disposing it ends it.
    public func drive() -> any Disposable & Sendable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }

    /// Subscribes closures for elements, completion and disposal, on the main queue.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// let binding = name.drive(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the Driver completes.
    ///   - onDisposed: Called once, after the Driver completes or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it: on the main actor they take the direct road, with one check per
    ///     event, as the Driver delivers on the main queue; on another actor, events hop
    ///     there first, in order, and `onDisposed` runs there too. Closures written in
    ///     nonisolated code run on the main queue.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(onNext:onCompleted:onDisposed:)")
        return asSharedSequence().asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }

    /// Like ``drive(onNext:onCompleted:onDisposed:isolation:)``, with `object` (held weakly)
    /// passed to each closure; once it is gone the closures are no longer called.
    ///
    /// ```swift
    /// name.drive(with: self, onNext: { owner, name in owner.show(name) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - onCompleted: Called with `object` when the Driver completes.
    ///   - onDisposed: Called with `object` once, after the Driver completes or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``drive(onNext:onCompleted:onDisposed:isolation:)``.
    /// - Returns: The subscription; disposing it ends the binding.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("drive(with:onNext:onCompleted:onDisposed:)")
        return asSharedSequence().asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }
}
