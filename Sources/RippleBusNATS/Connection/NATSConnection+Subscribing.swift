import Ripple

// Subscribing: the subscription records and their `SUB`/`UNSUB` lines on the socket.
extension NATSConnection {
    /// ``subscribe(to:queueGroup:handler:isolation:)`` with `handler` run on the reader
    /// thread: checks the subject and queue group, adds the record, sends its `SUB`.
    func addSubscription(
        to subject: String, queueGroup: String?, handler: @escaping @Sendable (NATSMessage) -> Void
    ) throws(NATSError) -> any Disposable & Sendable {
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
    func sendSubscription(_ sid: UInt64) {
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
    func unsubscribe(sid: UInt64) {
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
}
