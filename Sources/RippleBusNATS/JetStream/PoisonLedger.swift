import Ripple

/// The stream sequences a durable subscription has reported as poison, so that one
/// message is reported once although both the subscription (on `+TERM`) and the
/// server's max-deliveries advisory may tell of it, in either order.
///
/// Bound: it remembers the last ``capacity`` sequences; two reports of one message
/// further apart than that many other poison messages would both go out.
final class PoisonLedger: Sendable {
    /// How many reported sequences are remembered.
    static let capacity = 1_024

    // The sequences, as a set for look-ups and in report order for forgetting the oldest.
    private let reported = LockedValue<(set: Set<UInt64>, order: [UInt64])>(([], []))

    /// Whether `streamSequence` is reported for the first time; records it.
    func isFirstReport(of streamSequence: UInt64) -> Bool {
        reported.withLock { reported in
            guard reported.set.insert(streamSequence).inserted else {
                return false
            }
            reported.order.append(streamSequence)
            if reported.order.count > Self.capacity {
                reported.set.remove(reported.order.removeFirst())
            }
            return true
        }
    }
}
