/// The life of a connection as a state machine: each event is a `mutating func` that
/// changes the state and returns what the owner must do, which it does outside the lock
/// (shut a link down, announce a state, fail waiters). No sockets, no threads: the
/// connection keeps it under its lock, and tests drive it with stand-in links.
///
/// `Link` is the transport (compared by identity). The public status follows
/// `connecting → connected ⇄ reconnecting → closed`; `closing` (a close was asked for,
/// so no more reconnecting) and `draining` (no new subscriptions) are orthogonal to it
/// until `finish()`, after which every event is a no-op.
struct ConnectionStateMachine<Link: AnyObject> {
    /// The status ``NATSConnection/state`` announces.
    private(set) var status: NATSConnectionState = .connecting
    /// The link whose handshake completed and that has not been lost: being activated
    /// (its subscriptions and buffered publishes sent) or serving.
    private(set) var link: Link?
    /// `close()` (or a fatal error) came: the connection thread stops at its next step.
    private(set) var closing = false
    /// `drain()` began: no new subscriptions, and a reconnection renews none but the inbox.
    private(set) var draining = false
    /// The connection thread ended: the status is `closed` for good.
    private(set) var finished = false
    /// The server answered a ping on the current link after the handshake: it is really
    /// up, so the reconnect backoff starts over after it.
    private(set) var confirmed = false

    /// What to do with a link whose handshake completed.
    enum HandshakeAction: Equatable {
        /// Renew the subscriptions and send the buffered publishes on it.
        case activate
        /// A close came during the handshake, before it could see this link: close it.
        case closeLink
    }

    /// What to do after the server's stream on a link ended.
    enum LostAction: Equatable {
        /// Closing: end the connection thread.
        case stop
        /// Announce `reconnecting` and try the next server.
        case reconnect
    }

    /// What `drain()` does first.
    enum DrainAction {
        /// Unsubscribe at the server on this link, then wait for it.
        case unsubscribe(Link)
        /// Not connected: nothing to unsubscribe; the flush that follows fails, and the
        /// drain closes at once (the reconnect buffer is discarded).
        case notConnected
    }

    /// Where a publish goes.
    enum Route {
        /// Connected: queue it on this link.
        case write(Link)
        /// Not connected (or only through a link that just failed): the reconnect buffer.
        case buffer
    }

    // MARK: - Events

    /// The handshake completed on `link`.
    mutating func handshakeCompleted(_ link: Link) -> HandshakeAction {
        if closing {
            return .closeLink
        }
        self.link = link
        confirmed = false
        return .activate
    }

    /// The activation sent everything it owed: publishes go straight to the link now.
    mutating func activated() {
        if !finished {
            status = .connected
        }
    }

    /// A write of the activation failed on `link`: it is dead, the next one renews all.
    mutating func activationFailed(_ link: Link) {
        if self.link === link {
            self.link = nil
        }
    }

    /// The server answered a ping.
    mutating func pongReceived() {
        confirmed = true
    }

    /// The server's stream on `link` ended (or the link was shut down).
    mutating func lost(_ link: Link) -> LostAction {
        if self.link === link {
            self.link = nil
        }
        if closing {
            return .stop
        }
        status = .reconnecting
        return .reconnect
    }

    /// The first connection failed and the connection goes on as a reconnection
    /// (``NATSConnectionOptions/retryOnFailedConnect``). Returns whether the status
    /// changed (then it is announced).
    mutating func retrying() -> Bool {
        guard status != .reconnecting, !finished else {
            return false
        }
        status = .reconnecting
        return true
    }

    /// `close()`: no more reconnecting. Returns the link to shut down (orderly), if any;
    /// the owner also wakes a reconnect loop waiting out a backoff.
    mutating func closeRequested() -> Link? {
        closing = true
        return link
    }

    /// `drain()` starts: no new subscriptions from now on.
    mutating func drainRequested() throws(NATSError) -> DrainAction {
        if status == .closed {
            throw .closed
        }
        draining = true
        if status == .connected, let link {
            return .unsubscribe(link)
        }
        return .notConnected
    }

    /// The connection ends (closed, out of servers, refused credentials). Returns the
    /// link to shut down, or `nil` for a machine already finished (the second caller
    /// does nothing more); `first` says whether this call finished it.
    mutating func finish() -> (first: Bool, link: Link?) {
        if finished {
            return (false, nil)
        }
        finished = true
        closing = true
        status = .closed
        defer { link = nil }
        return (true, link)
    }

    // MARK: - Questions

    /// Where a publish goes now; `failed` is a link a write of this publish just failed on
    /// (it is dead, even if not yet seen as lost).
    func route(excluding failed: Link?) throws(NATSError) -> Route {
        switch status {
        case .closed:
            throw .closed
        case .connected:
            if let link, link !== failed {
                return .write(link)
            }
            return .buffer
        case .connecting, .reconnecting:
            return .buffer
        }
    }

    /// Throws ``NATSError/closed`` when a new subscription is not allowed (closed or draining).
    func checkSubscribe() throws(NATSError) {
        if status == .closed || draining {
            throw .closed
        }
    }

    /// The link, when connected (for a flush's `PING`).
    var connectedLink: Link? {
        status == .connected ? link : nil
    }
}
