import Foundation

/// A NATS server's side played by a small python3 script on a free loopback port, for
/// behaviour nats-server never shows (a peer that stops reading, a TLS peer that tells
/// an orderly close from an abrupt one).
///
/// The script prints its port first (``greeting(info:)`` does it, and greets the one
/// client it accepts); the peer is killed by ``stop()``.
final class PythonPeer: Sendable {
    let port: Int
    private let process: Process
    private let output: Pipe

    /// The start every such script shares: listens on a free loopback port, prints it,
    /// accepts one client as `peer` and sends it `INFO` with `info`, a JSON object.
    static func greeting(info: String) -> String {
        """
        import socket, ssl, sys, time
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        print(server.getsockname()[1], flush=True)
        peer, _ = server.accept()
        peer.sendall(b'INFO \(info)\\r\\n')

        """
    }

    /// Starts `python3 -c script arguments…` and reads the port it prints.
    init(script: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        self.process = process
        self.output = output
        port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Whether the script is still running.
    var isRunning: Bool {
        process.isRunning
    }

    /// What the script printed after its port, once it has ended.
    func remainingOutput() -> String {
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func stop() {
        // SIGKILL: the child may inherit a signal mask that blocks SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}
