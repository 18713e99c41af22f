import Dispatch
import FoundationEssentials
import Glibc
import Ripple

/// A connection to a NATS server, speaking the client protocol over a socket, that
/// reconnects by itself: the transport under ``NATSEventBus``, usable alone for raw bytes.
///
/// One thread of its own reads the server's stream and runs the (re)connect state
/// machine; any thread may publish, subscribe and close. Subscription handlers run on
/// that reader thread, so they must return quickly (the bus's subscriptions only hand
/// the message to their own queue).
///
/// ```swift
/// let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:4222")
/// let subscription = try connection.subscribe(to: "greetings.>") { message in
///     print(message.subject, String(decoding: message.payload, as: UTF8.self))
/// }
/// try connection.publish(Array("hello".utf8), to: "greetings.world")
/// try await connection.flush()
/// subscription.dispose()
/// connection.close()
/// ```
///
/// ## Reconnecting
///
/// When the connection drops, ``state`` becomes ``NATSConnectionState/reconnecting`` and
/// the client retries with exponential backoff (``NATSConnectionOptions/reconnect``), on
/// the next server of its pool when it has several (those given to `connect` and those
/// the cluster announces; see the module's article, "Failover").
/// Meanwhile publishes are kept, up to ``NATSConnectionOptions/reconnectBufferSize``
/// bytes, and sent in order once connected, after the subscriptions are renewed; beyond
/// the bound, ``publish(_:to:replyTo:headers:)`` throws. Refused credentials close the
/// connection at once, with no retry.
public final class NATSConnection: Sendable {
    let options: NATSConnectionOptions
    let hooks: NATSConnectionHooks?
    // Serializes what the connection tells its observers, so `state` and `errors`
    // receive events one at a time, in order, and never under `state`'s lock.
    let announcer = DispatchQueue(label: "ripple.nats.events")
    // Runs the keepalive ticks: a ping written to a server that stopped reading may wait
    // up to the write timeout, which must not hold up announcements or request timeouts.
    let keepalive = DispatchQueue(label: "ripple.nats.keepalive")
    let stateSubject = BehaviorSubject<NATSConnectionState>(value: .connecting)
    let errorSubject = PublishSubject<NATSError>()
    // Wakes the reconnect loop early when the connection is closed during a backoff wait.
    let wakeup = DispatchSemaphore(value: 0)
    // Runs the armed flushes of publishes queued on the transport (see `send`): one at a
    // time, so one write is in flight while the next publishes gather behind it.
    let flusher = DispatchQueue(label: "ripple.nats.flusher")
    // The read loop's thread (`pthread_self`) while it serves, else 0: a publish made
    // there (a handler answering a request) is written by the loop itself once its batch
    // of messages is handled, rather than by a hop to `flusher`.
    let readerThread = AtomicValue<UInt>(0)
    // Set by such a publish (on the read loop's thread only), cleared by the loop's write:
    // the loop writes only what its own handlers owe, never waits on other publishers'.
    let readerOwesFlush = AtomicValue<Bool>(false)

    struct Shared: ~Copyable {
        // Status, current transport, closing, draining (see `ConnectionStateMachine`).
        var machine = ConnectionStateMachine<Transport>()
        // The servers to try, the given ones and those the cluster announced.
        var pool: ServerPool
        // The server of the current (or last) transport: learned servers inherit its
        // credentials, and a lame-duck `INFO` names it.
        var current: ServerAddress?
        var info: NATSServerInfo?
        var subscriptions = SubscriptionTable<@Sendable (NATSMessage) -> Void>()
        var pending: [UInt8] = []
        // Buffered publishes taken out of `pending` by a (re)connection's drain and not
        // yet written: they still count against `reconnectBufferSize`, and go back to the
        // front of `pending` if the write fails.
        var inFlight: [UInt8] = []
        // The pings written and the waiters for their `PONG`s.
        var pings = Keepalive<OnceContinuation>()
        // Request/reply: one wildcard subscription `_INBOX.<id>.*` per connection.
        var inbox = RequestInbox<InboxWaiter>(prefix: "_INBOX." + NATSConnection.randomToken() + ".")
        // The one timer of every request's timeout, armed only under this lock (so the
        // last arming is the inbox's latest decision) for the earliest deadline; it runs
        // on `announcer`, as the timeouts always did.
        let requestTimer: any DispatchSourceTimer
    }

    typealias InboxWaiter = @Sendable (Result<NATSMessage, NATSError>) -> Void

    /// How long a connection must stay up (unless the server answered a ping on it
    /// first) for its loss to start the reconnect backoff over; a shorter one counts as a
    /// failed attempt, so a server that accepts and drops at once is not retried in a loop.
    static let stableConnection: Duration = .seconds(1)

    /// How long ``close()`` may wait for a write in progress and send what is queued.
    static let closeSendBound: Duration = .milliseconds(250)

    let guarded: LockedValue<Shared>
    // Bumped, under `guarded`, whenever a subscription record is added or removed: the
    // read loop keeps its own copy of the handlers and takes the lock only when this moved.
    let subscriptionsVersion = AtomicValue<Int>(0)

    init(pool: ServerPool, options: NATSConnectionOptions, hooks: NATSConnectionHooks?) {
        self.options = options
        self.hooks = hooks
        guarded = LockedValue(Shared(pool: pool, requestTimer: DispatchSource.makeTimerSource(queue: announcer)))
        guarded.withLock { shared in
            shared.requestTimer.setEventHandler { [weak self] in
                self?.expireRequests()
            }
            shared.requestTimer.activate()
        }
    }

    deinit {
        guarded.withLock { $0.requestTimer.cancel() }
    }

    // MARK: - Connecting

    /// Connects to the server at `url` (or to one of a comma-separated list of servers,
    /// as the official clients take them) and completes the handshake.
    ///
    /// The servers of a list are tried in a random order unless
    /// ``NATSConnectionOptions/randomizeServerOrder`` is `false`, and the ones the
    /// cluster announces join them: a lost connection fails over to another server (see
    /// the module's article, "Failover").
    ///
    /// Throws if the first connection fails on every server, each tried once (unreachable, refused credentials,
    /// TLS that fails (``NATSError/tlsFailed(_:)``), a handshake, TLS included, that does
    /// not finish within ``NATSConnectionOptions/connectTimeout``), or an option is out of
    /// range (``NATSError/invalidOption(_:)``); once connected, later losses are handled
    /// by reconnecting.
    ///
    /// ```swift
    /// let connection = try await NATSConnection.connect(to: "nats://user:secret@127.0.0.1:4222")
    /// let clustered = try await NATSConnection.connect(to: "nats://10.0.0.1:4222,nats://10.0.0.2:4222")
    /// ```
    ///
    /// - Parameters:
    ///   - url: `nats://host:port`, optionally with `user:password@` or `token@`;
    ///     `tls://host:port` insists on TLS (see ``NATSTLSOptions``). Several, separated
    ///     by commas, make the pool of servers.
    ///   - options: Name, credentials, timeouts and reconnect policy; credentials here
    ///     override those in the URL.
    /// - Returns: The connected connection.
    public static func connect(to url: String, options: NATSConnectionOptions = NATSConnectionOptions()) async throws -> NATSConnection {
        try await connect(to: [url], options: options, hooks: nil)
    }

    /// Connects to one of the servers at `urls` and completes the handshake: the same as
    /// ``connect(to:options:)-(String,_)`` with the URLs joined by commas.
    ///
    /// ```swift
    /// let connection = try await NATSConnection.connect(to: ["nats://10.0.0.1:4222", "nats://10.0.0.2:4222"])
    /// ```
    ///
    /// - Parameters:
    ///   - urls: The servers (each may itself be a comma-separated list); at least one.
    ///   - options: Name, credentials, timeouts, reconnect policy and server order.
    /// - Returns: The connected connection.
    public static func connect(to urls: [String], options: NATSConnectionOptions = NATSConnectionOptions()) async throws -> NATSConnection {
        try await connect(to: urls, options: options, hooks: nil)
    }

    /// ``connect(to:options:)-(String,_)`` with test hooks (see ``NATSConnectionHooks``).
    static func connect(to url: String, options: NATSConnectionOptions, hooks: NATSConnectionHooks?) async throws -> NATSConnection {
        try await connect(to: [url], options: options, hooks: hooks)
    }

    /// The connection's life, starting with its current state: `connecting`,
    /// `connected`, `reconnecting`, and `closed`, after which the sequence completes.
    ///
    /// ```swift
    /// connection.state.subscribe(onNext: { print("NATS is", $0) })
    /// ```
    public var state: Observable<NATSConnectionState> {
        stateSubject.asObservable()
    }

    /// The state now.
    public var currentState: NATSConnectionState {
        guarded.withLock { $0.machine.status }
    }

    /// Problems found after the fact: the server's `-ERR` lines (such as a permissions
    /// violation), a malformed message skipped, a write past its timeout, each failed
    /// reconnect attempt's reason, refused credentials on reconnect, a server in lame-duck
    /// mode left for another, a reconnect policy that gave up.
    /// Completes when the connection closes.
    ///
    /// ```swift
    /// connection.errors.subscribe(onNext: { print("NATS:", $0) })
    /// ```
    public var errors: Observable<NATSError> {
        errorSubject.asObservable()
    }

    /// The server's latest `INFO` (its version, `max_payload`, what it offers).
    public var serverInfo: NATSServerInfo? {
        guarded.withLock { $0.info }
    }

    /// `host:port` of the server of the current connection, `nil` while there is none.
    var connectedServer: String? {
        guarded.withLock { shared in shared.machine.link == nil ? nil : shared.current.map(ServerPool.Server.key) }
    }

    /// `host:port` of every server in the pool, in the order they would be tried.
    var serverPool: [String] {
        guarded.withLock { $0.pool.servers.map(\.key) }
    }

    // MARK: - Publishing

    /// Sends `payload` to `subject`.
    ///
    /// Connected, it queues the message on the connection's write buffer and returns: a
    /// flush armed by the first message of an empty buffer writes it, with every message
    /// queued meanwhile, in one system call, right after (on the reader thread, in a
    /// handler, the read loop writes it once its batch of messages is handled; see the
    /// module's article, "Buffers and their bounds"). At most once: a message queued or written just
    /// before the connection drops may be lost with it. A publish that finds the write
    /// buffer full writes it itself. Reconnecting, it keeps the message in the reconnect
    /// buffer, sent first once connected. A write the server does not take within
    /// ``NATSConnectionOptions/writeTimeout`` drops the connection, and the message whose
    /// publish made that write goes to the reconnect buffer (or, if it does not fit
    /// there, the call throws ``NATSError/reconnectBufferFull(limit:)``).
    ///
    /// ```swift
    /// try connection.publish(Array("hello".utf8), to: "greetings")
    /// ```
    ///
    /// - Parameters:
    ///   - payload: The message body.
    ///   - subject: Where to publish (no wildcards).
    ///   - replyTo: The subject a responder should answer on.
    ///   - headers: Headers to send with it (`HPUB`).
    /// - Throws: ``NATSError/invalidSubject(_:)`` (also for `replyTo`), ``NATSError/invalidHeader(_:)``,
    ///   ``NATSError/controlLineTooLong(length:limit:)``, ``NATSError/payloadTooLarge(size:max:)``,
    ///   ``NATSError/reconnectBufferFull(limit:)``, ``NATSError/closed``.
    public func publish(_ payload: [UInt8], to subject: String, replyTo: String? = nil, headers: NATSHeaders? = nil) throws(NATSError) {
        try publish(payload, to: subject, replyTo: replyTo, headers: headers, writeNow: false)
    }

    /// Waits until the server has processed everything sent before this call (a `PING`
    /// answered by `PONG`).
    ///
    /// ```swift
    /// try connection.publish(payload, to: "jobs")
    /// try await connection.flush()   // the server has it
    /// ```
    ///
    /// - Parameter timeout: How long to wait for the server.
    /// - Throws: ``NATSError/timeout``, or ``NATSError/closed`` and
    ///   ``NATSError/connectionFailed(_:)`` if the connection ends meanwhile.
    public func flush(timeout: Duration = .seconds(5)) async throws {
        guard let transport = guarded.withLock({ $0.machine.connectedLink }) else {
            throw currentState == .closed ? NATSError.closed : NATSError.connectionFailed("not connected")
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let once = OnceContinuation(continuation)
            do {
                try transport.write(ClientCommand.ping) {
                    guarded.withLock { $0.pings.flushPingSent(once) }
                }
            } catch {
                once.resume(throwing: error)
                return
            }
            announcer.asyncAfter(deadline: .now() + .milliseconds(timeout.milliseconds)) {
                once.resume(throwing: NATSError.timeout)
            }
        }
    }

    // MARK: - Subscribing

    /// Calls `handler` with every message on `subject` until the returned disposable is
    /// disposed.
    ///
    /// The handler runs on the connection's reader thread: it must return quickly (hand
    /// the message to a queue). With a `queueGroup`, each message goes to one member of
    /// the group among all subscribers with that group name. A handler written on an
    /// actor runs on that actor instead: the reader thread hands each message on to it,
    /// in order, and none reaches it once the returned disposable has been disposed there.
    ///
    /// ```swift
    /// let jobs = try connection.subscribe(to: "jobs", queueGroup: "workers") { message in
    ///     queue.async { work(message.payload) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - subject: The subject, wildcards allowed (`orders.*`, `orders.>`).
    ///   - queueGroup: The queue group to join, if any.
    ///   - handler: Called with each message: on the actor it was written on if it is
    ///     isolated to one (each message hops there, in order), otherwise on the reader
    ///     thread.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that unsubscribes.
    /// - Throws: ``NATSError/invalidSubject(_:)`` (also for the queue group: whitespace,
    ///   NUL, a misused wildcard), ``NATSError/controlLineTooLong(length:limit:)``,
    ///   ``NATSError/closed``.
    public func subscribe(
        to subject: String,
        queueGroup: String? = nil,
        handler: @escaping @Sendable (NATSMessage) -> Void,
        isolation: (any Actor)? = #isolation
    ) throws(NATSError) -> any Disposable & Sendable {
        if isolation != nil {
            // The gate, closed first on disposal, stops the messages already handed on.
            let gate = BooleanDisposable()
            let guarded: @Sendable (NATSMessage) -> Void = { message in
                if !gate.isDisposed {
                    handler(message)
                }
            }
            if let isolated = IsolatedHandler(isolation: isolation, handler: guarded) {
                let handle = try addSubscription(to: subject, queueGroup: queueGroup, handler: { message in isolated.send(message) })
                return Disposables.create(gate, handle)
            }
        }
        return try addSubscription(to: subject, queueGroup: queueGroup, handler: handler)
    }

    // MARK: - Request/reply

    /// Publishes `payload` to `subject` with a reply subject of this connection's own and
    /// emits the first answer.
    ///
    /// The `Single` fails with ``NATSError/noResponders(subject:)`` when nobody
    /// subscribes to `subject`, ``NATSError/timeout`` after `timeout`, or the publish's
    /// error. Each subscription to it sends the request again; disposing stops waiting.
    ///
    /// ```swift
    /// connection.request(Array("2+2".utf8), to: "math", timeout: .seconds(1))
    ///     .subscribe(onSuccess: { print(String(decoding: $0.payload, as: UTF8.self)) })
    /// ```
    ///
    /// - Parameters:
    ///   - payload: The request body.
    ///   - subject: Where the responders listen.
    ///   - headers: Headers to send with the request (`HPUB`), such as `Nats-Msg-Id`.
    ///   - timeout: How long to wait for an answer.
    /// - Returns: A `Single` of the answer.
    public func request(_ payload: [UInt8], to subject: String, headers: NATSHeaders? = nil, timeout: Duration = .seconds(5)) -> Single<NATSMessage> {
        Single.create { [self] observer in
            startRequest(payload, to: subject, headers: headers, timeout: timeout, observer: observer)
        }
    }

    // MARK: - Closing

    /// Closes the connection without losing what is on its way: unsubscribes every
    /// subscription at the server, lets the messages the server sent before that reach
    /// their handlers, sends what was published (the reconnect buffer included, if
    /// connected meanwhile), waits for the server to have it, then closes as ``close()``.
    ///
    /// From its start, `subscribe` throws ``NATSError/closed``; publishes are still taken
    /// until the close. Handlers isolated to an actor may still be running for the last
    /// messages when it returns. Not connected when it starts, it closes at once: the
    /// reconnect buffer is discarded, as with ``close()``.
    ///
    /// ```swift
    /// try await connection.drain()
    /// ```
    ///
    /// - Parameter timeout: How long each of its two waits for the server may take.
    /// - Throws: ``NATSError/timeout`` if the server did not answer in time (the
    ///   connection is closed all the same), ``NATSError/closed`` if it was already.
    ///   Either way ``currentState`` is ``NATSConnectionState/closed`` when it returns.
    public func drain(timeout: Duration = .seconds(5)) async throws {
        do {
            try await drainSubscriptions(timeout: timeout)
            try await flush(timeout: timeout)
        } catch {
            await closeAndWait()
            throw error
        }
        await closeAndWait()
    }

    /// Closes the connection: no reconnecting, buffered messages not yet sent are
    /// discarded, waiting flushes and requests fail with ``NATSError/closed``, and
    /// ``state`` ends with ``NATSConnectionState/closed``. Messages already written to the
    /// socket still reach the server, and so do those still queued on the write buffer:
    /// it waits for a write in progress and sends them, within 250 ms in all (a server
    /// that stopped reading loses them); ``drain(timeout:)``, or ``flush(timeout:)``
    /// first, makes sure of them.
    ///
    /// ```swift
    /// connection.close()
    /// ```
    public func close() {
        let transport = guarded.withLock { $0.machine.closeRequested() }
        if let transport {
            hooks?.beforeCloseSend?(transport)
            transport.shutdownOrderly(within: Self.closeSendBound)
        }
        wakeup.signal()
    }

    // MARK: - Helpers

    /// 22 random letters and digits: what makes an inbox prefix this connection's own.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String((0..<22).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
