import Glibc
import Ripple

// The read loop: the server's stream parsed and dispatched on the connection's thread.
extension NATSConnection {
    /// The read loop's copy of the handlers by sid, as of `version`.
    private struct HandlerCache {
        var version = -1
        var handlers: [UInt64: @Sendable (NATSMessage) -> Void] = [:]
    }

    /// The read loop: parses the server's stream and dispatches until it ends.
    func serve(_ transport: Transport, parser: consuming ProtocolParser) {
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
}
