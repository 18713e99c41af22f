/// The subscriptions of one connection by sid, and which transport each was last sent
/// on, kept under the connection's lock. It makes the protocol lines; the connection
/// decides when to write them (under the socket's write lock, so a `SUB` is sent once
/// per transport and before the `UNSUB` that cancels it).
///
/// Bound: one record per live subscription (the request inbox included); the lines it
/// makes are rebuilt from the records, never kept.
struct SubscriptionTable<Handler> {
    /// One subscription.
    struct Record {
        let subject: String
        let queueGroup: String?
        let handler: Handler
        /// The transport whose server has this subscription (`nil`: none yet).
        var sentOn: UInt64?
    }

    private(set) var records: [UInt64: Record] = [:]
    /// The sid the next ``add(subject:queueGroup:handler:)`` hands out.
    private(set) var nextSid: UInt64 = 1

    /// Adds a subscription, not yet sent anywhere; returns its sid.
    mutating func add(subject: String, queueGroup: String?, handler: Handler) -> UInt64 {
        let sid = nextSid
        nextSid += 1
        records[sid] = Record(subject: subject, queueGroup: queueGroup, handler: handler)
        return sid
    }

    /// Removes `sid`'s record and returns it.
    @discardableResult
    mutating func remove(_ sid: UInt64) -> Record? {
        records.removeValue(forKey: sid)
    }

    /// Removes every record but `kept`'s.
    mutating func removeAll(keeping kept: UInt64? = nil) {
        records = records.filter { $0.key == kept }
    }

    /// Whether `sid` exists and its `SUB` was not sent on transport `link`.
    func isUnsent(_ sid: UInt64, on link: UInt64) -> Bool {
        guard let record = records[sid] else {
            return false
        }
        return record.sentOn != link
    }

    /// `sid`'s `SUB` line, marking it sent on `link`; `nil` when there is no such record or
    /// it was already sent there.
    mutating func send(_ sid: UInt64, on link: UInt64) -> [UInt8]? {
        guard let record = records[sid], record.sentOn != link else {
            return nil
        }
        records[sid]?.sentOn = link
        var bytes: [UInt8] = []
        ClientCommand.subscribe(subject: record.subject, queueGroup: record.queueGroup, sid: sid, into: &bytes)
        return bytes
    }

    /// The `SUB` lines of every record `included` and not sent on `link`, appended to
    /// `bytes`, each marked sent there (a fresh transport's renewal).
    mutating func renew(on link: UInt64, into bytes: inout [UInt8], including included: (UInt64) -> Bool) {
        for (sid, record) in records where record.sentOn != link && included(sid) {
            ClientCommand.subscribe(subject: record.subject, queueGroup: record.queueGroup, sid: sid, into: &bytes)
            records[sid]?.sentOn = link
        }
    }

    /// `UNSUB` lines, in sid order, for every record sent on `link` but `excluded`'s.
    func unsubscribeAll(on link: UInt64, excluding excluded: UInt64?) -> [UInt8] {
        var bytes: [UInt8] = []
        for (sid, record) in records.sorted(by: { $0.key < $1.key }) where sid != excluded && record.sentOn == link {
            ClientCommand.unsubscribe(sid: sid, into: &bytes)
        }
        return bytes
    }

    /// The handlers by sid (the read loop's copy).
    var handlers: [UInt64: Handler] {
        records.mapValues(\.handler)
    }
}
