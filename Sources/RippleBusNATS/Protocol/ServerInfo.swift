import FoundationEssentials

/// What the server says about itself in its `INFO` line.
///
/// ```swift
/// print(connection.serverInfo?.maxPayload ?? 0)
/// ```
public struct NATSServerInfo: Sendable, Equatable, Decodable {
    /// The server's unique id.
    public var serverID: String
    /// The server's version, such as `2.9.10`.
    public var version: String
    /// The largest payload (headers included) the server accepts, in bytes.
    public var maxPayload: Int
    /// Whether the server understands headers (`HPUB`/`HMSG`).
    public var headers: Bool
    /// Whether the server requires credentials.
    public var authRequired: Bool
    /// Whether the server requires TLS.
    public var tlsRequired: Bool
    /// Whether the server offers TLS.
    public var tlsAvailable: Bool
    /// Whether JetStream is enabled on the server.
    public var jetStream: Bool
    /// The other servers of the cluster that clients may connect to (`connect_urls`,
    /// `host:port` each): the client adds them to its pool of servers to fail over to.
    public var connectURLs: [String]
    /// Whether the server is in lame-duck mode (`ldm`): it is about to shut down, so the
    /// client moves to another server.
    public var lameDuckMode: Bool

    enum CodingKeys: String, CodingKey {
        case serverID = "server_id", version, maxPayload = "max_payload", headers
        case authRequired = "auth_required", tlsRequired = "tls_required"
        case tlsAvailable = "tls_available", jetStream = "jetstream"
        case connectURLs = "connect_urls", lameDuckMode = "ldm"
    }

    /// Reads an `INFO` object; every field but the id is optional on the wire.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        serverID = try container.decodeIfPresent(String.self, forKey: .serverID) ?? ""
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        maxPayload = try container.decodeIfPresent(Int.self, forKey: .maxPayload) ?? 1_048_576
        headers = try container.decodeIfPresent(Bool.self, forKey: .headers) ?? false
        authRequired = try container.decodeIfPresent(Bool.self, forKey: .authRequired) ?? false
        tlsRequired = try container.decodeIfPresent(Bool.self, forKey: .tlsRequired) ?? false
        tlsAvailable = try container.decodeIfPresent(Bool.self, forKey: .tlsAvailable) ?? false
        jetStream = try container.decodeIfPresent(Bool.self, forKey: .jetStream) ?? false
        connectURLs = try container.decodeIfPresent([String].self, forKey: .connectURLs) ?? []
        lameDuckMode = try container.decodeIfPresent(Bool.self, forKey: .lameDuckMode) ?? false
    }
}
