import Dispatch
import Ripple

// The connection thread: (re)connecting with backoff over the server pool, a fresh
// transport's activation, and the end of the connection.
extension NATSConnection {
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
                let (transport, parser) = try Handshake(address: server.address, options: options).establish { info in
                    take(info, from: server.address)
                }
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
    func finish(_ error: NATSError?, first: inout CheckedContinuation<Void, any Error>?) {
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

    /// Keeps `info`, from the server at `address`, as the latest and adds the servers it
    /// announces to the pool. Returns whether it says the server is in lame-duck mode and
    /// the pool has another server to move to (this one then goes to the back).
    @discardableResult
    func take(_ info: NATSServerInfo, from address: ServerAddress) -> Bool {
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
}
