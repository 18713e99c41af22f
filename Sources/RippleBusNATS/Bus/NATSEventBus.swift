import Dispatch
import FoundationEssentials
import Ripple
import RippleBus

/// RippleBus's `EventBus` across processes: typed events published in one process reach
/// the subscribers of that type in every process connected to the same NATS server.
///
/// Each event type has a subject, `<subjectPrefix>.<busName>` (``subject(for:)``), and
/// travels as a JSON envelope of its name, schema version and payload. Subscribers
/// have the in-process bus's shape: a handler on a serial queue of its own
/// (``subscribe(_:queueGroup:on:handler:isolation:)``), one on the main queue
/// (``subscribeOnMain(_:queueGroup:handler:)``), or an `Observable` (``events(_:)``).
///
/// ```swift
/// struct UserFetched: BusEvent {
///     let names: [String]
/// }
///
/// let bus = try await NATSEventBus.connect(to: "nats://127.0.0.1:4222")
/// let log = try bus.subscribe(UserFetched.self) { print("fetched", $0.names) }
/// try bus.publish(UserFetched(names: ["Ana"]))    // any process on this server sees it
/// ```
///
/// ## Guarantees
///
/// - **At most once.** A plain subscription receives the events published while it is
///   subscribed at the server and the connection is up; an event is delivered once or,
///   if a connection drops while it is in flight, not at all.
/// - **Order.** Events from one publishing connection reach a subscriber in the order
///   they were published (NATS keeps per-connection order); a subscriber's handler runs
///   one event at a time (its own serial queue by default), never overlapping itself.
/// - **Nothing after dispose.** Once `dispose()` returns, no delivery starts; the server
///   is told to unsubscribe.
/// - **Bounded buffers.** Each subscription holds at most ``subscriptionBufferLimit``
///   undelivered messages and ``subscriptionBufferByteLimit`` bytes of their payloads,
///   those waiting in the queue of a handler's actor included;
///   further messages are dropped and reported, as they are dropped, as
///   ``NATSBusError/slowConsumer(subject:dropped:)`` on ``errors``. While disconnected,
///   publishes wait in the connection's bounded reconnect buffer; beyond it ``publish(_:)``
///   throws ``NATSError/reconnectBufferFull(limit:)``.
/// - **Bad messages do not end a subscription.** A message that does not decode, names
///   another type or a newer schema version is reported on ``errors`` with its subject, and
///   the subscription goes on.
public final class NATSEventBus: Sendable {
    /// The connection the bus publishes and subscribes on.
    public let connection: NATSConnection
    /// The first subject token(s) of every event type's subject.
    public let subjectPrefix: String
    /// The most undelivered messages a subscription holds before dropping new ones.
    public let subscriptionBufferLimit: Int
    /// The most bytes of undelivered payloads a subscription holds before dropping new
    /// messages (64 MB by default): with large events the count alone bounds nothing.
    public let subscriptionBufferByteLimit: Int

    private let errorSubject = PublishSubject<NATSBusError>()
    // Serializes reports from every subscription's queue into `errorSubject`.
    private let reporter = DispatchQueue(label: "ripple.nats.bus.errors")
    private let forwarding = LockedValue<(any Disposable)?>(nil)
    // Each event type's subject and `busName`, worked out on its first use: both are
    // needed for every publish, and `busName` is by default `String(describing:)`.
    private let names = LockedValue<[ObjectIdentifier: (subject: String, busName: String)]>([:])
    // Whether each subscription made so far has nothing left to deliver (`true` once it
    // is gone), for `drain`; entries of released subscriptions are pruned as new ones come.
    private let idleChecks = LockedValue<[@Sendable () -> Bool?]>([])

    /// A bus on an open connection.
    ///
    /// ```swift
    /// let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:4222")
    /// let bus = try NATSEventBus(connection: connection, subjectPrefix: "shop.events")
    /// ```
    ///
    /// - Parameters:
    ///   - connection: The connection to use; ``close()`` closes it.
    ///   - subjectPrefix: The first token(s) of every event subject; buses that should
    ///     hear each other use the same prefix.
    ///   - subscriptionBufferLimit: The most undelivered messages per subscription
    ///     (see the type's guarantees).
    ///   - subscriptionBufferByteLimit: The most bytes of undelivered payloads per subscription.
    /// - Throws: ``NATSError/invalidSubject(_:)`` for a prefix that is not a subject,
    ///   ``NATSError/invalidOption(_:)`` for a limit that is not positive.
    public init(
        connection: NATSConnection,
        subjectPrefix: String = "ripple.bus",
        subscriptionBufferLimit: Int = 65_536,
        subscriptionBufferByteLimit: Int = 64 * 1024 * 1024
    ) throws(NATSError) {
        try Self.validate(subjectPrefix: subjectPrefix, subscriptionBufferLimit: subscriptionBufferLimit, subscriptionBufferByteLimit: subscriptionBufferByteLimit)
        self.connection = connection
        self.subjectPrefix = subjectPrefix
        self.subscriptionBufferLimit = subscriptionBufferLimit
        self.subscriptionBufferByteLimit = subscriptionBufferByteLimit
        let subscription = connection.errors.subscribe(
            onNext: { [reporter, errorSubject] error in reporter.async { errorSubject.onNext(.connection(error)) } },
            onCompleted: { [reporter, errorSubject] in reporter.async { errorSubject.onCompleted() } }
        )
        forwarding.withLock { $0 = subscription }
    }

    /// Connects to the server at `url` and makes a bus on the connection.
    ///
    /// ```swift
    /// var options = NATSConnectionOptions(name: "feed-worker")
    /// options.user = "feed"
    /// options.password = "secret"
    /// let bus = try await NATSEventBus.connect(to: "nats://127.0.0.1:4222", options: options)
    /// ```
    ///
    /// - Parameters:
    ///   - url: `nats://host:port`, optionally with credentials; several, separated by
    ///     commas, for a cluster.
    ///   - options: Name, credentials, timeouts and reconnect policy.
    ///   - subjectPrefix: The first token(s) of every event subject.
    ///   - subscriptionBufferLimit: The most undelivered messages per subscription.
    ///   - subscriptionBufferByteLimit: The most bytes of undelivered payloads per subscription.
    /// - Returns: The bus, connected.
    /// - Throws: What ``NATSConnection/connect(to:options:)-(String,_)`` throws; a bad prefix or
    ///   limit is refused before connecting (see ``init(connection:subjectPrefix:subscriptionBufferLimit:subscriptionBufferByteLimit:)``).
    public static func connect(
        to url: String,
        options: NATSConnectionOptions = NATSConnectionOptions(),
        subjectPrefix: String = "ripple.bus",
        subscriptionBufferLimit: Int = 65_536,
        subscriptionBufferByteLimit: Int = 64 * 1024 * 1024
    ) async throws -> NATSEventBus {
        try await connect(
            to: [url],
            options: options,
            subjectPrefix: subjectPrefix,
            subscriptionBufferLimit: subscriptionBufferLimit,
            subscriptionBufferByteLimit: subscriptionBufferByteLimit
        )
    }

    /// Connects to one of the servers at `urls` and makes a bus on the connection (see
    /// ``NATSConnection/connect(to:options:)-([String],_)`` for the pool of servers and failover).
    ///
    /// ```swift
    /// let bus = try await NATSEventBus.connect(to: ["nats://10.0.0.1:4222", "nats://10.0.0.2:4222"])
    /// ```
    ///
    /// - Parameters:
    ///   - urls: The servers; at least one.
    ///   - options: Name, credentials, timeouts, reconnect policy and server order.
    ///   - subjectPrefix: The first token(s) of every event subject.
    ///   - subscriptionBufferLimit: The most undelivered messages per subscription.
    ///   - subscriptionBufferByteLimit: The most bytes of undelivered payloads per subscription.
    /// - Returns: The bus, connected.
    /// - Throws: What ``NATSConnection/connect(to:options:)-([String],_)`` throws, or a bad prefix or limit.
    public static func connect(
        to urls: [String],
        options: NATSConnectionOptions = NATSConnectionOptions(),
        subjectPrefix: String = "ripple.bus",
        subscriptionBufferLimit: Int = 65_536,
        subscriptionBufferByteLimit: Int = 64 * 1024 * 1024
    ) async throws -> NATSEventBus {
        try validate(subjectPrefix: subjectPrefix, subscriptionBufferLimit: subscriptionBufferLimit, subscriptionBufferByteLimit: subscriptionBufferByteLimit)
        return try NATSEventBus(
            connection: try await NATSConnection.connect(to: urls, options: options),
            subjectPrefix: subjectPrefix,
            subscriptionBufferLimit: subscriptionBufferLimit,
            subscriptionBufferByteLimit: subscriptionBufferByteLimit
        )
    }

    /// Checks the bus's arguments; ``connect(to:options:subjectPrefix:subscriptionBufferLimit:subscriptionBufferByteLimit:)-(String,_,_,_,_)``
    /// does it before connecting, so a refused argument leaves no connection open.
    private static func validate(subjectPrefix: String, subscriptionBufferLimit: Int, subscriptionBufferByteLimit: Int) throws(NATSError) {
        guard Subject.isValid(subjectPrefix, allowWildcards: false) else {
            throw .invalidSubject(subjectPrefix)
        }
        guard subscriptionBufferLimit > 0 else {
            throw .invalidOption("subscriptionBufferLimit must be positive, not \(subscriptionBufferLimit)")
        }
        guard subscriptionBufferByteLimit > 0 else {
            throw .invalidOption("subscriptionBufferByteLimit must be positive, not \(subscriptionBufferByteLimit)")
        }
    }

    /// The subject events of type `E` travel on: `<subjectPrefix>.<busName>`, with each
    /// dot-separated part of the name made a valid token (characters other than letters,
    /// digits, `_` and `-` become `_`).
    ///
    /// ```swift
    /// bus.subject(for: UserFetched.self)   // "ripple.bus.UserFetched"
    /// ```
    ///
    /// - Parameter type: The event type.
    /// - Returns: The subject.
    public func subject<E: BusEvent>(for type: E.Type) -> String {
        names(of: E.self).subject
    }

    /// `E`'s subject and `busName`, from the cache after the first time.
    private func names<E: BusEvent>(of type: E.Type) -> (subject: String, busName: String) {
        if let known = names.withLock({ $0[ObjectIdentifier(E.self)] }) {
            return known
        }
        let busName = E.busName
        let tokens = busName.split(separator: ".", omittingEmptySubsequences: true).map { Subject.token(from: String($0)) }
        let subject = ([subjectPrefix] + (tokens.isEmpty ? ["_"] : tokens)).joined(separator: ".")
        names.withLock { $0[ObjectIdentifier(E.self)] = (subject, busName) }
        return (subject, busName)
    }

    // MARK: - Publishing

    /// Publishes `event` to every subscriber of its type on the server.
    ///
    /// Returns once the message is written to the socket (or, while reconnecting, kept
    /// in the reconnect buffer). At most once: see the type's guarantees.
    ///
    /// ```swift
    /// try bus.publish(UserFetched(names: ["Ana", "Bo"]))
    /// ```
    ///
    /// - Parameter event: The event.
    /// - Throws: ``NATSError/payloadTooLarge(size:max:)``,
    ///   ``NATSError/reconnectBufferFull(limit:)``, ``NATSError/closed``, or the
    ///   event's encoding error.
    public func publish<E: BusEvent>(_ event: E) throws {
        let (subject, busName) = names(of: E.self)
        try connection.publish(try EnvelopeCoding.encode(event, name: busName), to: subject)
    }

    // MARK: - Subscribing

    /// Calls `handler` with every event of type `E` published on the server from now
    /// until the returned disposable is disposed.
    ///
    /// A handler written on an actor (main-actor code, an actor's method) runs on that
    /// actor: each event is decoded, in order, on `scheduler` and handed on to the actor,
    /// where the handler runs; the scheduler then only orders the events.
    ///
    /// ```swift
    /// let worker = try bus.subscribe(Job.self, queueGroup: "workers") { job in
    ///     run(job)     // each job reaches one member of "workers"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - queueGroup: A queue group to join: each event goes to one member of the
    ///     group (across all processes) instead of to every subscriber.
    ///   - scheduler: Where the handler runs; by default a new serial queue of its own.
    ///     For a handler written on an actor, what orders the events on their way to it.
    ///   - handler: Called with each event: on the actor it was written on if it is
    ///     isolated to one (each event hops there from `scheduler`, in order), otherwise
    ///     on `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that ends the subscription.
    /// - Throws: ``NATSError/closed`` or ``NATSError/invalidSubject(_:)`` (a bad group name).
    public func subscribe<E: BusEvent>(
        _ type: E.Type,
        queueGroup: String? = nil,
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E) -> Void,
        isolation: (any Actor)? = #isolation
    ) throws -> any Disposable & Sendable {
        try attach(type, queueGroup: queueGroup, scheduler: scheduler, isolation: isolation) { event, _ in handler(event) }
    }

    /// Calls `handler` on the main queue with every event of type `E` published from now
    /// until the returned disposable is disposed. The main queue must be running.
    ///
    /// ```swift
    /// let render = try bus.subscribeOnMain(UserFetched.self) { view.show($0.names) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - queueGroup: A queue group to join, if any.
    ///   - handler: Called on the main actor with each event.
    /// - Returns: A disposable that ends the subscription.
    /// - Throws: ``NATSError/closed`` or ``NATSError/invalidSubject(_:)``.
    public func subscribeOnMain<E: BusEvent>(
        _ type: E.Type,
        queueGroup: String? = nil,
        handler: @escaping @MainActor (E) -> Void
    ) throws -> any Disposable & Sendable {
        try attach(type, queueGroup: queueGroup, scheduler: MainScheduler.asyncInstance) { event, _ in
            MainActor.assumeIsolated {
                handler(event)
            }
        }
    }

    /// Every event of type `E` published on the server while subscribed, as a hot
    /// sequence that never completes (it fails if the subscription cannot be made).
    ///
    /// ```swift
    /// bus.events(UserFetched.self)
    ///     .map(\.names.count)
    ///     .subscribe(onNext: { print($0, "users") })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter type: The event type.
    /// - Returns: The events, on a new serial queue per subscription.
    public func events<E: BusEvent>(_ type: E.Type) -> Observable<E> {
        events(type, queueGroup: nil, on: nil)
    }

    /// Every event of type `E` for this member of `queueGroup` (or every event, with no
    /// group), delivered on `scheduler`.
    ///
    /// ```swift
    /// bus.events(Job.self, queueGroup: "workers", on: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - queueGroup: A queue group to join, if any.
    ///   - scheduler: Where events are delivered; `nil` for a new serial queue per subscription.
    /// - Returns: The events.
    public func events<E: BusEvent>(_ type: E.Type, queueGroup: String?, on scheduler: ImmediateSchedulerType?) -> Observable<E> {
        Observable.create { [self] observer in
            do {
                return try attach(type, queueGroup: queueGroup, scheduler: scheduler ?? EventBus.makeSubscriptionScheduler()) { event, _ in
                    observer.onNext(event)
                }
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }

    /// The errors found while delivering (undecodable messages, newer schema versions,
    /// slow subscribers' drops) and the connection's errors. Completes when the
    /// connection closes.
    ///
    /// ```swift
    /// bus.errors.subscribe(onNext: { print("bus:", $0) })
    /// ```
    public var errors: Observable<NATSBusError> {
        errorSubject.asObservable()
    }

    /// The connection's state: `connecting`, `connected`, `reconnecting`, `closed`.
    ///
    /// ```swift
    /// bus.state.subscribe(onNext: { print("bus is", $0) })
    /// ```
    public var state: Observable<NATSConnectionState> {
        connection.state
    }

    // MARK: - Request/reply

    /// Sends `request` to the responders of its type and emits the first answer, decoded
    /// as `Response`.
    ///
    /// Fails with ``NATSError/noResponders(subject:)`` when none listens,
    /// ``NATSError/timeout`` after `timeout`, ``NATSBusError/remote(subject:message:)`` when
    /// the responder's handler threw, or a ``NATSBusError`` when the answer does not decode.
    ///
    /// ```swift
    /// bus.request(Quote.Request(symbol: "ACME"), expecting: Quote.self)
    ///     .subscribe(onSuccess: { print($0.price) })
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request event.
    ///   - responseType: The answer's type.
    ///   - timeout: How long to wait.
    /// - Returns: A `Single` of the answer; each subscription sends the request anew.
    public func request<Request: BusEvent, Response: BusEvent>(
        _ request: Request,
        expecting responseType: Response.Type,
        timeout: Duration = .seconds(5)
    ) -> Single<Response> {
        let payload: [UInt8]
        do {
            payload = try EnvelopeCoding.encode(request)
        } catch {
            return Single.error(error)
        }
        let subject = subject(for: Request.self)
        return connection.request(payload, to: subject, timeout: timeout).map { message in
            // The answer arrives on this connection's inbox, a name that means nothing to
            // the caller: its errors name the request's subject instead.
            let answer = NATSMessage(subject: subject, sid: message.sid, replyTo: message.replyTo, headers: message.headers, payload: message.payload)
            return try EnvelopeCoding.decode(Response.self, from: answer, using: JSONDecoder()).get()
        }
    }

    /// Answers every request of type `Request` with `handler`'s result (or, if it
    /// throws, with a failure the requester receives as
    /// ``NATSBusError/remote(subject:message:)``).
    ///
    /// A handler written on an actor runs on that actor: each request is decoded, in
    /// order, on `scheduler` and handed on to the actor, where the handler runs and the
    /// answer is sent; the scheduler then only orders the requests.
    ///
    /// ```swift
    /// let quotes = try bus.reply(to: Quote.Request.self, queueGroup: "quotes") { request in
    ///     Quote(symbol: request.symbol, price: prices[request.symbol] ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - requestType: The request type.
    ///   - queueGroup: A queue group, so each request is answered by one responder.
    ///   - scheduler: Where `handler` runs; by default a new serial queue of its own.
    ///     For a handler written on an actor, what orders the requests on their way to it.
    ///   - handler: Computes the answer: on the actor it was written on if it is isolated
    ///     to one (each request hops there from `scheduler`, in order), otherwise on
    ///     `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that stops answering.
    public func reply<Request: BusEvent, Response: BusEvent>(
        to requestType: Request.Type,
        queueGroup: String? = nil,
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (Request) throws -> Response,
        isolation: (any Actor)? = #isolation
    ) throws -> any Disposable & Sendable {
        try attach(requestType, queueGroup: queueGroup, scheduler: scheduler, isolation: isolation) { [connection, errorSubject, reporter] request, message in
            guard let replyTo = message.replyTo else {
                return
            }
            let answer: [UInt8]
            do {
                answer = try EnvelopeCoding.encode(handler(request))
            } catch {
                answer = EnvelopeCoding.encodeFailure(error)
            }
            do throws(NATSError) {
                try connection.publish(answer, to: replyTo)
            } catch {
                reporter.async { errorSubject.onNext(.connection(error)) }
            }
        }
    }

    // MARK: - Lifetime

    /// Waits until the server has processed everything this bus sent before the call,
    /// subscriptions included.
    ///
    /// ```swift
    /// _ = try bus.subscribe(Ping.self) { _ in }
    /// try await bus.flush()    // the server now routes Ping events to it
    /// ```
    ///
    /// - Parameter timeout: How long to wait.
    public func flush(timeout: Duration = .seconds(5)) async throws {
        try await connection.flush(timeout: timeout)
    }

    /// Closes the bus without losing what is on its way: its subscriptions stop at the
    /// server, the events already sent to them are delivered (their handlers run, and
    /// durable ones acknowledge them), what was published is sent and the server has it,
    /// then the connection closes; ``errors`` completes.
    ///
    /// Subscribing throws ``NATSError/closed`` from its start. It waits for each
    /// subscription's handler to have taken its last event (on its scheduler, or on its
    /// actor for a handler isolated to one); the handler may still be running on it.
    ///
    /// ```swift
    /// try await bus.drain()
    /// ```
    ///
    /// - Parameter timeout: How long each wait may take: for the server (twice), and for
    ///   the subscriptions' handlers.
    /// - Throws: ``NATSError/timeout`` when one of the waits took longer (the bus is closed
    ///   all the same), ``NATSError/closed`` if it was already. Either way the connection's
    ///   state is ``NATSConnectionState/closed`` when it returns.
    public func drain(timeout: Duration = .seconds(5)) async throws {
        do {
            try await connection.drainSubscriptions(timeout: timeout)
            let deadline = ContinuousClock.now + timeout
            while !idleChecks.withLock({ checks in checks.allSatisfy { $0() ?? true } }) {
                if ContinuousClock.now >= deadline {
                    throw NATSError.timeout
                }
                try? await Task.sleep(for: .milliseconds(2))
            }
            try await connection.flush(timeout: timeout)
        } catch {
            await connection.closeAndWait()
            throw error
        }
        await connection.closeAndWait()
    }

    /// Closes the connection (see ``NATSConnection/close()``); ``errors`` completes.
    ///
    /// ```swift
    /// bus.close()
    /// ```
    public func close() {
        connection.close()
    }

    /// Sends `error` to ``errors``, in order with the subscriptions' reports.
    func report(_ error: NATSBusError) {
        reporter.async { [errorSubject] in errorSubject.onNext(error) }
    }

    private func attach<E: BusEvent>(
        _ type: E.Type,
        queueGroup: String?,
        scheduler: ImmediateSchedulerType,
        isolation: (any Actor)? = nil,
        deliver: @escaping (E, NATSMessage) -> Void
    ) throws(NATSError) -> NATSBusSubscription<E> {
        try attach(type, subject: subject(for: E.self), queueGroup: queueGroup, scheduler: scheduler, undeliverable: { _ in }, isolation: isolation, deliver: deliver)
    }

    /// Makes a subscription's delivery line and subscribes it to `subject` on the server;
    /// `deliver` runs on the actor of `isolation`, if any.
    func attach<E: BusEvent>(
        _ type: E.Type,
        subject: String,
        queueGroup: String?,
        scheduler: ImmediateSchedulerType,
        undeliverable: @escaping @Sendable (NATSMessage) -> Void,
        isolation: (any Actor)? = nil,
        deliver: @escaping (E, NATSMessage) -> Void
    ) throws(NATSError) -> NATSBusSubscription<E> {
        let subscription = NATSBusSubscription<E>(
            scheduler: scheduler,
            limit: subscriptionBufferLimit,
            byteLimit: subscriptionBufferByteLimit,
            reporter: reporter,
            emit: { [errorSubject] error in errorSubject.onNext(error) },
            undeliverable: undeliverable,
            isolation: isolation,
            deliver: deliver
        )
        do {
            try subscription.attach(to: connection, subject: subject, queueGroup: queueGroup)
        } catch {
            subscription.dispose()
            throw error
        }
        idleChecks.withLock { checks in
            checks.removeAll { $0() == nil }
            checks.append { [weak subscription] in subscription?.isIdle }
        }
        return subscription
    }
}
