/// What a durable subscription's handler throws to say how an event failed, when the
/// retry policy's default (redeliver after the next backoff) is not what it needs.
///
/// ```swift
/// try await bus.subscribeDurably(Order.self, stream: "ORDERS", durable: "billing") { order in
///     guard order.total >= 0 else {
///         throw DurableRejection.terminate(reason: "negative total")   // never again
///     }
///     guard paymentService.isUp else {
///         throw DurableRejection.retry(after: .seconds(30))           // not before 30 s
///     }
///     try charge(order)                                             // other errors: the policy's backoff
/// }
/// ```
public enum DurableRejection: Error, Sendable, Equatable {
    /// Never deliver this event again (`+TERM`); it is reported as
    /// ``NATSBusError/poisonMessage(subject:streamSequence:deliveries:reason:)`` with `reason`.
    case terminate(reason: String)
    /// Deliver it again after `after` rather than after the policy's next wait (`-NAK`
    /// with a delay), within the policy's `maxDeliveries`.
    case retry(after: Duration)
}
