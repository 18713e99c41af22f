import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS

/// A peer that completes the handshake and then never reads again: the client's socket
/// buffers fill and a publisher blocks in `send`. Played by python3, since nats-server
/// always reads.
private let stuckPeerScript = PythonPeer.greeting(info: #"{"server_id":"stuck","version":"2.9.10","max_payload":1048576,"headers":true}"#) + """
    seen = b""
    while b"PING\\r\\n" not in seen:
        seen += peer.recv(65536)
    peer.sendall(b"PONG\\r\\n")
    time.sleep(30)
    """

extension RippleTests {
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 plays the stuck peer"))
    struct NATSStuckPeerTests {
        @Test func aPublisherStuckOnAPeerThatStoppedReadingIsFreedByTheKeepaliveAndCloseReturns() async throws {
            let peer = try PythonPeer(script: stuckPeerScript)
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
