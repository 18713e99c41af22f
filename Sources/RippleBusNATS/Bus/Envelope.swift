import FoundationEssentials

/// The JSON every bus message carries: `{"type": name, "version": n, "payload": {...}}`.
///
/// The type and version come first so a receiver checks them before it reads the
/// payload, and a receiver in any language can route on them.
struct Envelope<Payload: Encodable>: Encodable {
    let type: String
    let version: Int
    let payload: Payload
}

/// The envelope's head alone, read before the payload.
struct EnvelopeHead: Decodable {
    let type: String
    let version: Int
}

/// The envelope's payload, read once the head is accepted.
struct EnvelopeBody<Payload: Decodable>: Decodable {
    let payload: Payload
}

/// The whole envelope in one pass: what an accepted message costs.
struct WholeEnvelope<Payload: Decodable>: Decodable {
    let type: String
    let version: Int
    let payload: Payload
}

/// What a responder whose handler threw sends back instead of an answer.
struct RemoteFailure: Codable {
    static let typeName = "ripple.error"
    let message: String
}

enum EnvelopeCoding {
    // One encoder for every publish (its `encode` keeps no state between calls), rather
    // than one made and thrown away each time.
    private static let encoder = JSONEncoder()

    /// The envelope of `event`, named `name` (`E.busName`, which a bus looks up once per type).
    static func encode<E: BusEvent>(_ event: E, name: String = E.busName) throws -> [UInt8] {
        Array(try encoder.encode(Envelope(type: name, version: E.schemaVersion, payload: event)))
    }

    static func encodeFailure(_ error: any Error) -> [UInt8] {
        let envelope = Envelope(type: RemoteFailure.typeName, version: 1, payload: RemoteFailure(message: "\(error)"))
        return (try? Array(JSONEncoder().encode(envelope))) ?? []
    }

    /// Reads an event of type `E` (named `name`) from `message`, or says why it cannot.
    ///
    /// An envelope of the expected type and version is read in one pass; anything else
    /// is read again, head first, to say exactly what is wrong with it.
    static func decode<E: BusEvent>(_ type: E.Type, from message: NATSMessage, using decoder: JSONDecoder, name: String = E.busName) -> Result<E, NATSBusError> {
        let data = Data(message.payload)
        if let whole = try? decoder.decode(WholeEnvelope<E>.self, from: data), whole.type == name, whole.version <= E.schemaVersion {
            return .success(whole.payload)
        }
        let head: EnvelopeHead
        do {
            head = try decoder.decode(EnvelopeHead.self, from: data)
        } catch {
            return .failure(.undecodable(subject: message.subject, reason: "not a bus envelope: \(error)"))
        }
        if head.type == RemoteFailure.typeName, let failure = try? decoder.decode(EnvelopeBody<RemoteFailure>.self, from: data) {
            return .failure(.remote(subject: message.subject, message: failure.payload.message))
        }
        guard head.type == name else {
            return .failure(.unexpectedType(subject: message.subject, found: head.type, expected: name))
        }
        guard head.version <= E.schemaVersion else {
            return .failure(.newerSchemaVersion(subject: message.subject, type: head.type, version: head.version, supported: E.schemaVersion))
        }
        do {
            return .success(try decoder.decode(EnvelopeBody<E>.self, from: data).payload)
        } catch {
            return .failure(.undecodable(subject: message.subject, reason: "\(error)"))
        }
    }
}
