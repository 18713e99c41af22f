import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// A loopback port nothing listens on any more (a fake server's, stopped).
private func deadPort() throws -> Int {
    let server = try FakeNATSServer()
    server.stop()
    return server.port
}

private func inOrder() -> NATSConnectionOptions {
    var options = NATSConnectionOptions()
    options.randomizeServerOrder = false
    return options
}

extension RippleTests {
    /// Failing over between servers with fake servers, which drop a connection or
    /// announce lame-duck mode on demand.
    struct NATSFailoverTests {
        @Test func aListIsTriedInTheGivenOrderUntilAServerAnswers() async throws {
            let dead = try deadPort()
            let live = try FakeNATSServer()
            defer { live.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(dead), nats://127.0.0.1:\(live.port)", options: inOrder())
            defer { connection.close() }
            #expect(connection.connectedServer == "127.0.0.1:\(live.port)")
            #expect(connection.currentState == .connected)
            // The dead one is still in the pool, behind the one that answered.
            #expect(connection.serverPool == ["127.0.0.1:\(dead)", "127.0.0.1:\(live.port)"])
        }

        @Test func theFirstConnectThrowsOnceEveryServerWasTriedOnce() async throws {
            let urls = try [deadPort(), deadPort(), deadPort()].map { "nats://127.0.0.1:\($0)" }
            let clock = ContinuousClock()
            var thrown: NATSError?
            let took = await clock.measure {
                do {
                    _ = try await NATSConnection.connect(to: urls, options: inOrder())
                } catch {
                    thrown = error as? NATSError
                }
            }
            guard case .connectionFailed = thrown else {
                Issue.record("expected connectionFailed, got \(String(describing: thrown))")
                return
            }
            // Each server once, no backoff between first tries.
            #expect(took < .seconds(1))
        }

        @Test func aServerAnnouncedInInfoIsWhereTheClientGoesWhenItsServerDies() async throws {
            let second = try FakeNATSServer()
            defer { second.stop() }
            // `x:0` is not a server (port 0): it is skipped.
            let first = try FakeNATSServer(connectURLs: ["x:0", "127.0.0.1:\(second.port)"])
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(first.port)", options: inOrder())
            defer { connection.close() }
            #expect(connection.serverPool == ["127.0.0.1:\(first.port)", "127.0.0.1:\(second.port)"])
            let subscription = try connection.subscribe(to: "orders.>") { _ in }
            defer { subscription.dispose() }
            first.stop()
            #expect(await eventually(timeout: .seconds(5)) { connection.connectedServer == "127.0.0.1:\(second.port)" })
            #expect(await eventually(timeout: .seconds(2)) { second.connectionCount == 1 && second.received(0).contains("SUB orders.> ") })
        }

        @Test func lameDuckModeMovesTheClientToAnotherServerAndIsReported() async throws {
            let second = try FakeNATSServer()
            defer { second.stop() }
            let first = try FakeNATSServer()
            defer { first.stop() }
            let connection = try await NATSConnection.connect(
                to: ["nats://127.0.0.1:\(first.port)", "nats://127.0.0.1:\(second.port)"], options: inOrder()
            )
            defer { connection.close() }
            let errors = LockedValue<[NATSError]>([])
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            defer { errorSubscription.dispose() }
            let subscription = try connection.subscribe(to: "jobs") { _ in }
            defer { subscription.dispose() }
            #expect(connection.connectedServer == "127.0.0.1:\(first.port)")
            first.push(0, FakeNATSServer.info(connectURLs: ["127.0.0.1:\(first.port)", "127.0.0.1:\(second.port)"], lameDuck: true))
            #expect(await eventually(timeout: .seconds(5)) { connection.connectedServer == "127.0.0.1:\(second.port)" })
            #expect(await eventually(timeout: .seconds(2)) { second.received(0).contains("SUB jobs ") })
            #expect(errors.withLock { $0 } == [.lameDuckMode(server: "127.0.0.1:\(first.port)")])
            // The lame duck was not tried again.
            #expect(first.connectionCount == 1)
        }

        @Test func lameDuckModeWithNowhereToGoIsNotReportedAndKeepsTheConnection() async throws {
            let only = try FakeNATSServer()
            defer { only.stop() }
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(only.port)")
            defer { connection.close() }
            only.push(0, FakeNATSServer.info(connectURLs: [], lameDuck: true))
            try await connection.flush()
            #expect(connection.serverInfo?.lameDuckMode == true)
            #expect(connection.currentState == .connected)
            #expect(only.connectionCount == 1)
        }
    }

    /// Failing over across a real 3-node nats-server cluster on loopback.
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSClusterTests {
        @Test func aFirstConnectThatFailsIsRetriedWhenAsked() async throws {
            let server = try NATSLocalServer()
            server.stop()
            var options = NATSConnectionOptions()
            options.retryOnFailedConnect = true
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(100))
            let connection = try await NATSConnection.connect(to: server.url, options: options)
            defer { connection.close() }
            #expect(connection.currentState == .reconnecting)
            let received = LockedValue<[String]>([])
            let subscription = try connection.subscribe(to: "early") { message in
                received.withLock { $0.append(String(decoding: message.payload, as: UTF8.self)) }
            }
            defer { subscription.dispose() }
            try connection.publish(Array("kept".utf8), to: "early")
            #expect(connection.bufferedByteCount > 0)
            try server.start()
            // The subscription is renewed before the buffer is sent: the message comes back.
            #expect(await eventually(timeout: .seconds(5)) { received.withLock { $0 } == ["kept"] })
            #expect(connection.currentState == .connected)
        }

        @Test func clientsGivenTheListOrOneNodeKeepDeliveringAsNodesDieUnderLoad() async throws {
            let nodes = try NATSLocalServer.cluster(size: 3)
            defer { nodes.forEach { $0.stop() } }
            var options = NATSConnectionOptions()
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
            options.reconnect.jitter = .milliseconds(20)
            // The publisher knows every node; the subscriber only the first, and finds the
            // others in its `INFO`.
            let publisher = try await NATSConnection.connect(to: nodes.map(\.url).joined(separator: ","), options: options)
            defer { publisher.close() }
            let subscriber = try await NATSConnection.connect(to: nodes[0].url, options: options)
            defer { subscriber.close() }
            #expect(Set(subscriber.serverPool) == Set(nodes.map { "127.0.0.1:\($0.port)" }))
            let received = LockedValue<[Int]>([])
            let subscription = try subscriber.subscribe(to: "load") { message in
                let sequence = Int(String(decoding: message.payload, as: UTF8.self)) ?? -1
                received.withLock { $0.append(sequence) }
            }
            defer { subscription.dispose() }
            try await subscriber.flush()
            // Let the subscription's interest reach every node's routes.
            #expect(await eventually(timeout: .seconds(5)) {
                try? publisher.publish(Array("-1".utf8), to: "load")
                return received.withLock { $0.contains(-1) }
            })
            let published = AtomicValue<Int>(0)
            let stop = AtomicValue<Bool>(false)
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                var sequence = 0
                while !stop.load(ordering: .acquiring) {
                    if (try? publisher.publish(Array(String(sequence).utf8), to: "load")) != nil {
                        sequence += 1
                        published.store(sequence, ordering: .releasing)
                    }
                    usleep(200)
                }
                finished.signal()
            }
            let clock = ContinuousClock()
            // Each kill: the sequence published just before it, the one published once both
            // clients were on other nodes again (the subscriber's `SUB` processed there),
            // and the time that took.
            var kills: [(before: Int, after: Int, took: Duration)] = []
            try await Task.sleep(for: .milliseconds(300))
            // First the subscriber's only given node, then the node the publisher is on then:
            // both end on the last node, which the subscriber knows only from `INFO`.
            var victims = [0]
            for round in 0..<2 {
                if round == 1 {
                    victims.append(try #require(nodes.firstIndex { "127.0.0.1:\($0.port)" == publisher.connectedServer }))
                }
                // Sequences from `before` on are published after the kill began.
                let before = published.load(ordering: .acquiring)
                let start = clock.now
                let victim = "127.0.0.1:\(nodes[victims[round]].port)"
                nodes[victims[round]].stop()
                #expect(await eventually(timeout: .seconds(10)) {
                    [publisher, subscriber].allSatisfy { $0.currentState == .connected && $0.connectedServer.map { $0 != victim } == true }
                })
                try await subscriber.flush()
                let after = published.load(ordering: .acquiring)
                kills.append((before, after, clock.now - start))
                #expect(await eventually(timeout: .seconds(10)) { received.withLock { $0.last ?? -1 } >= after })
                try await Task.sleep(for: .milliseconds(300))
            }
            stop.store(true, ordering: .releasing)
            finished.wait()
            try await publisher.flush()
            let total = published.load(ordering: .acquiring)
            #expect(await eventually(timeout: .seconds(5)) { received.withLock { $0.last } == total - 1 })
            let got = received.withLock { $0 }.filter { $0 >= 0 }
            // Never twice, never out of order.
            #expect(zip(got, got.dropFirst()).allSatisfy { $0 < $1 })
            // Every loss lies between the last message delivered from before a kill and the
            // first delivered from after both clients were back: what was in flight through
            // the dying node, or routed while a client had no server or its interest had
            // not reached the publisher's node yet. Nothing else is lost.
            let present = Set(got)
            let missing = (0..<total).filter { !present.contains($0) }
            let windows = kills.map { kill in
                (got.last { $0 < kill.before } ?? -1, got.first { $0 >= kill.after } ?? total)
            }
            let outside = missing.filter { sequence in !windows.contains { $0.0 < sequence && sequence < $0.1 } }
            #expect(outside.isEmpty, "lost outside the failovers: \(outside.prefix(20))")
            #expect(kills.allSatisfy { $0.took < .seconds(5) })
            print("cluster failover: \(total) published, \(missing.count) lost, windows \(windows), both back after \(kills.map(\.took))")
            #expect(victims.count == 2 && victims[0] != victims[1])
        }

        @Test func aNodeInLameDuckModeIsLeftBeforeItClosesItsClients() async throws {
            let nodes = try NATSLocalServer.cluster(size: 2, config: "lame_duck_grace_period: 10s\nlame_duck_duration: 30s\n")
            defer { nodes.forEach { $0.stop() } }
            var options = inOrder()
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
            let connection = try await NATSConnection.connect(to: nodes[0].url, options: options)
            defer { connection.close() }
            let errors = LockedValue<[NATSError]>([])
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            defer { errorSubscription.dispose() }
            let clock = ContinuousClock()
            let start = clock.now
            nodes[0].enterLameDuckMode()
            #expect(await eventually(timeout: .seconds(5)) { connection.connectedServer == "127.0.0.1:\(nodes[1].port)" })
            // Well within the grace period, after which the server would start closing clients.
            let moved = clock.now - start
            #expect(moved < .seconds(5))
            print("lame-duck mode: moved to another node after \(moved)")
            // `errors` is announced on the connection's event queue, after the fact: it may
            // reach the subscriber a moment after the move it explains.
            #expect(await eventually { errors.withLock { $0 }.first == .lameDuckMode(server: "127.0.0.1:\(nodes[0].port)") })
            #expect(connection.currentState == .connected)
        }
    }
}
