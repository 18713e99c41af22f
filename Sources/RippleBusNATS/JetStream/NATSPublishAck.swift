/// The stream's answer to a publish it stored (its `PubAck`).
///
/// ```swift
/// bus.publishAcknowledged(OrderPlaced(id: 7), messageID: "order-7")
///     .subscribe(onSuccess: { ack in print("stored as", ack.sequence, ack.duplicate ? "(again)" : "") })
/// ```
public struct NATSPublishAck: Sendable, Equatable, Decodable {
    /// The stream that stored the message.
    public var stream: String
    /// The message's sequence number in the stream.
    public var sequence: UInt64
    /// Whether the stream already had a message with the same `Nats-Msg-Id` within its
    /// duplicate window: this one was not stored again, and `sequence` is the first one's.
    public var duplicate: Bool

    enum CodingKeys: String, CodingKey {
        case stream, sequence = "seq", duplicate
    }

    /// An acknowledgement.
    ///
    /// - Parameters:
    ///   - stream: The stream's name.
    ///   - sequence: The stored message's sequence number.
    ///   - duplicate: Whether it was a duplicate.
    public init(stream: String, sequence: UInt64, duplicate: Bool = false) {
        self.stream = stream
        self.sequence = sequence
        self.duplicate = duplicate
    }

    /// Reads a `PubAck` object; `duplicate` is absent when false.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stream = try container.decode(String.self, forKey: .stream)
        sequence = try container.decode(UInt64.self, forKey: .sequence)
        duplicate = try container.decodeIfPresent(Bool.self, forKey: .duplicate) ?? false
    }
}
