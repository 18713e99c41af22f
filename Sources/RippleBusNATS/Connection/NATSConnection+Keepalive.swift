import Dispatch
import Ripple

// The keepalive pings that find a connection the server no longer answers on.
extension NATSConnection {
    /// Pings the server every ``NATSConnectionOptions/pingInterval`` while `transport`
    /// is the connection's; ``NATSConnectionOptions/maxPingsOutstanding`` pings sent and
    /// unanswered at a tick mean a dead connection, which is shut down so the read loop
    /// ends and the client reconnects.
    func scheduleKeepalive(for transport: Transport) {
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
}
