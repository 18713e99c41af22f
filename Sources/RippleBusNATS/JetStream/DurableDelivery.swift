import Ripple

/// The JetStream side of one delivery of a durable subscription's event: how many times
/// it was delivered, where it is in the stream, and a way to say the handler is still on it.
///
/// ```swift
/// try await bus.subscribeDurably(Video.self, stream: "VIDEOS", durable: "encoder") { video, delivery in
///     for chunk in video.chunks {
///         try encode(chunk)
///         delivery.inProgress()   // not redelivered while this takes longer than ackWait
///     }
/// }
/// ```
public struct DurableDelivery: Sendable {
    /// How many times this event was delivered, this time included (1 the first time).
    public let deliveryCount: Int
    /// The event's sequence number in the stream.
    public let streamSequence: UInt64
    private let replyTo: String?
    private let connection: NATSConnection

    init(message: NATSMessage, connection: NATSConnection) {
        self.connection = connection
        replyTo = message.replyTo
        let metadata = Self.metadata(of: message.replyTo)
        deliveryCount = metadata.deliveries
        streamSequence = metadata.streamSequence
    }

    /// Tells the server the handler is still working on the event (`+WPI`): its ack wait
    /// starts over, so it is not redelivered meanwhile. Call it more often than `ackWait`.
    public func inProgress() {
        if let replyTo {
            try? connection.publish(Array("+WPI".utf8), to: replyTo)
        }
    }

    /// Sends `verdict` (`+ACK`, `-NAK …`, `+TERM`) for the event.
    func answer(_ verdict: String) {
        if let replyTo {
            try? connection.publish(Array(verdict.utf8), to: replyTo)
        }
    }

    /// The delivery count and stream sequence in a JetStream reply subject:
    /// `$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<time>.<pending>`,
    /// or the form with a domain and an account hash after `$JS.ACK` (12 tokens or more).
    /// A subject in neither form reads as a first delivery.
    static func metadata(of replyTo: String?) -> (deliveries: Int, streamSequence: UInt64) {
        guard let replyTo else {
            return (1, 0)
        }
        let tokens = replyTo.split(separator: ".", omittingEmptySubsequences: false)
        guard tokens.count >= 9, tokens[0] == "$JS", tokens[1] == "ACK" else {
            return (1, 0)
        }
        let first = tokens.count == 9 ? 4 : 6
        guard tokens.count > first + 1, let deliveries = Int(tokens[first]), let sequence = UInt64(tokens[first + 1]) else {
            return (1, 0)
        }
        return (deliveries, sequence)
    }
}
