/// How a ``NATSConnection`` identifies itself, authenticates, times out and reconnects.
///
/// ```swift
/// var options = NATSConnectionOptions(name: "billing-worker")
/// options.user = "billing"
/// options.password = ProcessInfo.processInfo.environment["NATS_PASSWORD"]
/// options.reconnect = .init(maxAttempts: 60, initialDelay: .milliseconds(100), maxDelay: .seconds(5))
/// let bus = try await NATSEventBus.connect(to: "nats://nats.internal:4222", options: options)
/// ```
public struct NATSConnectionOptions: Sendable {
    /// The connection's name, shown by the server's monitoring (`connz`).
    public var name: String?
    /// The user name (overrides one given in the URL).
    public var user: String?
    /// The password (overrides one given in the URL).
    public var password: String?
    /// The authorization token (overrides one given in the URL).
    public var token: String?
    /// How long opening the socket and the `INFO`/TLS/`CONNECT`/`PONG` handshake may take
    /// in all: a deadline for the whole handshake, not for each read, so a server that
    /// trickles its bytes cannot hold `connect` (or a reconnect attempt) longer.
    public var connectTimeout: Duration = .seconds(2)
    /// How long one write to the socket may take (a publish, a flush's `PING`, the
    /// reconnection's drain). A server that stops reading would otherwise block the
    /// writer for as long as TCP keeps trying; past it the connection is dropped
    /// (``NATSError/writeTimedOut(after:)`` on ``NATSConnection/errors``) and re-established,
    /// and the publish that timed out is kept in the reconnect buffer.
    public var writeTimeout: Duration = .seconds(5)
    /// The longest protocol line the client sends (`PUB`/`HPUB`/`SUB` with their
    /// subject, reply subject or queue group): nats-server's default `max_control_line`,
    /// 4096 bytes. A server that closes connections over longer lines would, for a
    /// subscription renewed on every reconnect, close each one; so longer ones throw
    /// ``NATSError/controlLineTooLong(length:limit:)`` instead. Raise it with the server's.
    public var maxControlLine = 4096
    /// How often the client pings an idle server to find a dead connection.
    public var pingInterval: Duration = .seconds(120)
    /// How many pings may go unanswered before the connection is declared dead and the
    /// client reconnects.
    public var maxPingsOutstanding = 2
    /// When and how often to reconnect after the connection is lost.
    public var reconnect = NATSReconnectPolicy()
    /// Whether the servers (those given and those the cluster announces) are tried in a
    /// random order, as the official clients do by default, so that clients given the same
    /// list spread over the cluster; `false` tries the given ones in the given order.
    public var randomizeServerOrder = true
    /// Whether a first connection that fails is retried like a lost one: `connect` then
    /// returns at once, in state ``NATSConnectionState/reconnecting``, buffering publishes
    /// and keeping subscriptions until a server answers (or the policy gives up, which
    /// closes the connection). By default `connect` throws once every server was tried once.
    public var retryOnFailedConnect = false
    /// The most bytes of messages (protocol bytes, so a little more than the payloads)
    /// kept while disconnected, those a reconnection is writing included; a publish that
    /// would exceed it throws ``NATSError/reconnectBufferFull(limit:)``. Renewing the
    /// subscriptions after a reconnection does not count against it.
    public var reconnectBufferSize = 8 * 1024 * 1024
    /// How to use TLS: the CA to trust, a client certificate, whether to insist on TLS.
    /// `nil` still upgrades to TLS when the server requires it, verifying the server
    /// against the system's trusted roots; see ``NATSTLSOptions``.
    public var tls: NATSTLSOptions?

    /// Options with a connection name and the defaults for everything else.
    ///
    /// - Parameter name: The connection's name, for the server's monitoring.
    public init(name: String? = nil) {
        self.name = name
    }

    /// Throws ``NATSError/invalidOption(_:)`` for a value out of its range, so that
    /// `connect` refuses it instead of trapping or waiting forever on it later.
    func validate() throws(NATSError) {
        for (name, duration) in [("connectTimeout", connectTimeout), ("writeTimeout", writeTimeout), ("pingInterval", pingInterval)]
        where duration <= .zero {
            throw .invalidOption("\(name) must be positive, not \(duration)")
        }
        for (name, delay) in [
            ("reconnect.initialDelay", reconnect.initialDelay), ("reconnect.maxDelay", reconnect.maxDelay), ("reconnect.jitter", reconnect.jitter),
        ] where delay < .zero {
            throw .invalidOption("\(name) must not be negative, not \(delay)")
        }
        for (name, value) in [("maxPingsOutstanding", maxPingsOutstanding), ("maxControlLine", maxControlLine)] where value < 1 {
            throw .invalidOption("\(name) must be positive, not \(value)")
        }
        if reconnectBufferSize < 0 {
            throw .invalidOption("reconnectBufferSize must not be negative, not \(reconnectBufferSize)")
        }
        if let attempts = reconnect.maxAttempts, attempts < 0 {
            throw .invalidOption("reconnect.maxAttempts must not be negative, not \(attempts)")
        }
    }
}

/// When the client reconnects after losing the server, per server: exponential backoff
/// from `initialDelay`, doubling up to `maxDelay`, plus a random `jitter`, for at most
/// `maxAttempts` failed attempts in a row on each server; a server past it leaves the
/// pool, and the connection closes when none is left. A server not tried yet (another of
/// the cluster) is tried at once. A connection that ends within a second of its
/// handshake, before the server answered a ping on it, counts as a failed attempt: the
/// backoff starts over only after one that stayed up.
///
/// ```swift
/// let never = NATSReconnectPolicy(maxAttempts: 0)
/// let patient = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(250), maxDelay: .seconds(10))
/// ```
public struct NATSReconnectPolicy: Sendable {
    /// The most failed attempts in a row on one server before it leaves the pool (and,
    /// with one server, before the connection closes); `nil` retries forever, `0` never
    /// reconnects.
    public var maxAttempts: Int?
    /// The wait before the first attempt.
    public var initialDelay: Duration
    /// The longest wait between two attempts.
    public var maxDelay: Duration
    /// The most added at random to each wait, so that many clients that lost the same
    /// server do not all come back at the same instant. 100 ms by default.
    public var jitter: Duration = .milliseconds(100)

    /// A reconnect policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: The most attempts in a row; `nil` for no limit, `0` for none.
    ///   - initialDelay: The wait before the first attempt.
    ///   - maxDelay: The longest wait between attempts.
    public init(maxAttempts: Int? = 60, initialDelay: Duration = .milliseconds(50), maxDelay: Duration = .seconds(2)) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// The wait before attempt `attempt` (1-based).
    func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) {
            delay = delay * 2
            if delay >= maxDelay {
                return maxDelay
            }
        }
        return min(delay, maxDelay)
    }
}

/// Where a ``NATSConnection`` is in its life.
///
/// ```swift
/// connection.state
///     .subscribe(onNext: { print("NATS:", $0) })
///     .disposed(by: disposeBag)
/// ```
public enum NATSConnectionState: Sendable, Equatable, CustomStringConvertible {
    /// Opening the first connection.
    case connecting
    /// Connected: messages go straight to the server.
    case connected
    /// The connection was lost; the client is trying again, buffering publishes.
    case reconnecting
    /// Closed for good.
    case closed

    /// The state's name.
    public var description: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .reconnecting: "reconnecting"
        case .closed: "closed"
        }
    }
}

/// A parsed `nats://[user:password@ | token@]host[:port]` (`tls://`: TLS required).
struct ServerAddress: Equatable {
    var host: String
    var port: Int
    var user: String?
    var password: String?
    var token: String?
    var tls = false
    /// The name a TLS server's certificate is checked against (and sent as SNI) when it is
    /// not `host`: for a server the cluster announced by IP, the host name of the URL the
    /// caller gave, as the official clients do. ``NATSTLSOptions/serverName`` overrides it.
    var tlsName: String?

    /// The name a TLS handshake with this server verifies: `tlsName`, else `host`.
    var verifiedName: String {
        tlsName ?? host
    }

    init(host: String, port: Int, user: String? = nil, password: String? = nil, token: String? = nil, tls: Bool = false) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.token = token
        self.tls = tls
    }

    /// Parses `url`; a malformed one throws ``NATSError/invalidURL(_:)`` with its
    /// password or token masked, since errors end up in logs.
    init(parsing url: String) throws(NATSError) {
        do {
            try self.init(unmasked: url)
        } catch {
            throw .invalidURL(Self.masked(url))
        }
    }

    /// `url` with the password (or the token) of its credentials replaced by `***`.
    static func masked(_ url: String) -> String {
        var rest = Substring(url)
        var scheme = ""
        if let separator = rest.firstRange(of: "://") {
            scheme = String(rest[..<separator.upperBound])
            rest = rest[separator.upperBound...]
        }
        let authority = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else {
            return url
        }
        let credentials = rest[..<at]
        let user = credentials.firstIndex(of: ":").map { String(credentials[..<$0]) + ":" } ?? ""
        return scheme + user + "***" + rest[at...]
    }

    private init(unmasked url: String) throws(NATSError) {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") {
            switch rest[..<scheme.lowerBound] {
            case "nats": tls = false
            case "tls": tls = true
            default: throw .invalidURL(url)
            }
            rest = rest[scheme.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") {
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = String(credentials[..<colon]).removingPercentEncoding
                password = String(credentials[credentials.index(after: colon)...]).removingPercentEncoding
            } else {
                token = String(credentials).removingPercentEncoding
            }
        }
        port = 4222
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw .invalidURL(url)
            }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            rest = rest[colon...]
        } else {
            host = String(rest)
            rest = ""
        }
        if !rest.isEmpty {
            guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()), (1...65535).contains(number) else {
                throw .invalidURL(url)
            }
            port = number
        }
        if host.isEmpty {
            throw .invalidURL(url)
        }
    }
}

extension String {
    /// The text with `%XX` escapes decoded (credentials in URLs), or itself if malformed.
    fileprivate var removingPercentEncoding: String {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
