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
    // One encoder for what the byte encoder leaves to `JSONEncoder` (its `encode` keeps
    // no state between calls), rather than one made and thrown away each time.
    private static let encoder = JSONEncoder()

    /// The envelope of `event`, named `name` (`E.busName`, which a bus looks up once per type).
    ///
    /// The envelope's fields are written in the documented order, the payload by
    /// ``JSONByteEncoder``: the JSON `JSONEncoder` writes, with the members of each object
    /// in encoding order (Linux's `JSONEncoder` orders them by hash). Where the byte
    /// encoder declines, `JSONEncoder` writes the payload (and throws its errors).
    static func encode<E: BusEvent>(_ event: E, name: String = E.busName) throws -> [UInt8] {
        try encode(event, name: name, version: E.schemaVersion)
    }

    private static func encode<Payload: Encodable>(_ payload: Payload, name: String, version: Int) throws -> [UInt8] {
        let writer = JSONByteEncoder()
        writer.append(raw: #"{"type":"#.utf8)
        try writer.encode(name)
        writer.append(raw: #","version":"#.utf8)
        try writer.encode(version)
        writer.append(raw: #","payload":"#.utf8)
        let head = writer.bytes.count
        do {
            try writer.encode(payload)
        } catch {
            writer.restart(keeping: head)
            writer.append(raw: try encoder.encode(payload))
        }
        writer.append(raw: CollectionOfOne(UInt8(ascii: "}")))
        return writer.bytes
    }

    static func encodeFailure(_ error: any Error) -> [UInt8] {
        (try? encode(RemoteFailure(message: "\(error)"), name: RemoteFailure.typeName, version: 1)) ?? []
    }

    /// Reads an event of type `E` (named `name`) from `message`, or says why it cannot.
    ///
    /// An envelope of the expected type and version is read in one pass; anything else
    /// is read again, head first, to say exactly what is wrong with it.
    static func decode<E: BusEvent>(_ type: E.Type, from message: NATSMessage, using decoder: JSONDecoder, name: String = E.busName) -> Result<E, NATSBusError> {
        if let event = try? decodeAccepted(E.self, from: message.payload, name: name) {
            return .success(event)
        }
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

    /// An envelope of type `name` and a version up to `E`'s, read by ``JSONByteDecoder``;
    /// it throws for anything else, which ``decode(_:from:using:name:)`` then reads with
    /// `JSONDecoder` (so the errors, and the odd document only it reads, are its).
    static func decodeAccepted<E: BusEvent>(_ type: E.Type, from bytes: [UInt8], name: String) throws -> E {
        let reader = JSONByteDecoder(bytes: bytes)
        let members = try reader.members(at: reader.validate())
        guard let typeAt = try reader.value(forKey: "type", in: members),
            let versionAt = try reader.value(forKey: "version", in: members),
            let payloadAt = try reader.value(forKey: "payload", in: members),
            try reader.string(at: typeAt) == name,
            try reader.integer(Int.self, at: versionAt) <= E.schemaVersion
        else {
            throw JSONByteDecoder.Unsupported()
        }
        return try reader.decode(E.self, at: payloadAt)
    }
}
