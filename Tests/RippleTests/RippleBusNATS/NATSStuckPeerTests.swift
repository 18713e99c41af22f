import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Ripple
@testable import RippleBusNATS

/// A peer that completes the handshake and then never reads again: the client's socket
/// buffers fill and a publisher blocks in `send`. Played by a small python3 script, since
/// nats-server always reads.
private final class StuckPeer: Sendable {
    private static let script = """
        import socket, sys, time
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        print(server.getsockname()[1], flush=True)
        peer, _ = server.accept()
        peer.sendall(b'INFO {"server_id":"stuck","version":"2.9.10","max_payload":1048576,"headers":true}\\r\\n')
        seen = b""
        while b"PING\\r\\n" not in seen:
            seen += peer.recv(65536)
        peer.sendall(b"PONG\\r\\n")
        time.sleep(30)
        """
    let port: Int
    private let process: Process

    init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        self.process = process
        port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    func stop() {
        // SIGKILL: the child may inherit a signal mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension RippleTests {
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 plays the stuck peer"))
    struct NATSStuckPeerTests {
        @Test func aPublisherStuckOnAPeerThatStoppedReadingIsFreedByTheKeepaliveAndCloseReturns() async throws {
            let peer = try StuckPeer()
            defer { peer.stop() }
            #expect(peer.port > 0)
            var options = NATSConnectionOptions()
            options.pingInterval = .milliseconds(200)
            options.maxPingsOutstanding = 2
            options.reconnect = NATSReconnectPolicy(maxAttempts: 0)
            options.reconnectBufferSize = 64 * 1024
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(peer.port)", options: options)
            let outcome = LockedValue<String?>(nil)
            let ended = DispatchSemaphore(value: 0)
            let chunk = [UInt8](repeating: 0x61, count: 512 * 1024)
            Thread.detachNewThread {
                // Fills the socket's buffers; a send then blocks until the keepalive finds
                // the pings unanswered and shuts the socket down.
                while true {
                    do {
                        try connection.publish(chunk, to: "stuck")
                    } catch {
                        outcome.withLock { $0 = String(describing: error) }
                        break
                    }
                }
                ended.signal()
            }
            // Without the bound, the publisher stays in `send` as long as TCP allows (minutes).
            #expect(ended.wait(timeout: .now() + 10) == .success)
            #expect(outcome.withLock { $0 } != nil)
            let clock = ContinuousClock()
            let closing = clock.measure { connection.close() }
            #expect(closing < .seconds(2))
        }
    }
}
