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
    private let options: NATSConnectionOptions
    private let hooks: NATSConnectionHooks?
    // Serializes what the connection tells its observers, so `state` and `errors`
    // receive events one at a time, in order, and never under `state`'s lock.
    private let announcer = DispatchQueue(label: "ripple.nats.events")
    // Runs the keepalive ticks: a ping written to a server that stopped reading may wait
    // up to the write timeout, which must not hold up announcements or request timeouts.
    private let keepalive = DispatchQueue(label: "ripple.nats.keepalive")
    private let stateSubject = BehaviorSubject<NATSConnectionState>(value: .connecting)
    private let errorSubject = PublishSubject<NATSError>()
    // Wakes the reconnect loop early when the connection is closed during a backoff wait.
    private let wakeup = DispatchSemaphore(value: 0)
    // Runs the armed flushes of publishes queued on the transport (see `send`): one at a
    // time, so one write is in flight while the next publishes gather behind it.
    private let flusher = DispatchQueue(label: "ripple.nats.flusher")
    // The read loop's thread (`pthread_self`) while it serves, else 0: a publish made
    // there (a handler answering a request) is written by the loop itself once its batch
    // of messages is handled, rather than by a hop to `flusher`.
    private let readerThread = AtomicValue<UInt>(0)
    // Set by such a publish (on the read loop's thread only), cleared by the loop's write:
    // the loop writes only what its own handlers owe, never waits on other publishers'.
    private let readerOwesFlush = AtomicValue<Bool>(false)

    private struct Shared: ~Copyable {
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

    private typealias InboxWaiter = @Sendable (Result<NATSMessage, NATSError>) -> Void

    /// How long a connection must stay up (unless the server answered a ping on it
    /// first) for its loss to start the reconnect backoff over; a shorter one counts as a
    /// failed attempt, so a server that accepts and drops at once is not retried in a loop.
    static let stableConnection: Duration = .seconds(1)

    private let guarded: LockedValue<Shared>
    // Bumped, under `guarded`, whenever a subscription record is added or removed: the
    // read loop keeps its own copy of the handlers and takes the lock only when this moved.
    private let subscriptionsVersion = AtomicValue<Int>(0)

    /// The read loop's copy of the handlers by sid, as of `version`.
    private struct HandlerCache {
        var version = -1
        var handlers: [UInt64: @Sendable (NATSMessage) -> Void] = [:]
    }

    private init(pool: ServerPool, options: NATSConnectionOptions, hooks: NATSConnectionHooks?) {
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

    /// ``connect(to:options:)-(String,_)`` with a list of servers and test hooks.
    static func connect(to urls: [String], options: NATSConnectionOptions, hooks: NATSConnectionHooks?) async throws -> NATSConnection {
        try options.validate()
        var generator = SystemRandomNumberGenerator()
        var pool = try ServerPool(urls: urls, randomize: options.randomizeServerOrder, using: &generator)
        pool.updateAddresses { address in
            address.user = options.user ?? address.user
            address.password = options.password ?? address.password
            address.token = options.token ?? address.token
        }
        let connection = NATSConnection(pool: pool, options: options, hooks: hooks)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = DispatchQueue(label: "ripple.nats.connection")
            thread.async {
                connection.run(first: continuation)
            }
        }
        // `state` announces `connected` asynchronously: wait for it, so a subscriber to
        // `state` after this call starts from `connected`, not from `connecting`.
        connection.announcer.sync {}
        return connection
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

    /// The connection thread: connect, serve, and on loss reconnect with backoff, until
    /// closed or out of servers.
    ///
    /// Each round takes the pool's next server and waits out that server's own backoff
    /// (none for a server not tried yet, so failing over to another one is immediate).
    /// The first connection gives up once every server was tried once, unless
    /// ``NATSConnectionOptions/retryOnFailedConnect`` makes it return and go on as a
    /// reconnection.
    private func run(first: CheckedContinuation<Void, any Error>) {
        var first: CheckedContinuation<Void, any Error>? = first
        var triedFirst: Set<String> = []
        var generator = SystemRandomNumberGenerator()
        while !guarded.withLock({ $0.machine.closing }) {
            let jitter = Duration.milliseconds(Int.random(in: 0...max(0, options.reconnect.jitter.milliseconds), using: &generator))
            let pick = guarded.withLock { shared -> (ServerPool.Server, Duration)? in
                guard let server = shared.pool.next(maxAttempts: options.reconnect.maxAttempts) else {
                    return nil
                }
                return (server, shared.pool.wait(before: server, policy: options.reconnect, jitter: jitter, now: .now))
            }
            guard let (server, wait) = pick else {
                let unsent = guarded.withLock { $0.pending.count }
                finish(unsent > 0 ? .reconnectFailed(unsentBytes: unsent) : .closed, first: &first)
                return
            }
            if wait > .zero {
                _ = wakeup.wait(timeout: .now() + .milliseconds(wait.milliseconds))
                if guarded.withLock({ $0.machine.closing }) {
                    break
                }
            }
            guarded.withLock { $0.pool.attempted(server.key, at: .now) }
            do throws(NATSError) {
                let (transport, parser) = try establish(server.address)
                try activate(transport)
                first?.resume()
                first = nil
                let started = ContinuousClock.now
                serve(transport, parser: parser)
                transport.close()
                if lost(transport) {
                    break
                }
                // The backoff starts over only after a connection that proved itself;
                // one the server ended right after the handshake is a failed attempt.
                guarded.withLock { shared in
                    if shared.machine.confirmed || ContinuousClock.now - started >= Self.stableConnection {
                        shared.pool.succeeded(server.key)
                    } else {
                        shared.pool.failed(server.key)
                    }
                }
            } catch .authorizationViolation(let text) {
                finish(.authorizationViolation(text), first: &first)
                return
            } catch .tlsRequired {
                finish(.tlsRequired, first: &first)
                return
            } catch .tlsFailed(let reason) {
                // A rejected certificate stays rejected: close rather than retry.
                finish(.tlsFailed(reason), first: &first)
                return
            } catch {
                if guarded.withLock({ $0.machine.closing }) {
                    finish(first != nil ? error : nil, first: &first)
                    return
                }
                let everyServerTried = guarded.withLock { shared in
                    shared.pool.failed(server.key)
                    triedFirst.insert(server.key)
                    return shared.pool.servers.allSatisfy { triedFirst.contains($0.key) }
                }
                if first != nil && !options.retryOnFailedConnect {
                    if everyServerTried {
                        finish(error, first: &first)
                        return
                    }
                } else {
                    // The first connect returns now (when retrying it) and the rest is a
                    // reconnection, whose state and errors say what happens.
                    if guarded.withLock({ $0.machine.retrying() }) {
                        announce(.reconnecting)
                    }
                    first?.resume()
                    first = nil
                }
                // Why this attempt failed (unreachable, a transient `-ERR`, a handshake
                // past its deadline): the state alone would not say.
                report(error)
            }
        }
        finish(nil, first: &first)
    }

    /// After the server stream of `transport` ended: forget it and decide whether to go
    /// on. Returns `true` when the connection is closing.
    private func lost(_ transport: Transport) -> Bool {
        let (action, flushes) = guarded.withLock { shared in
            (shared.machine.lost(transport), shared.pings.reset())
        }
        for flush in flushes {
            flush.resume(throwing: NATSError.connectionFailed("connection lost"))
        }
        if action == .reconnect {
            announce(.reconnecting)
        }
        return action == .stop
    }

    /// Ends the connection thread: closed state, waiters failed, observers completed.
    private func finish(_ error: NATSError?, first: inout CheckedContinuation<Void, any Error>?) {
        let ending = guarded.withLock { shared -> ([OnceContinuation], [InboxWaiter], Transport?)? in
            let (first, transport) = shared.machine.finish()
            if !first {
                return nil
            }
            defer {
                // Handlers hold their subscribers (see `NATSBusSubscription.attach`);
                // a closed connection delivers nothing more, so it lets them go.
                shared.subscriptions.removeAll()
                subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
            }
            return (shared.pings.reset(), shared.inbox.removeAll(), transport)
        }
        guard let (waiters, inboxWaiters, transport) = ending else {
            first?.resume(throwing: error ?? .closed)
            first = nil
            return
        }
        transport?.shutdown()
        for flush in waiters {
            flush.resume(throwing: NATSError.closed)
        }
        for waiter in inboxWaiters {
            waiter(.failure(.closed))
        }
        if let first {
            first.resume(throwing: error ?? .closed)
        }
        first = nil
        announcer.async { [stateSubject, errorSubject] in
            if let error {
                errorSubject.onNext(error)
            }
            stateSubject.onNext(.closed)
            stateSubject.onCompleted()
            errorSubject.onCompleted()
        }
    }

    /// Opens a socket and runs the handshake: `INFO` in, `CONNECT` and `PING` out, until
    /// the server's `PONG` (accepted) or `-ERR` (refused). The whole of it, socket and TLS
    /// included, must end within ``NATSConnectionOptions/connectTimeout``: a server that
    /// trickles its bytes must not hold the connection (or the reconnect loop) longer.
    private func establish(_ address: ServerAddress) throws(NATSError) -> (Transport, ProtocolParser) {
        let deadline = ContinuousClock.now + options.connectTimeout
        let transport = try Transport.open(
            host: address.host, port: address.port, timeout: options.connectTimeout, writeTimeout: options.writeTimeout
        )
        do throws(NATSError) {
            var parser = ProtocolParser()
            guard case .info(let info) = try nextOperation(transport, &parser, until: deadline) else {
                throw NATSError.protocolViolation("the server did not start with INFO")
            }
            take(info, from: address)
            // TLS when the server requires it (as the official clients do: with the
            // system's roots unless `options.tls` says otherwise) or the client does.
            let insisting = address.tls || options.tls?.required == true
            let secure = info.tlsRequired || insisting
            if secure {
                if !info.tlsRequired && !info.tlsAvailable {
                    throw NATSError.tlsRequired
                }
                try transport.startTLS(options.tls ?? NATSTLSOptions(required: false), host: address.verifiedName, timeout: deadline - ContinuousClock.now)
            }
            var hello: [UInt8] = []
            ClientCommand.connect(try connectJSON(tls: secure, address: address), into: &hello)
            hello.append(contentsOf: ClientCommand.ping)
            try transport.write(hello)
            while true {
                switch try nextOperation(transport, &parser, until: deadline) {
                case .pong:
                    transport.setReadTimeout(nil)
                    return (transport, parser)
                case .err(let text):
                    // Refused credentials end the connection; anything else (such as
                    // `Authentication Timeout` from a loaded server) is retried.
                    if ServerErrorText.refusesCredentials(text) {
                        throw NATSError.authorizationViolation(text)
                    }
                    throw NATSError.server(text)
                case .ping:
                    try transport.write(ClientCommand.pong)
                case .info(let info):
                    take(info, from: address)
                case .ok, .msg, .malformed:
                    continue
                }
            }
        } catch {
            transport.close()
            throw error
        }
    }

    /// Reads until the parser yields an operation (handshake only): each read waits only
    /// for what is left until `deadline`.
    private func nextOperation(_ transport: Transport, _ parser: inout ProtocolParser, until deadline: ContinuousClock.Instant) throws(NATSError) -> ServerOperation {
        while true {
            do {
                if let operation = try parser.next() {
                    return operation
                }
            } catch {
                throw .protocolViolation(error.reason)
            }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                throw .timeout
            }
            transport.setReadTimeout(remaining)
            let received = try withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer throws(NATSError) -> Int in
                guard let count = try transport.read(into: buffer) else {
                    throw NATSError.timeout
                }
                parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                return count
            }
            if received == 0 {
                throw .connectionFailed("the server closed the connection during the handshake")
            }
        }
    }

    private struct ConnectMessage: Encodable {
        let verbose = false
        let pedantic = false
        let tls_required: Bool
        let lang = "swift"
        let version = "ripple-0.1"
        let `protocol` = 1
        let headers = true
        let no_responders = true
        let name: String?
        let user: String?
        let pass: String?
        let auth_token: String?
    }

    private func connectJSON(tls: Bool, address: ServerAddress) throws(NATSError) -> [UInt8] {
        let message = ConnectMessage(
            tls_required: tls, name: options.name, user: address.user, pass: address.password, auth_token: address.token
        )
        do {
            return Array(try JSONEncoder().encode(message))
        } catch {
            throw .protocolViolation("cannot encode CONNECT: \(error)")
        }
    }

    /// Renews the subscriptions on a fresh transport and sends what was published while
    /// disconnected, in order, then declares the connection `connected`. Publishes made
    /// meanwhile join the buffer and are sent by the same loop, so none overtakes another.
    ///
    /// Each chunk is decided under the socket's write lock (``Transport/write(deciding:)``),
    /// so a concurrent subscribe or dispose writes its `SUB` or `UNSUB` strictly before or
    /// after it, never in between. The `SUB` lines are not kept as bytes: they are made
    /// from the live subscriptions for each new transport, so they are bounded by the
    /// number of subscriptions and never count against the reconnect buffer; only
    /// publishes do, including those being written (`inFlight`).
    private func activate(_ transport: Transport) throws(NATSError) {
        let id = transport.id
        if guarded.withLock({ $0.machine.handshakeCompleted(transport) }) == .closeLink {
            // `close()` came during the handshake, before it could see this transport.
            transport.close()
            throw .closed
        }
        var drained = false
        while !drained {
            do {
                try transport.write { () -> [UInt8]? in
                    let chunk: [UInt8]? = guarded.withLock { shared in
                        var out: [UInt8] = []
                        // While draining, only the inbox is renewed: the others were
                        // unsubscribed at the server, and the drain is about to close.
                        let (draining, inbox) = (shared.machine.draining, shared.inbox.sid)
                        shared.subscriptions.renew(on: id, into: &out) { !draining || $0 == inbox }
                        out.append(contentsOf: shared.pending)
                        swap(&shared.inFlight, &shared.pending)
                        if out.isEmpty {
                            shared.machine.activated()
                            return nil
                        }
                        return out
                    }
                    if chunk == nil {
                        drained = true
                    } else {
                        hooks?.beforeActivateWrite?(transport)
                    }
                    return chunk
                }
                guarded.withLock { $0.inFlight = [] }
            } catch {
                // Nothing of the chunk is known to have arrived: its publishes go back
                // ahead of those made meanwhile (together they fit the bound, which
                // counted both); its `SUB` lines are made again for the next transport.
                guarded.withLock { shared in
                    shared.inFlight.append(contentsOf: shared.pending)
                    swap(&shared.inFlight, &shared.pending)
                    shared.inFlight = []
                    shared.machine.activationFailed(transport)
                }
                transport.close()
                throw error
            }
        }
        scheduleKeepalive(for: transport)
        announce(.connected)
    }

    /// The read loop: parses the server's stream and dispatches until it ends.
    private func serve(_ transport: Transport, parser: consuming ProtocolParser) {
        var parser = parser
        var cache = HandlerCache()
        readerThread.store(UInt(pthread_self()), ordering: .relaxed)
        defer { readerThread.store(0, ordering: .relaxed) }
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            while true {
                do throws(NATSProtocolViolation) {
                    while let operation = try parser.next() {
                        if case .msg(let message) = operation {
                            deliver(message, cache: &cache)
                        } else {
                            handle(operation, on: transport)
                        }
                    }
                } catch {
                    report(.protocolViolation(error.reason))
                    return
                }
                // What the handlers published goes out before the loop waits for more.
                if readerOwesFlush.exchange(false, ordering: .relaxed) {
                    flush(transport)
                }
                guard let count = try? transport.read(into: buffer), count > 0 else {
                    return
                }
                parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    private func handle(_ operation: ServerOperation, on transport: Transport) {
        switch operation {
        case .msg:
            // Delivered by the read loop, with its handler cache (see `deliver`).
            break
        case .malformed(let subject, let reason):
            // Any client can publish it and the server forwards it as it is: one bad
            // message, never a reason to drop the connection and everything after it.
            report(.malformedMessage(subject: subject, reason: reason))
        case .ping:
            try? transport.write(ClientCommand.pong)
        case .pong:
            let flush = guarded.withLock { shared in
                shared.machine.pongReceived()
                return shared.pings.pongReceived()
            }
            flush?.resume()
        case .ok:
            break
        case .info(let info):
            if let address = guarded.withLock({ $0.current }), take(info, from: address) {
                // Leaving now, while the server still routes, rather than when it closes
                // the connection: the reconnection goes to another server at once.
                report(.lameDuckMode(server: ServerPool.Server.key(address)))
                transport.shutdown()
            }
        case .err(let text):
            if ServerErrorText.deniesPermission(text) {
                report(.permissionsViolation(text))
            } else if ServerErrorText.refusesCredentials(text) {
                // Credentials that worked before are refused now: retrying would only
                // be refused again, so close instead of storming the server.
                var first: CheckedContinuation<Void, any Error>?
                finish(.authorizationViolation(text), first: &first)
            } else {
                report(.server(text))
            }
        }
    }

    /// Keeps `info`, from the server at `address`, as the latest and adds the servers it
    /// announces to the pool. Returns whether it says the server is in lame-duck mode and
    /// the pool has another server to move to (this one then goes to the back).
    @discardableResult
    private func take(_ info: NATSServerInfo, from address: ServerAddress) -> Bool {
        guarded.withLock { shared in
            var generator = SystemRandomNumberGenerator()
            shared.info = info
            shared.current = address
            shared.pool.learn(info.connectURLs, current: address, using: &generator)
            let key = ServerPool.Server.key(address)
            guard info.lameDuckMode, shared.pool.servers.contains(where: { $0.key != key }) else {
                return false
            }
            shared.pool.demote(key)
            return true
        }
    }

    private func deliver(_ message: NATSMessage, cache: inout HandlerCache) {
        // A sid with no record (a subscription disposed while its messages were on the
        // way) is dropped; the inbox's replies reach their waiters through the inbox
        // subscription's own handler (`answer`), never by a guess from the subject.
        // The copy is renewed whenever a record came or went, so a dispose (even by a
        // handler, on this thread) is seen by the very next message, as with a lookup
        // under the lock, which a stream of messages then takes only once.
        if subscriptionsVersion.load(ordering: .acquiring) != cache.version {
            cache = guarded.withLock { shared in
                HandlerCache(version: subscriptionsVersion.load(ordering: .relaxed), handlers: shared.subscriptions.handlers)
            }
        }
        cache.handlers[message.sid]?(message)
    }

    /// Hands a message that arrived on the inbox to the request waiting for its token.
    private func answer(_ message: NATSMessage) {
        let waiter = guarded.withLock { $0.inbox.take(replySubject: message.subject) }
        if let waiter {
            if message.headers?.status == 503 {
                waiter(.failure(.noResponders(subject: message.subject)))
            } else {
                waiter(.success(message))
            }
        }
    }

    /// Pings the server every ``NATSConnectionOptions/pingInterval`` while `transport`
    /// is the connection's; ``NATSConnectionOptions/maxPingsOutstanding`` pings sent and
    /// unanswered at a tick mean a dead connection, which is shut down so the read loop
    /// ends and the client reconnects.
    private func scheduleKeepalive(for transport: Transport) {
        let interval = DispatchTimeInterval.milliseconds(max(1, options.pingInterval.milliseconds))
        // The transport is named by its id, not held weakly: a weakly referenced object
        // pays a slower retain and release, which every publish makes on the transport.
        keepalive.asyncAfter(deadline: .now() + interval) { [weak self, id = transport.id] in
            guard let self else {
                return
            }
            let found = guarded.withLock { shared -> (Transport, Bool)? in
                guard !shared.machine.closing, let transport = shared.machine.link, transport.id == id else {
                    return nil
                }
                return (transport, shared.pings.isStale(limit: options.maxPingsOutstanding))
            }
            guard let (transport, stale) = found else {
                return
            }
            if stale {
                transport.shutdown()
                return
            }
            // Skipped while a write holds the socket: only a ping actually sent can go
            // unanswered. A busy publisher is no sign of a dead server, and a writer stuck
            // on one that stopped reading is ended by the write timeout instead.
            _ = try? transport.writeIfIdle(ClientCommand.ping) {
                guarded.withLock { $0.pings.tickPingSent() }
            }
            scheduleKeepalive(for: transport)
        }
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

    /// ``publish(_:to:replyTo:headers:)``, written by this thread before it returns when
    /// `writeNow` (a request, whose answer is awaited) instead of by the armed flush.
    private func publish(_ payload: [UInt8], to subject: String, replyTo: String?, headers: NATSHeaders?, writeNow: Bool) throws(NATSError) {
        guard Subject.isValid(subject, allowWildcards: false) else {
            throw .invalidSubject(subject)
        }
        if let replyTo, !Subject.isValid(replyTo, allowWildcards: false) {
            throw .invalidSubject(replyTo)
        }
        if let headers {
            // `isNewline`: "\r\n" is one `Character`, equal to neither "\r" nor "\n".
            let breaksLine: (Character) -> Bool = { $0.isNewline }
            for field in headers.fields
            where field.name.isEmpty || field.name.contains(where: { breaksLine($0) || $0 == ":" || $0 == " " || $0 == "\u{0}" })
                || field.value.contains(where: breaksLine) {
                throw .invalidHeader(field.name)
            }
            if let description = headers.statusDescription, description.contains(where: breaksLine) {
                throw .invalidHeader(description)
            }
        }
        var bytes: [UInt8] = []
        let line: Int
        if let headers {
            line = ClientCommand.publish(subject: subject, replyTo: replyTo, headers: headers, payload: payload, into: &bytes)
        } else {
            line = ClientCommand.publish(subject: subject, replyTo: replyTo, payload: payload, into: &bytes)
        }
        if line > options.maxControlLine {
            throw .controlLineTooLong(length: line, limit: options.maxControlLine)
        }
        // What the server counts against `max_payload`: the header block and the payload.
        try send(bytes, size: bytes.count - line - 4, writeNow: writeNow)
    }

    /// Throws ``NATSError/controlLineTooLong(length:limit:)`` when the line `command`
    /// starts with (verb, subject, reply or queue, numbers; without its CRLF) is longer
    /// than ``NATSConnectionOptions/maxControlLine``: the server would close the
    /// connection over it.
    private func checkControlLine(_ command: [UInt8]) throws(NATSError) {
        let length = command.firstRange(of: ClientCommand.crlf)?.lowerBound ?? command.count
        if length > options.maxControlLine {
            throw .controlLineTooLong(length: length, limit: options.maxControlLine)
        }
    }

    /// Queues `bytes` on the transport if connected (see ``Transport/enqueue(_:)``), else
    /// keeps them in the bounded reconnect buffer.
    ///
    /// A write that fails is not simply buffered: by then a reconnection may already
    /// have drained the buffer and declared the connection `connected`, and bytes added
    /// after that drain would wait for the next reconnection while this publisher's later
    /// messages went straight out ahead of them. So it tries again from the top: on the
    /// new transport if one is connected (this publisher's earlier buffered messages were
    /// drained before that), else into the buffer, which the coming drain empties before
    /// the connection is declared `connected`.
    private func send(_ bytes: [UInt8], size: Int, writeNow: Bool) throws(NATSError) {
        var failed: Transport?
        while true {
            let transport = try guarded.withLock { shared throws(NATSError) -> Transport? in
                if let max = shared.info?.maxPayload, size > max {
                    throw .payloadTooLarge(size: size, max: max)
                }
                switch try shared.machine.route(excluding: failed) {
                case .write(let transport):
                    return transport
                case .buffer:
                    try buffer(bytes, in: &shared)
                    return nil
                }
            }
            guard let transport else {
                return
            }
            hooks?.beforePublishWrite?(transport)
            do {
                let first = try transport.enqueue(bytes)
                if writeNow {
                    flush(transport)
                } else if first {
                    if readerThread.load(ordering: .relaxed) == UInt(pthread_self()) {
                        // On the read loop's own thread: the loop writes it (see `serve`).
                        readerOwesFlush.store(true, ordering: .relaxed)
                    } else {
                        flusher.async { [weak self] in
                            self?.flush(transport)
                        }
                    }
                }
                return
            } catch {
                if case .writeTimedOut = error {
                    // The transport is shut down; the retry below buffers the message.
                    report(error)
                }
                failed = transport
            }
        }
    }

    /// Sends what publishes queued on `transport`: run on `flusher` when the first
    /// publish into an empty buffer armed it (the only delay a lone publish sees is that
    /// queue's wake-up; publishes made meanwhile join the write), or by a request itself.
    private func flush(_ transport: Transport) {
        do throws(NATSError) {
            try transport.flush()
        } catch {
            // Any other failure is a dead transport, which the read loop sees.
            if case .writeTimedOut = error {
                report(error)
            }
        }
    }

    private func buffer(_ bytes: [UInt8], in shared: inout Shared) throws(NATSError) {
        if shared.pending.count + shared.inFlight.count + bytes.count > options.reconnectBufferSize {
            throw .reconnectBufferFull(limit: options.reconnectBufferSize)
        }
        shared.pending.append(contentsOf: bytes)
    }

    /// The bytes of publishes waiting for a connection, the ones being written by a
    /// reconnection included: never more than ``NATSConnectionOptions/reconnectBufferSize``.
    var bufferedByteCount: Int {
        guarded.withLock { $0.pending.count + $0.inFlight.count }
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
                let handle = try subscribe(to: subject, queueGroup: queueGroup, handler: { message in isolated.send(message) }, isolation: nil)
                return Disposables.create(gate, handle)
            }
        }
        guard Subject.isValid(subject, allowWildcards: true) else {
            throw .invalidSubject(subject)
        }
        if let queueGroup, !Subject.isValid(queueGroup, allowWildcards: false) || queueGroup.contains(".") {
            throw .invalidSubject(queueGroup)
        }
        let sid = try guarded.withLock { shared throws(NATSError) -> UInt64 in
            try shared.machine.checkSubscribe()
            // Renewed on every reconnection: a line the server refuses would end each one.
            var line: [UInt8] = []
            ClientCommand.subscribe(subject: subject, queueGroup: queueGroup, sid: shared.subscriptions.nextSid, into: &line)
            try checkControlLine(line)
            let sid = shared.subscriptions.add(subject: subject, queueGroup: queueGroup, handler: handler)
            subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
            return sid
        }
        sendSubscription(sid)
        return NATSSubscriptionHandle(connection: self, sid: sid)
    }

    /// Makes sure the server has `sid`'s `SUB` on the current transport.
    ///
    /// The record exists before this runs, so every transport that becomes current
    /// later renews it in `activate`; what remains is the current one, which may have
    /// drained before the record existed. Deciding under the socket's write lock and
    /// marking `sentOn` there sends the `SUB` exactly once per transport (this call or
    /// `activate`, whichever decides first) and before any `UNSUB` or publish decided
    /// after it. When `sentOn` already names the current transport, the `SUB` is written
    /// or being written under that lock, which anything written later waits for.
    private func sendSubscription(_ sid: UInt64) {
        let transport = guarded.withLock { shared -> Transport? in
            guard let current = shared.machine.link, shared.subscriptions.isUnsent(sid, on: current.id) else {
                return nil
            }
            return current
        }
        guard let transport else {
            return
        }
        // A write that fails means a dead transport: the next one renews the record.
        try? transport.write { () -> [UInt8]? in
            guarded.withLock { shared -> [UInt8]? in
                // A replaced transport is dead; marking the record as sent on it could
                // hide that its replacement already has it (and skip its `UNSUB`).
                guard shared.machine.link === transport else {
                    return nil
                }
                return shared.subscriptions.send(sid, on: transport.id)
            }
        }
    }

    /// Forgets `sid` and tells the server, deciding under the socket's write lock (as
    /// `sendSubscription` and `activate` do) so that the `UNSUB` follows the `SUB` it
    /// cancels, and is sent only when the current transport has that `SUB`.
    fileprivate func unsubscribe(sid: UInt64) {
        while true {
            let transport = guarded.withLock { shared -> Transport? in
                guard let current = shared.machine.link else {
                    // No transport: the next one's `activate` will not renew it.
                    shared.subscriptions.remove(sid)
                    subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
                    return nil
                }
                return current
            }
            guard let transport else {
                return
            }
            var replaced = false
            do {
                try transport.write { () -> [UInt8]? in
                    guarded.withLock { shared -> [UInt8]? in
                        guard shared.machine.link === transport else {
                            replaced = true
                            return nil
                        }
                        let removed = shared.subscriptions.remove(sid)
                        subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
                        guard let record = removed, record.sentOn == transport.id else {
                            return nil
                        }
                        var bytes: [UInt8] = []
                        ClientCommand.unsubscribe(sid: sid, into: &bytes)
                        return bytes
                    }
                }
            } catch {
                // A dead transport: forget the record, unless a newer transport already
                // replaced it (and may have renewed the `SUB`): then tell that one.
                replaced = guarded.withLock { shared in
                    guard let current = shared.machine.link, current !== transport else {
                        shared.subscriptions.remove(sid)
                        subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
                        return false
                    }
                    return true
                }
            }
            if !replaced {
                return
            }
        }
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
            let registered: (token: UInt64, reply: String, inboxSid: UInt64, sendSubscription: Bool)
            do {
                registered = try registerRequest(deadline: .now + timeout) { result in
                    switch result {
                    case .success(let message): observer(.success(message))
                    case .failure(.noResponders): observer(.failure(NATSError.noResponders(subject: subject)))
                    case .failure(let error): observer(.failure(error))
                    }
                }
            } catch {
                observer(.failure(error))
                return Disposables.create()
            }
            if registered.sendSubscription {
                // The inbox's `SUB` goes before this request, whichever request made it.
                sendSubscription(registered.inboxSid)
            }
            do {
                try publish(payload, to: subject, replyTo: registered.reply, headers: headers, writeNow: true)
            } catch {
                // The request never left: its waiter goes, so nothing holds the
                // observer and `close()` does not answer it a second time.
                _ = guarded.withLock { $0.inbox.take(registered.token) }
                observer(.failure(error))
                return Disposables.create()
            }
            return Disposables.create { [weak self] in
                _ = self?.guarded.withLock { $0.inbox.take(registered.token) }
            }
        }
    }

    /// Registers `waiter` until `deadline` under a new token, creating the connection's
    /// inbox subscription on first use; returns the token, its reply subject, the inbox's
    /// sid, and whether the current transport may still lack the inbox's `SUB` (then the
    /// caller runs `sendSubscription`, which decides under the socket's write lock).
    ///
    /// The inbox subscription is created in the same critical section that hands out the
    /// token, so however many first requests race there is exactly one, and its handler
    /// is in place before any request leaves. The timer is armed here, under the lock,
    /// only when this deadline is earlier than the armed one.
    private func registerRequest(
        deadline: ContinuousClock.Instant, _ waiter: @escaping InboxWaiter
    ) throws(NATSError) -> (token: UInt64, reply: String, inboxSid: UInt64, sendSubscription: Bool) {
        try guarded.withLock { shared throws(NATSError) in
            if shared.machine.status == .closed {
                throw .closed
            }
            let (token, arm) = shared.inbox.register(waiter, deadline: deadline)
            if let arm {
                Self.arm(shared.requestTimer, at: arm)
            }
            let sid: UInt64
            if let existing = shared.inbox.sid {
                sid = existing
            } else {
                sid = shared.subscriptions.add(subject: shared.inbox.prefix + "*", queueGroup: nil) { [weak self] message in
                    self?.answer(message)
                }
                shared.inbox.sid = sid
                subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
            }
            let unsent = shared.machine.link.map { shared.subscriptions.isUnsent(sid, on: $0.id) } ?? false
            return (token, shared.inbox.replySubject(token), sid, unsent)
        }
    }

    /// Arms `timer` to fire at `deadline`, replacing any earlier arming.
    private static func arm(_ timer: any DispatchSourceTimer, at deadline: ContinuousClock.Instant) {
        let (seconds, attoseconds) = (deadline - .now).components
        let nanoseconds = seconds < 0 ? 0 : seconds >= Int64(Int.max / 1_000_000_000) - 1
            ? Int.max / 2 : Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .nanoseconds(0))
    }

    /// The request timer fired: fails the requests past their deadline with
    /// ``NATSError/timeout`` and re-arms for the next deadline, if any.
    private func expireRequests() {
        let expired = guarded.withLock { shared in
            let (expired, arm) = shared.inbox.expire(now: .now)
            if let arm {
                Self.arm(shared.requestTimer, at: arm)
            }
            return expired
        }
        for waiter in expired {
            waiter(.failure(.timeout))
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

    /// ``close()``, returning once the state is ``NATSConnectionState/closed``: the
    /// connection's thread gets there as soon as it sees the socket shut down (or, in a
    /// handshake, at its deadline).
    func closeAndWait() async {
        close()
        // `state` completes right after `closed`.
        _ = try? await state.filter { $0 == .closed }.take(1).toArray().value
    }

    /// The first half of ``drain(timeout:)``: `UNSUB` for every subscription but the
    /// request inbox, then a flush, whose `PONG` comes after every message the server
    /// sent before the `UNSUB`s, so those have reached their handlers when it returns
    /// (the records stay until then: a message on its way is not dropped as unknown).
    func drainSubscriptions(timeout: Duration) async throws {
        let action = try guarded.withLock { shared throws(NATSError) in
            try shared.machine.drainRequested()
        }
        guard case .unsubscribe(let transport) = action else {
            return
        }
        try transport.write { () -> [UInt8]? in
            guarded.withLock { shared -> [UInt8]? in
                guard shared.machine.link === transport else {
                    return nil
                }
                let bytes = shared.subscriptions.unsubscribeAll(on: transport.id, excluding: shared.inbox.sid)
                return bytes.isEmpty ? nil : bytes
            }
        }
        try await flush(timeout: timeout)
        guarded.withLock { shared in
            shared.subscriptions.removeAll(keeping: shared.inbox.sid)
            subscriptionsVersion.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Closes the connection: no reconnecting, buffered messages not yet sent are
    /// discarded, waiting flushes and requests fail with ``NATSError/closed``, and
    /// ``state`` ends with ``NATSConnectionState/closed``. Messages already written to the
    /// socket still reach the server, and so do those still queued on the write buffer if
    /// no write is in progress and the socket takes them at once; ``drain(timeout:)``, or
    /// ``flush(timeout:)`` first, makes sure of them.
    ///
    /// ```swift
    /// connection.close()
    /// ```
    public func close() {
        let transport = guarded.withLock { $0.machine.closeRequested() }
        transport?.shutdownOrderly()
        wakeup.signal()
    }

    // MARK: - Helpers


    private func announce(_ status: NATSConnectionState) {
        announcer.async { [stateSubject] in
            stateSubject.onNext(status)
        }
    }

    private func report(_ error: NATSError) {
        announcer.async { [errorSubject] in
            errorSubject.onNext(error)
        }
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String((0..<22).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}

/// A subscription of a ``NATSConnection``: disposing it unsubscribes.
final class NATSSubscriptionHandle: Disposable, Sendable {
    let sid: UInt64
    private let connection: NATSConnection
    private let disposed = AtomicValue<Bool>(false)

    init(connection: NATSConnection, sid: UInt64) {
        self.connection = connection
        self.sid = sid
    }

    func dispose() {
        if !disposed.exchange(true, ordering: .acquiringAndReleasing) {
            connection.unsubscribe(sid: sid)
        }
    }
}

/// A continuation that the first of several racing parties resumes (the answer, a
/// timeout, a lost connection); the others find it taken and do nothing.
final class OnceContinuation: Sendable {
    private let continuation: LockedValue<CheckedContinuation<Void, any Error>?>

    init(_ continuation: CheckedContinuation<Void, any Error>) {
        self.continuation = LockedValue(continuation)
    }

    func resume() {
        continuation.withLock { $0.take() }?.resume()
    }

    func resume(throwing error: any Error) {
        continuation.withLock { $0.take() }?.resume(throwing: error)
    }
}

/// Points where a test can hold a connection's thread to force an interleaving that
/// timing alone makes rare. Each hook runs on the thread that reached its point, which
/// waits for it to return. Internal: only tests set them, through
/// `NATSConnection.connect(to:options:hooks:)`; without hooks a publish pays one `nil` check.
struct NATSConnectionHooks: Sendable {
    /// In a publish, after the transport was chosen and before writing to it.
    var beforePublishWrite: (@Sendable (Transport) -> Void)?
    /// In a (re)connection's drain, holding the socket's write lock: after a chunk of
    /// `SUB` lines and buffered publishes was taken (publishes made now are buffered),
    /// before it is written.
    var beforeActivateWrite: (@Sendable (Transport) -> Void)?
}
