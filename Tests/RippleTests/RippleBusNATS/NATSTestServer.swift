import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A `nats-server` of the test's own: a free loopback port, a config file in a temporary
/// directory, started and stopped (and restarted on the same port) by the test.
final class NATSTestServer: Sendable {
    /// Where `nats-server` is, if installed (Debian puts it in /usr/sbin).
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/bin", "/usr/bin"]
        return directories.map { $0 + "/nats-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isInstalled: Bool { executable != nil }

    let port: Int
    let directory: URL
    private let process = Mutex<Process?>(nil)

    /// Starts a server with `config` (nats-server configuration text) on a free port.
    init(config: String = "", jetStream: Bool = false) throws {
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

    var url: String { "nats://127.0.0.1:\(port)" }

    /// Launches the server and waits until its port accepts connections.
    func start() throws {
        guard let executable = Self.executable else {
            throw ServerError.notInstalled
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", directory.appendingPathComponent("server.conf").path, "-a", "127.0.0.1", "-p", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process.withLock { $0 = process }
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard Date() < deadline, process.isRunning else {
                throw ServerError.didNotStart(port)
            }
            usleep(10_000)
        }
    }

    /// Terminates the server and waits for it to exit.
    func stop() {
        guard let process = process.withLock({ $0.take() }) else {
            return
        }
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    enum ServerError: Error {
        case notInstalled
        case didNotStart(Int)
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
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
        guard bound else {
            throw ServerError.didNotStart(0)
        }
        return Int(UInt16(bigEndian: address.sin_port))
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

/// Polls `condition` every 5 ms for up to `seconds`.
func natsEventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline {
            return false
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
