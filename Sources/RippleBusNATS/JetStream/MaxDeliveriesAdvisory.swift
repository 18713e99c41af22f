import FoundationEssentials

/// What the server publishes on `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.<stream>.<consumer>`
/// when a message of the consumer reached its `max_deliver` without being acknowledged:
/// the fields a durable subscription reports (the message stays in the stream).
struct MaxDeliveriesAdvisory: Decodable, Equatable {
    /// The stream the message is stored in.
    let stream: String
    /// The consumer that gave up on it.
    let consumer: String
    /// The message's sequence in the stream.
    let streamSequence: UInt64
    /// How many deliveries were attempted.
    let deliveries: Int

    /// The reason a poison report made from the advisory gives.
    static let reason = "no acknowledgement of the last delivery allowed (the server's max-deliveries advisory)"

    /// The subject the server publishes the advisories of `consumer` on `stream` to.
    static func subject(stream: String, consumer: String) -> String {
        "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.\(stream).\(consumer)"
    }

    /// The advisory in `payload`, or `nil` if it is not one (another kind, malformed).
    init?(payload: [UInt8]) {
        guard let advisory = try? JSONDecoder().decode(Self.self, from: Data(payload)) else {
            return nil
        }
        self = advisory
    }

    private enum CodingKeys: String, CodingKey {
        case type
        case stream
        case consumer
        case streamSequence = "stream_seq"
        case deliveries
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(String.self, forKey: .type) == "io.nats.jetstream.advisory.v1.max_deliver" else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a max-deliveries advisory")
        }
        stream = try container.decode(String.self, forKey: .stream)
        consumer = try container.decode(String.self, forKey: .consumer)
        streamSequence = try container.decode(UInt64.self, forKey: .streamSequence)
        deliveries = try container.decode(Int.self, forKey: .deliveries)
    }
}
