import Dispatch
import Ripple

/// A typed publish–subscribe hub: publishers post events by their type, and every
/// subscriber of that type receives them on its own serial line.
///
/// Subscribe with a handler (``subscribe(_:on:handler:isolation:)``, ``subscribeOnMain(_:handler:)``)
/// or as an `Observable` (``events(_:)``) that composes with every operator; publish with
/// ``publish(_:)``. Use ``shared`` for the application-wide bus, or make isolated buses
/// with ``init()`` (one per feature, one per test).
///
/// ```swift
/// struct UserFetchEvent: Sendable {
///     let result: Result<[User], any Error>
/// }
///
/// let render = EventBus.shared.subscribeOnMain(UserFetchEvent.self) { event in
///     view.show(event.result)                 // on the main queue
/// }
/// let log = EventBus.shared.subscribe(UserFetchEvent.self) { event in
///     print("fetched:", event.result)        // on this subscription's own queue
/// }
/// EventBus.shared.publish(UserFetchEvent(result: .success(users)))
/// ```
///
/// ## Guarantees
///
/// Every subscription (a handler or an `events` observer) has its own serial delivery
/// line: an unbounded FIFO buffer drained on the subscription's scheduler.
///
/// - **Exact type.** ``publish(_:)`` reaches the subscribers of exactly its static type
///   `E` (and the subscribers of ``events(matching:)`` and friends whose type the event
///   conforms to). A subscriber of another type receives nothing.
/// - **Order.** A subscriber receives the events published by any one thread in the
///   order that thread published them. Events published by different threads at the
///   same time are delivered in the order the publishes reached the subscriber's buffer.
/// - **No overlap.** A subscriber's handler (or observer) never runs concurrently with
///   itself, even on a concurrent scheduler and with many publishing threads.
/// - **Publish never blocks and never loses.** ``publish(_:)`` appends to each
///   subscriber's buffer and returns; it never waits for a handler (unless the
///   subscriber chose a scheduler that runs work inline, such as `ImmediateScheduler`).
///   The buffer is unbounded, so every event published while a subscription is live is
///   delivered to it unless the subscription is disposed first.
/// - **Disposal.** Before each handler call, the subscription's queue checks an atomic
///   "disposed" flag; that check is the moment a delivery starts. `dispose()` sets the
///   flag before it returns, so once it has returned no delivery starts, events still
///   buffered are dropped, and the handler is released. At most one call, one whose
///   check came before the flag was set, may still be running (or just entering the
///   handler) when `dispose()` returns: `dispose()` does not wait for it, so disposing
///   from inside a handler, or from the main queue for a main-queue subscriber, cannot
///   deadlock.
/// - **Thread safety.** Publishing, subscribing and disposing may happen on any threads
///   at once.
/// - **Snapshot.** Each publish goes to the subscribers registered when it took its
///   snapshot: a subscription made while a publish is in progress may miss that event.
///
/// ## Cost
///
/// A publish takes the bus's lock once, to look up the exact type's subscriber list (a
/// copy-on-write array, so the snapshot is a retain) and the list of protocol
/// subscribers; it then hands the event to each subscriber outside the lock. No lock is
/// held while a handler, an observer or a scheduler runs.
// `@unchecked Sendable`: `exact` and `matching` are read and written only under `lock`.
public final class EventBus: @unchecked Sendable {
    /// The application-wide bus.
    ///
    /// ```swift
    /// EventBus.shared.publish(SessionExpired())
    /// ```
    public static let shared = EventBus()

    private let lock = Lock()
    // Guarded by `lock`. Subscribers by the `ObjectIdentifier` of their event type; each
    // list holds `BusSubscription<E>` of that very `E`. Empty lists are removed.
    private var exact: [ObjectIdentifier: ContiguousArray<AnyBusSubscription>] = [:]
    // Guarded by `lock`. Subscribers that asked for every event conforming to a type.
    private var matching: ContiguousArray<AnyBusSubscription> = []

    /// A new, isolated bus: its events reach only its own subscribers.
    ///
    /// ```swift
    /// let bus = EventBus()
    /// let subscription = bus.subscribe(Int.self) { print($0) }
    /// bus.publish(1)
    /// ```
    public init() {}

    // MARK: - Publishing

    /// Delivers `event` to every current subscriber of exactly type `E`, and to every
    /// current ``events(matching:)``-style subscriber whose type `event` conforms to.
    ///
    /// Returns at once: each subscriber receives the event on its own scheduler, after
    /// the events it was given before. `E` is the static type at the call: publishing a
    /// value through an `any UserEvent` variable reaches the subscribers of
    /// `(any UserEvent).self` (and the matching subscribers), not those of its
    /// concrete type.
    ///
    /// ```swift
    /// bus.publish(UserFetchEvent(result: .success(users)))
    /// ```
    ///
    /// - Parameter event: The event to deliver.
    public func publish<E: Sendable>(_ event: E) {
        let key = ObjectIdentifier(E.self)
        let (subscribers, conforming) = lock.withLock { (exact[key], matching) }
        if let subscribers {
            for subscriber in subscribers {
                unsafeDowncast(subscriber, to: BusSubscription<E>.self).enqueue(event)
            }
        }
        if !conforming.isEmpty {
            let boxed: Any = event
            for subscriber in conforming {
                subscriber.offer(boxed)
            }
        }
    }

    // MARK: - Handlers

    /// Calls `handler` with every event of exactly type `E` published from now until the
    /// returned disposable is disposed.
    ///
    /// The handler runs on `scheduler`, one event at a time and in publication order
    /// (see the type's guarantees). It must be `@Sendable`: it runs on another thread
    /// than the publisher's.
    ///
    /// A handler written on an actor (main-actor code, an actor's method) runs on that
    /// actor: each event is taken, in order, from the subscription's line on `scheduler`
    /// and handed on to the actor, where the handler runs. The actor decides where the
    /// handler runs; the scheduler then only orders the events on their way there.
    /// Disposal still holds: the check before each call is made again on the actor.
    ///
    /// ```swift
    /// let logging = bus.subscribe(UserFetchEvent.self) { event in
    ///     print("fetched:", event.result)
    /// }
    /// // later
    /// logging.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type to receive.
    ///   - scheduler: Where the handler runs. By default, a new serial dispatch queue
    ///     for this subscription alone (``makeSubscriptionScheduler()``), so a slow
    ///     handler delays nobody else. For a handler written on an actor, what orders
    ///     the events on their way to it.
    ///   - handler: Called with each event: on the actor it was written on if it is
    ///     isolated to one (each event hops there from `scheduler`, in order), otherwise
    ///     on `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<E: Sendable>(
        _ type: E.Type,
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E) -> Void,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        register(type, matching: false, scheduler: scheduler, isolation: isolation, deliver: handler)
    }

    /// Calls `handler` on the main queue with every event of exactly type `E` published
    /// from now until the returned disposable is disposed.
    ///
    /// Delivery is always asynchronous (through `MainScheduler.asyncInstance`), even when
    /// publishing from the main queue, so ``publish(_:)`` never runs the handler inline.
    /// The main queue must be running: an app's run loop, `dispatchMain()`, or a
    /// `RunLoop` the program drives.
    ///
    /// ```swift
    /// let rendering = bus.subscribeOnMain(UserFetchEvent.self) { event in
    ///     tableView.reload(with: event.result)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type to receive.
    ///   - handler: Called on the main actor with each event.
    /// - Returns: A disposable that ends the subscription.
    public func subscribeOnMain<E: Sendable>(_ type: E.Type, handler: @escaping @MainActor (E) -> Void) -> any Disposable & Sendable {
        register(type, matching: false, scheduler: MainScheduler.asyncInstance, deliver: Self.onMainActor(handler))
    }

    // MARK: - Observables

    /// Every event of exactly type `E` published while subscribed, as a hot sequence
    /// that never completes; disposing the subscription unsubscribes from the bus.
    ///
    /// Each subscription to the returned sequence is one bus subscriber with the
    /// type's guarantees, delivering on a new serial dispatch queue of its own; use
    /// ``events(_:on:)`` to choose the scheduler, and `observe(on:)` downstream as usual.
    ///
    /// ```swift
    /// bus.events(Int.self)
    ///     .map { $0 * 2 }
    ///     .filter { $0 > 10 }
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { print($0) })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter type: The event type to receive.
    /// - Returns: A hot sequence of the events of type `E`, delivered on a serial queue of each subscription's own.
    public func events<E: Sendable>(_ type: E.Type) -> Observable<E> {
        observable(type, matching: false, scheduler: nil)
    }

    /// Every event of exactly type `E` published while subscribed, delivered on
    /// `scheduler`.
    ///
    /// With `ImmediateScheduler.instance` or `CurrentThreadScheduler.instance` the
    /// observer runs on the publishing thread, before ``publish(_:)`` returns (unless
    /// another thread is delivering to the same subscriber at that moment: then that
    /// thread delivers it, after the events before it).
    ///
    /// ```swift
    /// bus.events(Int.self, on: ImmediateScheduler.instance)
    ///     .subscribe(onNext: { print($0) })   // runs inside publish
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type to receive.
    ///   - scheduler: Where the events are delivered.
    /// - Returns: A hot sequence of the events of type `E`, delivered on `scheduler`.
    public func events<E: Sendable>(_ type: E.Type, on scheduler: ImmediateSchedulerType) -> Observable<E> {
        observable(type, matching: false, scheduler: scheduler)
    }

    // MARK: - Protocol and superclass subscribers

    /// Every published event whose value conforms to `type` (a protocol existential
    /// such as `(any UserEvent).self`, or a class, whose subclasses match too), whatever
    /// type it was published as.
    ///
    /// Otherwise like ``events(_:)``. While matching subscribers exist, every publish
    /// (of any type) tries one dynamic cast (`event as? E`) per matching subscriber; a
    /// failed cast to a protocol costs several times a publish that reaches nobody. A
    /// bus without matching subscribers pays one branch, so exact-type subscriptions
    /// stay the fast path: prefer them for high-rate events.
    ///
    /// ```swift
    /// protocol UserEvent: Sendable {}
    /// struct LoggedIn: UserEvent {}
    /// struct LoggedOut: UserEvent {}
    ///
    /// bus.events(matching: (any UserEvent).self)
    ///     .subscribe(onNext: { print("user event:", $0) })   // LoggedIn and LoggedOut
    /// ```
    ///
    /// - Parameter type: The type the events must conform to (a protocol existential or a class).
    /// - Returns: A hot sequence of the events that conform to `type`, delivered on a serial queue of each subscription's own.
    public func events<E: Sendable>(matching type: E.Type) -> Observable<E> {
        observable(type, matching: true, scheduler: nil)
    }

    /// Every published event whose value conforms to `type`, delivered on `scheduler`;
    /// see ``events(matching:)``.
    ///
    /// - Parameters:
    ///   - type: The type the events must conform to (a protocol existential or a class).
    ///   - scheduler: Where the events are delivered.
    /// - Returns: A hot sequence of the events that conform to `type`, delivered on `scheduler`.
    public func events<E: Sendable>(matching type: E.Type, on scheduler: ImmediateSchedulerType) -> Observable<E> {
        observable(type, matching: true, scheduler: scheduler)
    }

    /// Calls `handler` with every published event whose value conforms to `type`; see
    /// ``events(matching:)`` and ``subscribe(_:on:handler:isolation:)``.
    ///
    /// A handler written on an actor (main-actor code, an actor's method) runs on that
    /// actor: each event is taken, in order, from the subscription's line on `scheduler`
    /// and handed on to the actor, where the handler runs. The actor decides where the
    /// handler runs; the scheduler then only orders the events on their way there.
    /// Disposal still holds: the check before each call is made again on the actor.
    ///
    /// ```swift
    /// let audit = bus.subscribe(matching: (any UserEvent).self) { event in
    ///     print("audit:", event)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the events must conform to (a protocol existential or a class).
    ///   - scheduler: Where the handler runs; by default a new serial dispatch queue for this subscription alone.
    ///     For a handler written on an actor, what orders the events on their way to it.
    ///   - handler: Called with each event: on the actor it was written on if it is
    ///     isolated to one (each event hops there from `scheduler`, in order), otherwise
    ///     on `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<E: Sendable>(
        matching type: E.Type,
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E) -> Void,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        register(type, matching: true, scheduler: scheduler, isolation: isolation, deliver: handler)
    }

    /// Calls `handler` on the main queue with every published event whose value conforms
    /// to `type`; see ``events(matching:)`` and ``subscribeOnMain(_:handler:)``.
    ///
    /// - Parameters:
    ///   - type: The type the events must conform to (a protocol existential or a class).
    ///   - handler: Called on the main actor with each event.
    /// - Returns: A disposable that ends the subscription.
    public func subscribeOnMain<E: Sendable>(matching type: E.Type, handler: @escaping @MainActor (E) -> Void) -> any Disposable & Sendable {
        register(type, matching: true, scheduler: MainScheduler.asyncInstance, deliver: Self.onMainActor(handler))
    }

    // MARK: - Registry

    /// The scheduler a subscription gets when it names none: a new serial dispatch
    /// queue of its own.
    ///
    /// The queue does not target a global queue, so dispatch gives it a thread whenever
    /// it has work (an "overcommit" queue): a handler that blocks holds up only its
    /// own subscription, not the global queues' limited pool of threads that other
    /// subscribers' queues would share.
    ///
    /// ```swift
    /// let subscription = bus.subscribe(Int.self, on: EventBus.makeSubscriptionScheduler()) { print($0) }
    /// ```
    ///
    /// - Returns: A scheduler on a new serial dispatch queue.
    public static func makeSubscriptionScheduler() -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.bus.subscription")
    }

    private func observable<E: Sendable>(_ type: E.Type, matching: Bool, scheduler: ImmediateSchedulerType?) -> Observable<E> {
        Observable.create { [self] observer in
            let scheduler = scheduler ?? EventBus.makeSubscriptionScheduler()
            return register(type, matching: matching, scheduler: scheduler) { observer.onNext($0) }
        }
    }

    private func register<E: Sendable>(
        _ type: E.Type,
        matching: Bool,
        scheduler: ImmediateSchedulerType,
        isolation: (any Actor)? = nil,
        deliver: @escaping (E) -> Void
    ) -> BusSubscription<E> {
        let subscription = BusSubscription(bus: self, scheduler: scheduler, isolation: isolation, deliver: deliver)
        lock.withLock {
            if matching {
                self.matching.append(subscription)
            } else {
                exact[ObjectIdentifier(E.self), default: []].append(subscription)
            }
        }
        return subscription
    }

    /// Takes `subscription` off the bus; later publishes no longer see it.
    func remove<E: Sendable>(_ subscription: BusSubscription<E>) {
        let key = ObjectIdentifier(E.self)
        lock.withLock {
            if let index = matching.firstIndex(where: { $0 === subscription }) {
                matching.remove(at: index)
                return
            }
            guard var list = exact.removeValue(forKey: key) else {
                return
            }
            if let index = list.firstIndex(where: { $0 === subscription }) {
                list.remove(at: index)
            }
            if !list.isEmpty {
                exact[key] = list
            }
        }
    }

    /// Wraps a main-actor handler for delivery by `MainScheduler.asyncInstance`, whose
    /// work runs on the main queue, the main actor's executor.
    private static func onMainActor<E: Sendable>(_ handler: @escaping @MainActor (E) -> Void) -> (E) -> Void {
        { event in
            MainActor.assumeIsolated {
                handler(event)
            }
        }
    }
}
