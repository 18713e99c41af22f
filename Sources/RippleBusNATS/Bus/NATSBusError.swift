/// What a ``NATSEventBus`` reports on its ``NATSEventBus/errors`` stream: messages a
/// subscription could not deliver (it goes on with the next one), and the connection's
/// own errors.
///
/// ```swift
/// bus.errors
///     .subscribe(onNext: { error in log.warning("bus: \(error)") })
///     .disposed(by: disposeBag)
/// ```
public enum NATSBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message on `subject` is not a bus envelope, or its payload does not decode as
    /// the subscriber's type.
    case undecodable(subject: String, reason: String)
    /// The envelope names another type than the subscriber's.
    case unexpectedType(subject: String, found: String, expected: String)
    /// The event was written with a newer schema than the subscriber knows.
    case newerSchemaVersion(subject: String, type: String, version: Int, supported: Int)
    /// The subscription's buffer was full: `dropped` messages on `subject` arrived while it
    /// held ``NATSEventBus/subscriptionBufferLimit`` undelivered ones, or had no room left
    /// under ``NATSEventBus/subscriptionBufferByteLimit``, and were dropped. Reported as the
    /// drops happen; drops close together may share one report.
    case slowConsumer(subject: String, dropped: Int)
    /// A responder's handler threw; `message` is its error's description.
    case remote(subject: String, message: String)
    /// A durable subscription gave up on the event stored as `streamSequence` after
    /// `deliveries` deliveries: its handler threw a ``DurableRejection/terminate(reason:)``,
    /// or failed on the last delivery its ``DurableRetryPolicy`` allows (`reason` is then
    /// the error's description), and the event was terminated (`+TERM`); or the server
    /// published its max-deliveries advisory for the event, no answer having come within
    /// the ack wait of the last delivery. Either way it stays in the stream, never
    /// delivered to this consumer again, and is reported once.
    case poisonMessage(subject: String, streamSequence: UInt64, deliveries: Int, reason: String)
    /// An error of the connection (a server `-ERR`, a reconnect that gave up).
    case connection(NATSError)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .undecodable(let subject, let reason): "undecodable message on '\(subject)': \(reason)"
        case .unexpectedType(let subject, let found, let expected): "message on '\(subject)' is a '\(found)', expected '\(expected)'"
        case .newerSchemaVersion(let subject, let type, let version, let supported):
            "message on '\(subject)' is '\(type)' version \(version); this subscriber reads up to version \(supported)"
        case .slowConsumer(let subject, let dropped): "slow subscriber on '\(subject)': \(dropped) messages dropped (buffer full)"
        case .remote(let subject, let message): "the responder on '\(subject)' failed: \(message)"
        case .poisonMessage(let subject, let sequence, let deliveries, let reason):
            "event #\(sequence) on '\(subject)' given up after \(deliveries) deliveries: \(reason)"
        case .connection(let error): error.description
        }
    }
}
