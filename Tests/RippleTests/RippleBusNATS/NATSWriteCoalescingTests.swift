import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS

/// Publishes are queued and written together: what the server receives must still be
/// every publish, whole, in order, with the `SUB`/`UNSUB` lines where they were made.
extension RippleTests {
    struct NATSWriteCoalescingTests {
        @Test func aLonePublishReachesTheServerWithoutAFlush() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            try connection.publish(Array("one".utf8), to: "lone")
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("PUB lone 3\r\none\r\n") })
            connection.close()
        }

        @Test func aHandlersPublishIsWrittenByTheReadLoopOnceItsBatchIsHandled() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            let subscription = try connection.subscribe(to: "asks") { message in
                // On the read loop's thread: queued, and written when the loop has
                // handled the messages it has (no flusher, no flush()).
                try? connection.publish(message.payload, to: "answers")
            }
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("SUB asks 1") })
            server.push(0, "MSG asks 1 2\r\nq1\r\nMSG asks 1 2\r\nq2\r\n")
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("PUB answers 2\r\nq1\r\nPUB answers 2\r\nq2\r\n") })
            subscription.dispose()
            connection.close()
        }

        @Test func publishesSubscriptionsAndUnsubscriptionsOfOneThreadLeaveInTheOrderTheyWereMade() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            try connection.publish([0x61], to: "order.a")
            let subscription = try connection.subscribe(to: "order.sub") { _ in }
            try connection.publish([0x62], to: "order.b")
            subscription.dispose()
            try connection.publish([0x63], to: "order.c")
            try await connection.flush()
            let wire = server.received(0)
            let marks = ["PUB order.a ", "SUB order.sub ", "PUB order.b ", "UNSUB ", "PUB order.c "].map { wire.offsets(of: $0) }
            #expect(marks.allSatisfy { $0.count == 1 }, "\(wire)")
            #expect(marks.map { $0.first ?? -1 } == marks.map { $0.first ?? -1 }.sorted())
            connection.close()
        }

        @Test func publishesFromSeveralThreadsPastManyFullBuffersArriveWholeAndInEachThreadsOrder() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            let perThread = 1_000
            // 200-byte payloads: each thread alone fills the 64 KB buffer three times over.
            let payload = [UInt8](repeating: 0x7A, count: 200)
            let failures = AtomicValue<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                for index in 0..<perThread {
                    do {
                        try connection.publish(payload, to: "many.\(thread).\(index)")
                    } catch {
                        failures.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
            // The fake server takes seconds to read and answer 600 KB in a debug build,
            // several times that under the Thread Sanitizer: a wide deadline, as the point is
            // what arrives, not how soon.
            try await connection.flush(timeout: .seconds(60))
            #expect(failures.load(ordering: .relaxed) == 0)
            // Every frame whole (its line, then exactly its payload), each thread's in order.
            let lines = server.received(0).components(separatedBy: "\r\n")
            var seen: [[Int]] = [[], [], []]
            var index = 0
            while index < lines.count {
                let line = lines[index]
                index += 1
                guard line.hasPrefix("PUB many.") else {
                    continue
                }
                let parts = line.split(separator: " ")
                let name = parts[1].split(separator: ".")
                #expect(parts.count == 3 && parts[2] == "200" && index < lines.count && lines[index] == String(repeating: "z", count: 200))
                index += 1
                if let thread = Int(name[1]), let sequence = Int(name[2]) {
                    seen[thread].append(sequence)
                }
            }
            #expect(seen == Array(repeating: Array(0..<perThread), count: 3))
            #expect(connection.bufferedByteCount == 0)
            connection.close()
        }

        @Test func closeWaitsForAWriteInProgressAndWhatIsQueuedStillReachesTheServer() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let release = DispatchSemaphore(value: 0)
            var hooks = NATSConnectionHooks()
            // The write holding the socket goes on only once close() has decided to close.
            hooks.beforeCloseSend = { _ in release.signal() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)", options: NATSConnectionOptions(), hooks: hooks)
            let flusherFree = holdWriteLock(of: connection, until: release)
            let closing = ContinuousClock().measure { connection.close() }
            flusherFree.signal()
            // The queued publish went out behind the write in progress, before the socket
            // was shut down, and close() did not need all of its bound for it.
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("PUB tail 4\r\nlast\r\n") })
            #expect(closing < NATSConnection.closeSendBound)
        }

        @Test func closeWaitsForAStuckWriteNoLongerThanItsBound() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)")
            let release = DispatchSemaphore(value: 0)
            let flusherFree = holdWriteLock(of: connection, until: release)
            let closing = ContinuousClock().measure { connection.close() }
            release.signal()
            flusherFree.signal()
            #expect(closing >= NATSConnection.closeSendBound)
            #expect(closing < NATSConnection.closeSendBound + .seconds(1))
            #expect(await eventually(timeout: .seconds(5)) { connection.currentState == .closed })
        }

        /// Publishes "last" to "tail" so that it stays queued (the flusher is held until the
        /// returned semaphore is signalled), then holds the socket's write lock from another
        /// thread until `release` is signalled; returns once the lock is held.
        private func holdWriteLock(of connection: NATSConnection, until release: DispatchSemaphore) -> DispatchSemaphore {
            let flusherFree = DispatchSemaphore(value: 0)
            connection.flusher.async { flusherFree.wait() }
            try? connection.publish(Array("last".utf8), to: "tail")
            let transport = connection.guarded.withLock { $0.machine.link }
            let holding = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? transport?.write {
                    holding.signal()
                    release.wait()
                    return nil
                }
            }
            holding.wait()
            return flusherFree
        }
    }
}
