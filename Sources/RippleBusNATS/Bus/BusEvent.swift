/// An event that can travel between processes on a ``NATSEventBus``: `Codable` for the
/// JSON payload, with a stable name for its subject and a schema version.
///
/// The defaults are the type's own name (`String(describing:)`, so `UserFetchEvent`, never
/// a mangled name) and version 1. Override ``busName`` to keep the subject when you rename
/// the type, and raise ``schemaVersion`` when the payload changes shape: a subscriber
/// reports events of a newer version than its own on ``NATSEventBus/errors`` instead of
/// misreading them.
///
/// ```swift
/// struct OrderPlaced: BusEvent {
///     static let busName = "orders.placed"      // survives a rename of the type
///     static let schemaVersion = 2              // `total` became cents
///     let id: String
///     let totalCents: Int
/// }
/// ```
public protocol BusEvent: Codable, Sendable {
    /// The name on the wire: the last token(s) of the event's subject and the envelope's
    /// `type`. Dots make several subject tokens (`orders.placed`).
    static var busName: String { get }
    /// The payload's schema version, written in the envelope; a subscriber accepts it
    /// up to its own version.
    static var schemaVersion: Int { get }
}

extension BusEvent {
    /// The type's own name, such as `UserFetchEvent` (for a generic type `Box<Int>`).
    public static var busName: String {
        String(describing: Self.self)
    }

    /// Version 1.
    public static var schemaVersion: Int {
        1
    }
}
