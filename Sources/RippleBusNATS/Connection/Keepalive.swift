/// The pings of one connection and who waits for their `PONG`s, kept under the
/// connection's lock: the keepalive ticks' pings (counted as outstanding until a `PONG`
/// comes) and the flushes' pings (each resumed by its own `PONG`, in order).
///
/// Only a ping actually written counts: a tick skipped because a write held the socket
/// calls nothing here. Bound: one waiter per ping written and not yet answered; the
/// ticks add at most ``NATSConnectionOptions/maxPingsOutstanding`` before the link is
/// declared dead, and each flush adds one until its `PONG`, the loss of the link or the
/// close.
struct Keepalive<FlushWaiter> {
    private enum Waiter {
        case tick
        case flush(FlushWaiter)
    }

    /// The ticks' pings sent and not answered since the last `PONG`.
    private(set) var pingsOutstanding = 0
    private var waiters: [Waiter] = []

    /// How many pings wait for their `PONG`.
    var waitingCount: Int { waiters.count }

    /// A tick's ping was written.
    mutating func tickPingSent() {
        pingsOutstanding += 1
        waiters.append(.tick)
    }

    /// A flush's ping was written: `waiter` is resumed by its `PONG`.
    mutating func flushPingSent(_ waiter: FlushWaiter) {
        waiters.append(.flush(waiter))
    }

    /// Whether a tick finds the link dead: `limit` pings unanswered.
    func isStale(limit: Int) -> Bool {
        pingsOutstanding >= limit
    }

    /// A `PONG` came: the link is alive. Returns the flush it answers, if the oldest ping
    /// was a flush's.
    mutating func pongReceived() -> FlushWaiter? {
        pingsOutstanding = 0
        guard !waiters.isEmpty, case .flush(let waiter) = waiters.removeFirst() else {
            return nil
        }
        return waiter
    }

    /// The link is gone (lost or closed): nothing will answer. Returns the flushes to fail.
    mutating func reset() -> [FlushWaiter] {
        pingsOutstanding = 0
        let flushes = waiters.compactMap { waiter -> FlushWaiter? in
            if case .flush(let flush) = waiter {
                return flush
            }
            return nil
        }
        waiters = []
        return flushes
    }
}
