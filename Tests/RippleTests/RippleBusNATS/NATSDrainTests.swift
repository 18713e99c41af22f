import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

extension RippleTests {
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSDrainTests {
        @Test func drainingAConnectionDeliversEveryMessageSentBeforeItThenCloses() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            let received = AtomicValue<Int>(0)
            _ = try connection.subscribe(to: "drained") { _ in
                _ = received.wrappingAdd(1, ordering: .relaxed)
            }
            try await connection.flush()
            // Published on the same socket before the `UNSUB`s: the server routes every one
            // back before it reads them.
            for index in 0..<2_000 {
                try connection.publish(Array(String(index).utf8), to: "drained")
            }
            try await connection.drain()
            #expect(received.load(ordering: .relaxed) == 2_000)
            #expect(connection.currentState == .closed)
            #expect(throws: NATSError.closed) { _ = try connection.subscribe(to: "late") { _ in } }
        }

        @Test func drainingABusWaitsForItsHandlersToTakeEveryEvent() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let handled = LockedValue<[Int]>([])
            _ = try bus.subscribe(Job.self) { job in
                Thread.sleep(forTimeInterval: 0.001)
                handled.withLock { $0.append(job.id) }
            }
            try await bus.flush()
            for id in 0..<300 {
                try bus.publish(Job(id: id))
            }
            try await bus.drain()
            // About 0.3 s of handling was still queued when `drain` began.
            #expect(handled.withLock { $0 } == Array(0..<300))
            #expect(bus.connection.currentState == .closed)
        }

        @Test func aReconnectionDuringADrainRenewsOnlyTheInbox() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            defer { connection.close() }
            _ = try connection.subscribe(to: "drained.a") { _ in }
            // A request makes the inbox subscription (sid 2); nobody answers it.
            let request = connection.request([], to: "nobody", timeout: .seconds(30)).subscribe { (_: SingleEvent<NATSMessage>) in }
            defer { request.dispose() }
            try await connection.flush()
            #expect(server.received(0).contains("SUB drained.a 1\r\n"))
            // The drain's `UNSUB` goes out; its flush then waits for a `PONG` that the lost
            // connection never sends. (The first half of `drain`, which leaves closing to it.)
            server.answerPings(false)
            let drain = Task { try await connection.drainSubscriptions(timeout: .seconds(10)) }
            #expect(await eventually { server.received(0).contains("UNSUB 1\r\n") })
            server.answerPings(true)
            server.drop(0)
            await #expect(throws: NATSError.connectionFailed("connection lost")) { try await drain.value }
            #expect(await eventually { server.connectionCount == 2 && connection.currentState == .connected })
            try await connection.flush()
            let renewed = server.received(1)
            #expect(!renewed.contains("drained.a"))
            #expect(renewed.contains("SUB _INBOX."))
        }

        @Test func drainingAClosedConnectionThrowsClosed() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            connection.close()
            #expect(await eventually(timeout: .seconds(2)) { connection.currentState == .closed })
            await #expect(throws: NATSError.closed) { try await connection.drain() }
        }
    }
}
