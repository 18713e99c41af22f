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

    /// Starts a server with `config` (nats-server configuration text) on a free port.
    public init(config: String = "", jetStream: Bool = false) throws {
        port = try Self.freePort()
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

    /// Terminates the server and waits for it to exit.
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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// Polls `condition` every 5 ms for up to `seconds`; whether it came true.
public func natsEventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline {
            return false
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
