/// What a ``DeliveryLine`` did with an element it was given.
package enum DeliveryAdmission: Equatable, Sendable {
    /// Buffered for delivery.
    case accepted
    /// Buffered, and a drain must be scheduled (used inside the line only).
    case startsDrain
    /// Dropped at a bound; `reportsDrops` is `true` for the first drop since the last
    /// `takeDrops()`, whose caller should arrange to report them.
    case dropped(reportsDrops: Bool)
}
