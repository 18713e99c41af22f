import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// Interleavings of the connection's threads that timing alone makes rare, forced with
/// ``FakeNATSServer`` and the connection's internal ``NATSConnectionHooks``.
extension RippleTests {
    struct NATSConnectionRaceTests {
        /// The connection under test, set once connected, for hooks made before it exists;
        /// the test clears it at the end (the connection holds the hooks that hold it).
        private final class Late: Sendable {
            let connection = LockedValue<NATSConnection?>(nil)
            var value: NATSConnection {
                connection.withLock { $0! }
            }
        }

        private func connect(_ server: FakeNATSServer, options: NATSConnectionOptions = NATSConnectionOptions(), hooks: NATSConnectionHooks? = nil) async throws -> NATSConnection {
            try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)", options: options, hooks: hooks)
        }

        /// Waits until `connection` is connected on the server's connection `count` (1-based).
        private func reconnected(_ connection: NATSConnection, _ server: FakeNATSServer, count: Int) async -> Bool {
            await eventually(timeout: .seconds(5)) { server.connectionCount == count && connection.currentState == .connected }
        }

        @Test func publishesMadeWhileTheReconnectionDrainIsWritingCountAgainstTheBufferBoundAndSubscriptionsDoNot() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let late = Late()
            let drains = AtomicValue<Int>(0)
            let refused = LockedValue<[String]>([])
            let bufferedDuringDrain = LockedValue<[Int]>([])
            let payload = [UInt8](repeating: 0x61, count: 1000)
            var options = NATSConnectionOptions()
            // Four 1000-byte publishes fit (about 1016 protocol bytes each), five do not.
            options.reconnectBufferSize = 4096
            var hooks = NATSConnectionHooks()
            hooks.beforeActivateWrite = { transport in
                let connection = late.value
                let publish = { (subject: String) in
                    do {
                        try connection.publish(payload, to: subject)
                    } catch {
                        refused.withLock { $0.append(subject) }
                    }
                }
                switch drains.wrappingAdd(1, ordering: .relaxed).newValue {
                case 1:
                    // The second connection's first chunk (the two SUB lines): buffered.
                    publish("t.1")
                    publish("t.2")
                    publish("t.3")
                case 2:
                    // The chunk of t.1…t.3 is being written: it still counts.
                    publish("t.4")
                    publish("t.5")
                    bufferedDuringDrain.withLock { $0.append(connection.bufferedByteCount) }
                    // ...and its write fails: everything goes back to the buffer.
                    transport.shutdown()
                default:
                    bufferedDuringDrain.withLock { $0.append(connection.bufferedByteCount) }
                }
            }
            let connection = try await connect(server, options: options, hooks: hooks)
            late.connection.withLock { $0 = connection }
            let first = try connection.subscribe(to: "s.one") { _ in }
            let second = try connection.subscribe(to: "s.two") { _ in }
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("SUB s.two") })
            server.drop(0)
            #expect(await reconnected(connection, server, count: 3))
            try await connection.flush()

            #expect(refused.withLock { $0 } == ["t.5"])
            #expect(bufferedDuringDrain.withLock { $0 }.allSatisfy { $0 <= 4096 })
            #expect(connection.bufferedByteCount == 0)
            let wire = server.received(2)
            // Each subscription renewed once (its SUB is never kept among the publishes),
            // then the publishes, in order.
            #expect(wire.offsets(of: "SUB s.one").count == 1)
            #expect(wire.offsets(of: "SUB s.two").count == 1)
            let publishes = ["t.1", "t.2", "t.3", "t.4"].map { wire.offsets(of: "PUB \($0) ") }
            #expect(publishes.allSatisfy { $0.count == 1 })
            #expect(publishes.map { $0.first ?? -1 } == publishes.map { $0.first ?? -1 }.sorted())
            #expect(wire.offsets(of: "SUB s.two")[0] < publishes[0][0])
            first.dispose()
            second.dispose()
            connection.close()
            late.connection.withLock { $0 = nil }
        }

        @Test func aPublishWhoseWriteFailsAfterTheReconnectionDrainedIsSentInOrderOnTheNewConnection() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let armed = AtomicValue<Bool>(false)
            let entered = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            var hooks = NATSConnectionHooks()
            hooks.beforePublishWrite = { _ in
                if armed.exchange(false, ordering: .relaxed) {
                    entered.signal()
                    proceed.wait()
                }
            }
            let connection = try await connect(server, hooks: hooks)
            armed.store(true, ordering: .relaxed)
            let outcome = LockedValue<[String]>([])
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                for subject in ["late.first", "late.second"] {
                    do {
                        try connection.publish(Array("x".utf8), to: subject)
                        outcome.withLock { $0.append("sent") }
                    } catch {
                        outcome.withLock { $0.append("\(error)") }
                    }
                }
                done.signal()
            }
            #expect(entered.wait(timeout: .now() + 5) == .success)
            // The publisher holds the first connection's transport; that connection dies,
            // and a new one is made and drained before the publisher writes.
            server.drop(0)
            #expect(await reconnected(connection, server, count: 2))
            proceed.signal()
            #expect(done.wait(timeout: .now() + 5) == .success)
            try await connection.flush()
            #expect(outcome.withLock { $0 } == ["sent", "sent"])
            let wire = server.received(1)
            let first = wire.offsets(of: "PUB late.first ")
            let second = wire.offsets(of: "PUB late.second ")
            #expect(first.count == 1 && second.count == 1)
            #expect((first.first ?? .max) < (second.first ?? -1))
            #expect(connection.bufferedByteCount == 0)
            connection.close()
        }

        @Test func racingFirstRequestsMakeOneInboxSubscriptionWhoseSUBPrecedesEveryRequest() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            // Stress: many rounds of two first requests released at once. (The guarantee
            // itself rests on the inbox record being made under the lock that hands out
            // the token, and on every request sending the SUB, if not yet sent on this
            // transport, under the socket's write lock before its PUB.)
            for round in 0..<40 {
                let connection = try await connect(server)
                let start = DispatchSemaphore(value: 0)
                let bag = LockedValue<[any Disposable]>([])
                for _ in 0..<2 {
                    Thread.detachNewThread {
                        start.wait()
                        let disposable = connection.request(Array("q".utf8), to: "service", timeout: .seconds(5)).subscribe { (_: SingleEvent<NATSMessage>) in }
                        bag.withLock { $0.append(disposable) }
                    }
                }
                start.signal()
                start.signal()
                #expect(await eventually(timeout: .seconds(5)) { server.received(round).offsets(of: "PUB service _INBOX.").count == 2 })
                let wire = server.received(round)
                let subscriptions = wire.offsets(of: "SUB _INBOX.")
                #expect(subscriptions.count == 1)
                #expect(wire.offsets(of: "PUB service _INBOX.").allSatisfy { $0 > (subscriptions.first ?? .max) })
                bag.withLock { $0 }.forEach { $0.dispose() }
                connection.close()
            }
        }

        @Test func aSubscriptionDisposedOrMadeWhileTheReconnectionDrainsHasItsSUBBeforeItsUNSUBAndOnlyOnce() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let late = Late()
            let disposing = LockedValue<(any Disposable & Sendable)?>(nil)
            let joining = LockedValue<(any Disposable & Sendable)?>(nil)
            let drains = AtomicValue<Int>(0)
            let disposed = AtomicValue<Bool>(false)
            var hooks = NATSConnectionHooks()
            hooks.beforeActivateWrite = { _ in
                guard drains.wrappingAdd(1, ordering: .relaxed).newValue == 1 else {
                    return
                }
                // Between deciding the chunk (with `doomed`'s SUB) and writing it: the
                // window where an UNSUB decided elsewhere could overtake that SUB, and a
                // new subscription could be sent twice or not at all.
                let started = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    started.signal()
                    disposing.withLock { $0 }?.dispose()
                    disposed.store(true, ordering: .releasing)
                }
                Thread.detachNewThread {
                    started.signal()
                    let subscription = try? late.value.subscribe(to: "joined") { _ in }
                    joining.withLock { $0 = subscription }
                }
                started.wait()
                started.wait()
                Thread.sleep(forTimeInterval: 0.1)
            }
            let connection = try await connect(server, hooks: hooks)
            late.connection.withLock { $0 = connection }
            let doomed = try connection.subscribe(to: "doomed") { _ in }
            disposing.withLock { $0 = doomed }
            #expect(await eventually(timeout: .seconds(5)) { server.received(0).contains("SUB doomed") })
            server.drop(0)
            #expect(await reconnected(connection, server, count: 2))
            // On a loaded machine either thread may run late; the flush below proves only
            // what was written before it, so wait until both calls have returned.
            #expect(await eventually(timeout: .seconds(5)) { joining.withLock { $0 } != nil && disposed.load(ordering: .acquiring) })
            try await connection.flush()
            let wire = server.received(1)
            let sub = wire.offsets(of: "SUB doomed 1\r\n")
            let unsub = wire.offsets(of: "UNSUB 1\r\n")
            #expect(sub.count == 1 && unsub.count == 1)
            #expect((sub.first ?? .max) < (unsub.first ?? -1))
            #expect(wire.offsets(of: "SUB joined ").count == 1)
            joining.withLock { $0 }?.dispose()
            connection.close()
            // The hooks hold these boxes, and what they hold holds the connection.
            late.connection.withLock { $0 = nil }
            joining.withLock { $0 = nil }
            disposing.withLock { $0 = nil }
        }

        @Test func aServerThatDropsEachConnectionRightAfterTheHandshakeIsRetriedWithBackoff() async throws {
            let server = try FakeNATSServer(closesAfterHandshake: true)
            defer { server.stop() }
            var options = NATSConnectionOptions()
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(50), maxDelay: .seconds(2))
            let connection = try await connect(server, options: options)
            try await Task.sleep(for: .seconds(1))
            let attempts = server.connectionCount
            connection.close()
            // Waits of 50, 100, 200, 400 ms fit in a second: about five connections.
            // Without backoff the client reconnected at once, hundreds of times.
            #expect(attempts >= 3)
            #expect(attempts <= 7)
        }

        @Test func connectionsThatDropRightAfterTheHandshakeCountAsFailedAttempts() async throws {
            let server = try FakeNATSServer(closesAfterHandshake: true)
            defer { server.stop() }
            var options = NATSConnectionOptions()
            options.reconnect = NATSReconnectPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), maxDelay: .milliseconds(40))
            let connection = try await connect(server, options: options)
            #expect(await eventually(timeout: .seconds(5)) { connection.currentState == .closed })
            // The first connection, then two attempts: the policy's limit.
            #expect(server.connectionCount == 3)
        }
    }
}
