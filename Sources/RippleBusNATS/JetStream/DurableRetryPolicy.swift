/// How a durable subscription retries an event whose handler failed: at most
/// `maxDeliveries` deliveries in all, each retry after the next wait of `backoff`.
///
/// The default (5 deliveries, after 1 s, 5 s, then 30 s) keeps one failing event from
/// being redelivered in a tight loop; after its last delivery it is terminated and
/// reported as ``NATSBusError/poisonMessage(subject:streamSequence:deliveries:reason:)``.
///
/// ```swift
/// let patient = DurableRetryPolicy(maxDeliveries: 10, backoff: [.seconds(1), .seconds(10), .minutes(1)])
/// ```
public struct DurableRetryPolicy: Sendable, Equatable {
    /// The most times one event is delivered, the first delivery included (the
    /// consumer's `max_deliver`); at least 1.
    public var maxDeliveries: Int
    /// The waits before the second, third, … delivery of an event whose handler failed;
    /// the last one repeats for later deliveries, and an empty list retries at once.
    /// Events never acknowledged (their process died) are redelivered after `ackWait`
    /// plus the same waits (the consumer's `backoff`).
    public var backoff: [Duration]

    /// A retry policy.
    ///
    /// - Parameters:
    ///   - maxDeliveries: The most deliveries of one event; at least 1.
    ///   - backoff: The waits before each redelivery of a failed event.
    public init(maxDeliveries: Int = 5, backoff: [Duration] = [.seconds(1), .seconds(5), .seconds(30)]) {
        self.maxDeliveries = maxDeliveries
        self.backoff = backoff
    }

    /// The wait before the delivery after delivery `delivery` (1-based) failed.
    func delay(after delivery: Int) -> Duration {
        guard let last = backoff.last else {
            return .zero
        }
        return delivery - 1 < backoff.count ? backoff[max(0, delivery - 1)] : last
    }

    /// The consumer's `backoff`: the ack wait of each delivery, `ackWait` first then
    /// `ackWait` plus each wait, at most `maxDeliveries - 1` of them (the server refuses more).
    func consumerBackoff(ackWait: Duration) -> [Duration] {
        guard maxDeliveries > 1, !backoff.isEmpty else {
            return []
        }
        let waits = [ackWait] + (1..<(maxDeliveries - 1)).map { ackWait + delay(after: $0) }
        return Array(waits.prefix(maxDeliveries - 1))
    }
}
