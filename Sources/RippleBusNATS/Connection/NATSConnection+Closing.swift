import Ripple

// Closing: waiting for the close to be done, and the first half of a drain.
extension NATSConnection {
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
}
