import Dispatch
import Ripple

// Request/reply over the connection's one inbox subscription and one deadline timer.
extension NATSConnection {
    /// The subscription of a ``request(_:to:headers:timeout:)``: registers `observer` for
    /// the answer, sends the inbox's `SUB` if the transport lacks it, then the request.
    func startRequest(
        _ payload: [UInt8], to subject: String, headers: NATSHeaders?, timeout: Duration, observer: @escaping Single<NATSMessage>.SingleObserver
    ) -> any Disposable {
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
            try publish(payload, to: subject, replyTo: registered.reply, headers: headers, writeNow: true, ownReply: true)
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
    func expireRequests() {
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
}
