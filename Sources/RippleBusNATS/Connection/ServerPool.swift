/// The servers a ``NATSConnection`` may connect to, in the order it tries them: those
/// the caller gave (explicit) and those the cluster announced in `INFO`'s `connect_urls`
/// (learned). A value type with no sockets or clocks of its own, so the choice of the
/// next server can be tested alone.
///
/// Each pick moves the chosen server to the back, so the others are tried before it
/// again; a server whose failed attempts in a row exceed the reconnect policy's
/// `maxAttempts` leaves the pool, and an empty pool means the client gives up.
struct ServerPool {
    /// One server and what the pool knows of its attempts.
    struct Server: Equatable {
        var address: ServerAddress
        /// Announced by the cluster rather than given by the caller: dropped again when a
        /// later `INFO` no longer announces it.
        let learned: Bool
        /// Failed attempts in a row (a connection that proved itself resets it).
        var failures = 0
        /// When the last attempt on it started, if any.
        var lastAttempt: ContinuousClock.Instant?

        /// `host:port`, what tells two servers apart.
        var key: String { Self.key(address) }

        static func key(_ address: ServerAddress) -> String {
            "\(address.host.lowercased()):\(address.port)"
        }
    }

    /// The servers, the next one to try first.
    private(set) var servers: [Server]
    /// Whether new servers are shuffled in (the default) or kept in the given order.
    let randomize: Bool

    /// A pool of `urls`, each a URL or a comma-separated list of them; repeated
    /// `host:port`s are kept once (the first).
    ///
    /// - Throws: ``NATSError/invalidURL(_:)`` for a malformed URL or an empty list.
    init(urls: [String], randomize: Bool, using generator: inout some RandomNumberGenerator) throws(NATSError) {
        self.randomize = randomize
        servers = []
        for url in urls.flatMap(Self.split) {
            let address = try ServerAddress(parsing: url)
            if !servers.contains(where: { $0.key == Server.key(address) }) {
                servers.append(Server(address: address, learned: false))
            }
        }
        if servers.isEmpty {
            throw .invalidURL(urls.joined(separator: ","))
        }
        if randomize {
            servers.shuffle(using: &generator)
        }
    }

    /// The URLs in `list`, separated by commas, spaces around them ignored.
    static func split(_ list: String) -> [String] {
        list.split(separator: ",").map { part in
            String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }.filter { !$0.isEmpty }
    }

    var isEmpty: Bool { servers.isEmpty }

    /// Applies `transform` to every server's address (credentials from the options).
    mutating func updateAddresses(_ transform: (inout ServerAddress) -> Void) {
        for index in servers.indices {
            transform(&servers[index].address)
        }
    }

    /// Takes the next server to try: the first whose failures do not exceed `maxAttempts`
    /// (servers past it are removed), moved to the back. `nil` when none is left.
    mutating func next(maxAttempts: Int?) -> Server? {
        if let maxAttempts {
            servers.removeAll { $0.failures > maxAttempts }
        }
        guard !servers.isEmpty else {
            return nil
        }
        let server = servers.removeFirst()
        servers.append(server)
        return server
    }

    /// How long to wait before trying `server` now: its backoff for the failures so far
    /// plus `jitter`, less the time since its last attempt; zero for a server never tried
    /// or whose last attempt succeeded.
    func wait(before server: Server, policy: NATSReconnectPolicy, jitter: Duration, now: ContinuousClock.Instant) -> Duration {
        guard server.failures > 0, let last = server.lastAttempt else {
            return .zero
        }
        let remaining = policy.delay(beforeAttempt: server.failures) + jitter - (now - last)
        return max(.zero, remaining)
    }

    /// Records that an attempt on `key` started at `now`.
    mutating func attempted(_ key: String, at now: ContinuousClock.Instant) {
        update(key) { $0.lastAttempt = now }
    }

    /// Records a failed attempt (or a connection that did not prove itself) on `key`.
    mutating func failed(_ key: String) {
        update(key) { $0.failures += 1 }
    }

    /// Records a connection on `key` that proved itself: its backoff starts over.
    mutating func succeeded(_ key: String) {
        update(key) { $0.failures = 0 }
    }

    /// Moves `key` to the back, so that every other server is tried before it (a server
    /// in lame-duck mode is about to go).
    mutating func demote(_ key: String) {
        if let index = servers.firstIndex(where: { $0.key == key }) {
            servers.append(servers.remove(at: index))
        }
    }

    /// Takes in the cluster's `connect_urls` (`host:port` each) as announced by the server
    /// at `current`: new ones join the pool (shuffled among themselves unless the order is
    /// kept) with `current`'s scheme and credentials; learned ones no longer announced
    /// leave it, unless they are `current`. Explicit servers always stay.
    ///
    /// A server announced by IP address keeps the name `current` is verified by, when that
    /// is a host name (the caller's, or the one `current` itself kept), as its
    /// `tlsName`: a certificate names the cluster's host names, seldom its IPs.
    ///
    /// - Returns: Whether the pool changed.
    @discardableResult
    mutating func learn(_ connectURLs: [String], current: ServerAddress, using generator: inout some RandomNumberGenerator) -> Bool {
        var announced: [ServerAddress] = []
        for url in connectURLs {
            guard var address = try? ServerAddress(parsing: url) else {
                continue
            }
            address.user = current.user
            address.password = current.password
            address.token = current.token
            address.tls = current.tls
            if Self.isIPAddress(address.host), !Self.isIPAddress(current.verifiedName) {
                address.tlsName = current.verifiedName
            }
            if !announced.contains(where: { Server.key($0) == Server.key(address) }) {
                announced.append(address)
            }
        }
        let before = servers.map(\.key)
        let keys = Set(announced.map(Server.key))
        let currentKey = Server.key(current)
        servers.removeAll { $0.learned && $0.key != currentKey && !keys.contains($0.key) }
        var added = announced.filter { address in !servers.contains { $0.key == Server.key(address) } }
        if randomize {
            added.shuffle(using: &generator)
        }
        servers.append(contentsOf: added.map { Server(address: $0, learned: true) })
        return servers.map(\.key) != before
    }

    /// Whether `host` is an IP address (IPv4 dotted decimal, or IPv6, which alone has colons)
    /// rather than a name.
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") {
            return true
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true
        }
    }

    private mutating func update(_ key: String, _ change: (inout Server) -> Void) {
        if let index = servers.firstIndex(where: { $0.key == key }) {
            change(&servers[index])
        }
    }
}
