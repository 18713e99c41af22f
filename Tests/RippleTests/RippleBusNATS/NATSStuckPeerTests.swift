import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// A peer that completes the handshake and then never reads again: the client's socket
/// buffers fill and a publisher's write waits for room. Played by python3, since
/// nats-server always reads.
private let stuckPeerScript = PythonPeer.greeting(info: #"{"server_id":"stuck","version":"2.9.10","max_payload":1048576,"headers":true}"#) + """
    seen = b""
    while b"PING\\r\\n" not in seen:
        seen += peer.recv(65536)
    peer.sendall(b"PONG\\r\\n")
    time.sleep(30)
    """

/// Publishes 512 KB chunks on `connection` from a thread of its own until a publish
/// throws; returns that error and the longest a publish call took, or `nil` if the
/// publisher is still going after `seconds`.
private func publishUntilRefused(_ connection: NATSConnection, within seconds: Double) -> (error: NATSError, longest: Duration)? {
    let outcome = LockedValue<(error: NATSError?, longest: Duration)>((nil, .zero))
    let ended = DispatchSemaphore(value: 0)
    let chunk = [UInt8](repeating: 0x61, count: 512 * 1024)
    Thread.detachNewThread {
        // Fills the socket's buffers; a write then waits for room until the write
        // timeout, which drops the connection and buffers that publish.
        let clock = ContinuousClock()
        while true {
            var failure: NATSError?
            let took = clock.measure {
                do throws(NATSError) {
                    try connection.publish(chunk, to: "stuck")
                } catch {
                    failure = error
                }
            }
            outcome.withLock { $0.longest = max($0.longest, took) }
            if let failure {
                outcome.withLock { $0.error = failure }
                break
            }
        }
        ended.signal()
    }
    guard ended.wait(timeout: .now() + seconds) == .success else {
        return nil
    }
    return outcome.withLock { outcome in outcome.error.map { ($0, outcome.longest) } }
}

extension RippleTests {
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 plays the stuck peer"))
    struct NATSStuckPeerTests {
        @Test func aPublishToAServerThatStoppedReadingGivesUpAtTheWriteTimeoutAndIsBuffered() async throws {
            let peer = try PythonPeer(script: stuckPeerScript)
            defer { peer.stop() }
            #expect(peer.port > 0)
            var options = NATSConnectionOptions()
            options.writeTimeout = .milliseconds(300)
            // One chunk fits the reconnect buffer, two do not.
            options.reconnectBufferSize = 600 * 1024
            // Stays reconnecting (the peer accepts no one else) for the whole test.
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .seconds(30), maxDelay: .seconds(30))
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(peer.port)", options: options)
            let errors = LockedValue<[NATSError]>([])
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            let outcome = try #require(publishUntilRefused(connection, within: 5))
            #expect(outcome.error == .reconnectBufferFull(limit: 600 * 1024))
            #expect(outcome.longest < .milliseconds(1_000))
            #expect(connection.bufferedByteCount > 512 * 1024)
            #expect(await eventually(timeout: .seconds(2)) { errors.withLock { $0 }.first == .writeTimedOut(after: .milliseconds(300)) })
            // The state changes on the connection's own queue, after the error is reported.
            #expect(await eventually(timeout: .seconds(2)) { connection.currentState == .reconnecting })
            let clock = ContinuousClock()
            let closing = clock.measure { connection.close() }
            #expect(closing < .seconds(2))
            errorSubscription.dispose()
        }

        @Test func keepalivePingsOnAStuckPeerDoNotHoldAPublisherPastTheWriteTimeout() async throws {
            let peer = try PythonPeer(script: stuckPeerScript)
            defer { peer.stop() }
            var options = NATSConnectionOptions()
            options.writeTimeout = .milliseconds(300)
            // Pings that slip in between publishes wait for room too, under the same bound.
            options.pingInterval = .milliseconds(100)
            options.maxPingsOutstanding = 2
            options.reconnect = NATSReconnectPolicy(maxAttempts: 0)
            options.reconnectBufferSize = 64 * 1024
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(peer.port)", options: options)
            let outcome = try #require(publishUntilRefused(connection, within: 5))
            #expect(outcome.error == .reconnectBufferFull(limit: 64 * 1024) || outcome.error == .closed, "\(outcome.error)")
            #expect(outcome.longest < .milliseconds(1_000))
            let clock = ContinuousClock()
            let closing = clock.measure { connection.close() }
            #expect(closing < .seconds(2))
        }
    }
}
