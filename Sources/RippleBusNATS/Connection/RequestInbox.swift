/// The request/reply bookkeeping of one connection: its inbox subscription, the waiting
/// requests by token and their deadlines, for ONE shared deadline timer.
///
/// Plain state, kept under the connection's lock: it never runs a waiter and never
/// touches a timer. Each change that needs the timer moved returns the instant to arm it
/// at; the owner arms it (under the same lock, so two arms cannot land out of order).
/// The timer is armed only for the earliest deadline: a request whose deadline is at or
/// after the armed one costs no timer work; when the timer fires, ``expire(now:)`` hands
/// back what timed out and the next deadline to arm for.
///
/// Bounds: a waiter stays until answered, expired, withdrawn or ``removeAll()``, so the
/// waiters are those of requests still subscribed and not past their deadline (the
/// caller's requests in flight, at most its request rate times its timeout). The heap of
/// deadlines may also hold answered tokens, never more than `2 × waiters + 32` (it is
/// rebuilt past that).
struct RequestInbox<Waiter> {
    typealias Instant = ContinuousClock.Instant

    private struct Entry {
        let waiter: Waiter
        let deadline: Instant
    }

    /// `_INBOX.<random>.`: a reply subject is this followed by the request's token.
    let prefix: String
    /// The inbox subscription's sid, once the first request made it.
    var sid: UInt64?
    private var nextToken: UInt64 = 1
    private var waiters: [UInt64: Entry] = [:]
    // A min-heap by deadline; an entry whose token left `waiters` is skipped when met.
    private var deadlines: [(deadline: Instant, token: UInt64)] = []
    /// The instant the timer is armed for; `nil` while it is not armed.
    private(set) var armed: Instant?

    init(prefix: String) {
        self.prefix = prefix
    }

    /// How many requests are waiting for an answer.
    var pendingCount: Int { waiters.count }

    /// How many deadlines the heap holds, answered tokens included (for the bound above).
    var heapCount: Int { deadlines.count }

    /// Registers `waiter` until `deadline`. Returns its token and, when the timer must be
    /// armed earlier than it is (or is not armed), the instant to arm it at.
    mutating func register(_ waiter: Waiter, deadline: Instant) -> (token: UInt64, arm: Instant?) {
        let token = nextToken
        nextToken &+= 1
        waiters[token] = Entry(waiter: waiter, deadline: deadline)
        push(deadline, token)
        if let armed, armed <= deadline {
            return (token, nil)
        }
        armed = deadline
        return (token, deadline)
    }

    /// The reply subject for `token`.
    func replySubject(_ token: UInt64) -> String {
        prefix + String(token)
    }

    /// Removes and returns the waiter of `token` (answered or withdrawn). The timer stays
    /// armed: when it fires it finds nothing due and re-arms for what is left.
    mutating func take(_ token: UInt64) -> Waiter? {
        guard let entry = waiters.removeValue(forKey: token) else {
            return nil
        }
        // Requests answered in order (the common case) keep the heap at its live size.
        while let top = deadlines.first, waiters[top.token]?.deadline != top.deadline {
            popFirst()
        }
        if deadlines.count > 2 * waiters.count + 32 {
            rebuild()
        }
        return entry.waiter
    }

    /// The waiter for a message that arrived on `subject`, an inbox subject whose last
    /// token is the request's (`nil` for one that names no waiting request).
    mutating func take(replySubject subject: String) -> Waiter? {
        guard let token = Self.token(of: subject) else {
            return nil
        }
        return take(token)
    }

    /// The timer fired at `now`: removes and returns the waiters whose deadline has
    /// passed (earliest first), and the instant to arm the timer at next (`nil`: nothing
    /// is waiting, the timer stays unarmed).
    mutating func expire(now: Instant) -> (expired: [Waiter], arm: Instant?) {
        var expired: [Waiter] = []
        while let top = deadlines.first {
            guard let entry = waiters[top.token], entry.deadline == top.deadline else {
                popFirst()
                continue
            }
            guard top.deadline <= now else {
                break
            }
            popFirst()
            waiters[top.token] = nil
            expired.append(entry.waiter)
        }
        armed = deadlines.first?.deadline
        return (expired, armed)
    }

    /// Removes and returns every waiter (the connection closed); the timer need not fire.
    mutating func removeAll() -> [Waiter] {
        let all = waiters.values.map(\.waiter)
        waiters = [:]
        deadlines = []
        armed = nil
        return all
    }

    /// The decimal token after the last `.` of `subject`, without allocating.
    static func token(of subject: String) -> UInt64? {
        var value: UInt64 = 0
        var multiplier: UInt64 = 1
        var digits = 0
        for byte in subject.utf8.reversed() {
            if byte == UInt8(ascii: ".") {
                break
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 19 else {
                return nil
            }
            value += UInt64(byte - UInt8(ascii: "0")) * multiplier
            multiplier &*= 10
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    // MARK: - The heap

    private mutating func push(_ deadline: Instant, _ token: UInt64) {
        deadlines.append((deadline, token))
        var child = deadlines.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard deadlines[child].deadline < deadlines[parent].deadline else {
                break
            }
            deadlines.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() {
        deadlines.swapAt(0, deadlines.count - 1)
        deadlines.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < deadlines.count, deadlines[left].deadline < deadlines[first].deadline {
                first = left
            }
            if right < deadlines.count, deadlines[right].deadline < deadlines[first].deadline {
                first = right
            }
            if first == parent {
                return
            }
            deadlines.swapAt(parent, first)
            parent = first
        }
    }

    /// Keeps only the live deadlines: a sorted array is a valid min-heap.
    private mutating func rebuild() {
        deadlines = waiters.map { ($0.value.deadline, $0.key) }.sorted { $0.deadline < $1.deadline }
    }
}
