import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `nats-server` of the caller's own, for tests, the tour and the benchmark: a free
/// loopback port (127.0.0.1 only), a config file in a temporary directory, started,
/// stopped and restarted on the same port by the caller, and stopped at deinit.
// `@unchecked Sendable`: `process`, its one mutable field, is reached only under `lock`.
public final class NATSLocalServer: @unchecked Sendable {
    /// Where `nats-server` is, if installed (Debian puts it in /usr/sbin).
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/bin", "/usr/bin"]
        return directories.map { $0 + "/nats-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether `nats-server` is installed.
    public static var isInstalled: Bool { executable != nil }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// Its temporary directory (config file, JetStream store).
    public let directory: URL
    // `NSLock` rather than `Mutex`, which needs macOS 15 / iOS 18 (see README, Platforms).
    private let lock = NSLock()
    // Guarded by `lock`; `nil` once stopped.
    private var process: Process?

    /// The port its cluster routes listen on, for a member of a ``cluster(size:config:)``.
    public let clusterPort: Int?

    /// Starts a server with `config` (nats-server configuration text) on a free port.
    public convenience init(config: String = "", jetStream: Bool = false) throws {
        try self.init(port: Self.freePort(), clusterPort: nil, config: config, jetStream: jetStream)
    }

    /// Starts `size` servers routed to each other into one cluster on loopback, each with
    /// a free client port and a free route port, and waits until every one announces all
    /// the others to its clients (`connect_urls`), so a client of any of them can find the rest.
    ///
    /// - Parameters:
    ///   - size: How many servers (at least 2).
    ///   - config: Configuration text every server gets as well (lame-duck timings, say).
    /// - Returns: The servers, each stopped at its deinit.
    public static func cluster(size: Int = 3, config: String = "") throws -> [NATSLocalServer] {
        let ports = try (0..<size).map { _ in (client: try freePort(), route: try freePort()) }
        let routes = ports.map { "nats-route://127.0.0.1:\($0.route)" }.joined(separator: ", ")
        let servers = try ports.enumerated().map { index, port in
            let text = config + """

                server_name: ripple-\(index)
                cluster {
                    name: ripple
                    listen: 127.0.0.1:\(port.route)
                    routes: [\(routes)]
                }

                """
            return try NATSLocalServer(port: port.client, clusterPort: port.route, config: text, jetStream: false)
        }
        let deadline = Date().addingTimeInterval(10)
        while !servers.allSatisfy({ $0.announcedPeers() >= size - 1 }) {
            guard Date() < deadline else {
                throw ServerError.didNotStart(servers[0].port)
            }
            usleep(20_000)
        }
        return servers
    }

    private init(port: Int, clusterPort: Int?, config: String, jetStream: Bool) throws {
        self.port = port
        self.clusterPort = clusterPort
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-nats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var text = config
        if jetStream {
            text += "\njetstream { store_dir: \"\(directory.path)/js\" }\n"
        }
        try text.write(to: directory.appendingPathComponent("server.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `nats://127.0.0.1:<port>`.
    public var url: String { "nats://127.0.0.1:\(port)" }

    /// Launches the server and waits until its port accepts connections.
    public func start() throws {
        guard let executable = Self.executable else {
            throw ServerError.notInstalled
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", directory.appendingPathComponent("server.conf").path, "-a", "127.0.0.1", "-p", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        lock.lock()
        self.process = process
        lock.unlock()
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard Date() < deadline, process.isRunning else {
                throw ServerError.didNotStart(port)
            }
            usleep(10_000)
        }
    }

    /// Puts the server in lame-duck mode (the `SIGUSR2` nats-server handles): it stops
    /// accepting clients, tells the connected ones (`ldm` in an `INFO`) and, after its
    /// `lame_duck_grace_period`, closes them over its `lame_duck_duration`, then exits.
    public func enterLameDuckMode() {
        lock.lock()
        let pid = process?.processIdentifier
        lock.unlock()
        if let pid {
            kill(pid, SIGUSR2)
        }
    }

    /// How many other servers this one announces to its clients, read from the `INFO`
    /// it sends a new connection (0 if it cannot be read).
    func announcedPeers() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        guard Self.connect(fd, port: port) else {
            return 0
        }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !line.contains(UInt8(ascii: "\n")) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 {
                return 0
            }
            line.append(contentsOf: buffer[..<count])
        }
        guard let start = line.firstIndex(of: UInt8(ascii: "{")),
              let object = try? JSONSerialization.jsonObject(with: Data(line[start...])) as? [String: Any],
              let urls = object["connect_urls"] as? [String] else {
            return 0
        }
        // `connect_urls` lists this server too.
        return max(0, urls.count - 1)
    }

    /// Terminates the server and waits for it to exit; one still running a second later
    /// (in lame-duck mode, which waits out its grace period) is killed.
    public func stop() {
        lock.lock()
        let taken = process.take()
        lock.unlock()
        guard let process = taken else {
            return
        }
        if process.isRunning {
            process.terminate()
        }
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Why the server could not be started.
    public enum ServerError: Error {
        /// `nats-server` is not on PATH nor in /usr/sbin.
        case notInstalled
        /// It exited, or did not accept connections on this port within 10 seconds.
        case didNotStart(Int)
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        guard let port = bindToFreeLoopbackPort(fd) else {
            throw ServerError.didNotStart(0)
        }
        return port
    }

    /// Binds `fd`, an IPv4 stream socket, to a port of 127.0.0.1 that the system picks
    /// among the free ones (tests' fake servers listen there).
    ///
    /// - Returns: The port, or `nil` if binding failed.
    public static func bindToFreeLoopbackPort(_ fd: Int32) -> Int? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Bool in
                bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return connect(fd, port: port)
    }

    private static func connect(_ fd: Int32, port: Int) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
