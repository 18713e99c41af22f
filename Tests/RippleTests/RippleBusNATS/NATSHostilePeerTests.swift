import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// Sends `bytes` to the server at `port` as a raw client of its own (after `CONNECT` with
/// headers, before a `PING`), and returns once the server answered that `PING`: whatever
/// it routed from `bytes` is on its way to the subscribers by then.
func sendAsRawClient(port: Int, _ bytes: [UInt8]) throws {
    let transport = try Transport.open(host: "127.0.0.1", port: port, timeout: .seconds(2))
    defer { transport.close() }
    transport.setReadTimeout(.seconds(2))
    var out = Array(#"CONNECT {"verbose":false,"headers":true}"#.utf8) + ClientCommand.crlf
    out += bytes
    out += ClientCommand.ping
    try transport.write(out)
    var seen: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while seen.firstRange(of: Array("PONG\r\n".utf8)) == nil {
        let count = try chunk.withUnsafeMutableBytes { buffer throws(NATSError) in try transport.read(into: buffer) }
        guard let count, count > 0 else {
            throw NATSError.connectionFailed("no PONG from the server")
        }
        seen += chunk[..<count]
    }
}

/// A serial queue held suspended, as a subscription's scheduler: the subscription's
/// buffer fills while nothing is delivered, until ``resume()``.
final class HeldQueue: Sendable {
    let queue = DispatchQueue(label: "ripple.tests.held")
    private let held = LockedValue(true)

    init() {
        queue.suspend()
    }

    deinit {
        // A test that ends early must not release the queue suspended (libdispatch traps).
        resume()
    }

    var scheduler: SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(serialQueue: queue)
    }

    /// Lets the queue run (once; a suspended queue must be resumed before it is released).
    func resume() {
        if held.withLock({ held in defer { held = false }; return held }) {
            queue.resume()
        }
    }
}

/// A peer that plays nats-server under load: the first connection is dropped shortly
/// after its handshake, the second is refused with the transient `Authentication
/// Timeout` (sent when `CONNECT` comes late), the third is served, answering pings.
private let authenticationTimeoutScript = """
    import socket, time
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    print(server.getsockname()[1], flush=True)
    info = b'INFO {"server_id":"loaded","version":"2.9.10","max_payload":1048576,"headers":true}\\r\\n'
    def handshake(peer):
        peer.sendall(info)
        seen = b""
        while b"PING\\r\\n" not in seen:
            data = peer.recv(65536)
            if not data:
                return
            seen += data
        peer.sendall(b"PONG\\r\\n")
    first, _ = server.accept()
    handshake(first)
    time.sleep(0.2)
    first.close()
    second, _ = server.accept()
    second.sendall(info)
    second.sendall(b"-ERR 'Authentication Timeout'\\r\\n")
    time.sleep(0.1)
    second.close()
    third, _ = server.accept()
    handshake(third)
    while True:
        data = third.recv(65536)
        if not data:
            break
        for _ in range(data.count(b"PING\\r\\n")):
            third.sendall(b"PONG\\r\\n")
    """

/// A peer that sends its `INFO` one byte at a time, slowly enough that only a deadline
/// on the whole handshake (not one per read) ends the wait.
private let tricklingInfoScript = """
    import socket, time
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    print(server.getsockname()[1], flush=True)
    peer, _ = server.accept()
    for byte in b'INFO {"server_id":"slow","version":"2.9.10","max_payload":1048576}\\r\\n':
        peer.sendall(bytes([byte]))
        time.sleep(0.1)
    time.sleep(5)
    """

/// A bus on a server of its own whose subscriptions have small bounds, its errors
/// collected, and a held queue to subscribe on: publishing fills a subscription's
/// buffer while nothing is delivered.
final class SlowSubscriberBench: Sendable {
    let server: NATSLocalServer
    let bus: NATSEventBus
    let held = HeldQueue()
    private let reports = LockedValue<[NATSBusError]>([])
    private let errorSubscription = LockedValue<(any Disposable)?>(nil)

    init(limit: Int, byteLimit: Int = 64 * 1024 * 1024) async throws {
        server = try NATSLocalServer()
        let connection = try await NATSConnection.connect(to: server.url)
        bus = try NATSEventBus(connection: connection, subscriptionBufferLimit: limit, subscriptionBufferByteLimit: byteLimit)
        let subscription = bus.errors.subscribe(onNext: { [weak self] error in self?.reports.withLock { $0.append(error) } })
        errorSubscription.withLock { $0 = subscription }
    }

    /// Publishes `events` on the bus's own connection and flushes: the server sends its
    /// messages to this connection before the flush's `PONG`, so they are in the
    /// subscriptions' buffers (or dropped) when this returns.
    func publish<E: BusEvent>(_ events: [E]) async throws {
        try await bus.flush()
        for event in events {
            try bus.publish(event)
        }
        try await bus.flush()
    }

    /// The drops reported, if every report is a slow consumer on `subject` (drops close
    /// together may be told in one report or several); -1 otherwise.
    func dropped(on subject: String) -> Int {
        var total = 0
        for report in reports.withLock({ $0 }) {
            guard case .slowConsumer(subject, let dropped) = report else {
                return -1
            }
            total += dropped
        }
        return total
    }

    func finish() {
        held.resume()
        errorSubscription.withLock { $0 }?.dispose()
        bus.close()
    }
}

private let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

extension RippleTests {
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed"))
    struct NATSHostilePeerTests {
        @Test func aMalformedHeaderBlockFromAnotherClientIsReportedAndTheStreamGoesOn() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            let states = LockedValue<[NATSConnectionState]>([])
            let errors = LockedValue<[NATSError]>([])
            let stateSubscription = connection.state.subscribe(onNext: { state in states.withLock { $0.append(state) } })
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            let received = LockedValue<[String]>([])
            let subscription = try connection.subscribe(to: "ripple.bus.Tick") { message in
                received.withLock { $0.append(String(decoding: message.payload, as: UTF8.self)) }
            }
            try await connection.flush()
            // nats-server forwards header blocks as they are: a line without ':', a block
            // that is not NATS/1.0; then a sound message, which must still arrive.
            var raw: [UInt8] = []
            for block in ["NATS/1.0\r\nnocolon\r\n\r\n", "HTTP/1.1\r\n\r\n"] {
                let header = Array(block.utf8)
                raw += Array("HPUB ripple.bus.Tick \(header.count) \(header.count + 2)\r\n".utf8) + header + Array("{}\r\n".utf8)
            }
            raw += Array("PUB ripple.bus.Tick 2\r\nok\r\n".utf8)
            try sendAsRawClient(port: server.port, raw)
            #expect(await eventually(timeout: .seconds(5)) { received.withLock { $0 } == ["ok"] && errors.withLock { $0.count } == 2 })
            #expect(states.withLock { $0 } == [.connected])
            let reported = errors.withLock { $0 }
            #expect(reported.allSatisfy { if case .malformedMessage(subject: "ripple.bus.Tick", _) = $0 { true } else { false } }, "\(reported)")
            subscription.dispose()
            stateSubscription.dispose()
            errorSubscription.dispose()
            connection.close()
        }

        @Test func aSubscriptionHoldsAtMostItsLimitCountingTheMessagesOfABatchInDelivery() async throws {
            let bench = try await SlowSubscriberBench(limit: 5)
            let gate = DispatchSemaphore(value: 0)
            let blocked = LockedValue(false)
            let probe = BusProbe<Int>()
            let subscription = try bench.bus.subscribe(Greeting.self, on: bench.held.scheduler) { greeting in
                if greeting.index == 0 {
                    blocked.withLock { $0 = true }
                    gate.wait()
                }
                probe.handle(greeting.index)
            }
            // 0…4 fill the buffer; the drain then takes 0 and blocks in its handler, with
            // 1…4 still waiting: 5…9 find room for one only.
            try await bench.publish((0..<5).map { Greeting(text: "first", index: $0) })
            bench.held.resume()
            #expect(await eventually(timeout: .seconds(5)) { blocked.withLock { $0 } })
            try await bench.publish((5..<10).map { Greeting(text: "second", index: $0) })
            gate.signal()
            let subject = bench.bus.subject(for: Greeting.self)
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 6 && bench.dropped(on: subject) == 4 })
            try await Task.sleep(for: .milliseconds(30))
            #expect(probe.values == [0, 1, 2, 3, 4, 5])
            #expect(bench.dropped(on: subject) == 4)
            subscription.dispose()
            bench.finish()
        }

        @Test func aSlowConsumerIsReportedWhenTheDropHappensNotAtTheNextDelivery() async throws {
            let bench = try await SlowSubscriberBench(limit: 3)
            let probe = BusProbe<Int>()
            let subscription = try bench.bus.subscribe(Greeting.self, on: bench.held.scheduler) { probe.handle($0.index) }
            try await bench.publish((0..<5).map { Greeting(text: "x", index: $0) })
            // Nothing is delivered (the queue is held), and the drops are known already.
            let subject = bench.bus.subject(for: Greeting.self)
            #expect(await eventually(timeout: .seconds(2)) { bench.dropped(on: subject) == 2 })
            #expect(probe.count == 0)
            bench.held.resume()
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 3 })
            #expect(probe.values == [0, 1, 2])
            #expect(bench.dropped(on: subject) == 2)
            subscription.dispose()
            bench.finish()
        }

        @Test func aSubscriptionHoldsAtMostItsByteLimit() async throws {
            let event = Large(blob: String(repeating: "x", count: 1_000))
            let size = try EnvelopeCoding.encode(event).count
            let bench = try await SlowSubscriberBench(limit: 1_000, byteLimit: 3 * size + size / 2)
            let probe = BusProbe<Int>()
            let subscription = try bench.bus.subscribe(Large.self, on: bench.held.scheduler) { probe.handle($0.blob.count) }
            try await bench.publish(Array(repeating: event, count: 10))
            let subject = bench.bus.subject(for: Large.self)
            #expect(await eventually(timeout: .seconds(2)) { bench.dropped(on: subject) == 7 })
            bench.held.resume()
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 3 })
            try await Task.sleep(for: .milliseconds(30))
            #expect(probe.count == 3)
            subscription.dispose()
            bench.finish()
        }

        @Test(.enabled(if: hasPython, "python3 plays the slow server"))
        func theConnectTimeoutBoundsTheWholeHandshakeNotEachRead() async throws {
            let peer = try PythonPeer(script: tricklingInfoScript)
            defer { peer.stop() }
            var options = NATSConnectionOptions()
            options.connectTimeout = .milliseconds(400)
            let started = ContinuousClock.now
            await #expect(throws: NATSError.timeout) {
                _ = try await NATSConnection.connect(to: "nats://127.0.0.1:\(peer.port)", options: options)
            }
            #expect(ContinuousClock.now - started < .milliseconds(1_200))
        }

        @Test func overlongSubjectsAndNULsAreRefusedBeforeSending() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            let long = String(repeating: "a", count: 100_000)
            #expect(throws: NATSError.controlLineTooLong(length: 100_006, limit: 4096)) {
                try connection.publish([], to: long)
            }
            #expect(throws: NATSError.controlLineTooLong(length: 5_006, limit: 4096)) {
                _ = try connection.subscribe(to: String(repeating: "b", count: 5_000)) { _ in }
            }
            #expect(throws: NATSError.controlLineTooLong(length: 4_097, limit: 4096)) {
                try connection.publish([], to: "a", replyTo: String(repeating: "r", count: 4_089))
            }
            #expect(throws: NATSError.invalidSubject("a\u{0}b")) {
                try connection.publish([], to: "a\u{0}b")
            }
            #expect(throws: NATSError.invalidSubject("g\u{0}")) {
                _ = try connection.subscribe(to: "a", queueGroup: "g\u{0}") { _ in }
            }
            var headers = NATSHeaders()
            headers.fields.append(.init(name: "X\u{0}", value: "1"))
            #expect(throws: NATSError.invalidHeader("X\u{0}")) {
                try connection.publish([], to: "a", headers: headers)
            }
            // The longest line that fits is sent, and the connection stays up.
            try connection.publish([], to: String(repeating: "c", count: 4_096 - 6))
            try await connection.flush()
            #expect(connection.currentState == .connected)
            connection.close()
        }

        @Test(.enabled(if: hasPython, "python3 plays the loaded server"))
        func aTransientServerErrorDuringAReconnectIsReportedAndRetried() async throws {
            let peer = try PythonPeer(script: authenticationTimeoutScript)
            defer { peer.stop() }
            var options = NATSConnectionOptions()
            options.reconnect = NATSReconnectPolicy(maxAttempts: 5, initialDelay: .milliseconds(10), maxDelay: .milliseconds(20))
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(peer.port)", options: options)
            let states = LockedValue<[NATSConnectionState]>([])
            let errors = LockedValue<[NATSError]>([])
            let stateSubscription = connection.state.subscribe(onNext: { state in states.withLock { $0.append(state) } })
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            #expect(await eventually(timeout: .seconds(5)) { states.withLock { $0 } == [.connected, .reconnecting, .connected] })
            // `errors` is announced on the connection's event queue: wait for it too.
            #expect(await eventually(timeout: .seconds(5)) { errors.withLock { $0 } == [.server("Authentication Timeout")] })
            try await connection.flush()
            stateSubscription.dispose()
            errorSubscription.dispose()
            connection.close()
        }

        @Test func aKeepaliveTickSkippedWhileAWriteHoldsTheSocketIsNotAnUnansweredPing() async throws {
            let server = try FakeNATSServer()
            defer { server.stop() }
            let captured = LockedValue<Transport?>(nil)
            var hooks = NATSConnectionHooks()
            hooks.beforePublishWrite = { transport in captured.withLock { $0 = transport } }
            var options = NATSConnectionOptions()
            options.pingInterval = .milliseconds(40)
            options.maxPingsOutstanding = 2
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(server.port)", options: options, hooks: hooks)
            let states = LockedValue<[NATSConnectionState]>([])
            let stateSubscription = connection.state.subscribe(onNext: { state in states.withLock { $0.append(state) } })
            try connection.publish([], to: "capture")
            let transport = try #require(captured.withLock { $0 })
            // A write that holds the socket for many ticks (a large publish on a
            // responsive server): the ticks are skipped, not counted as lost pings.
            try transport.write { () -> [UInt8]? in
                Thread.sleep(forTimeInterval: 0.4)
                return nil
            }
            try await Task.sleep(for: .milliseconds(200))
            try await connection.flush()
            #expect(server.connectionCount == 1)
            #expect(states.withLock { $0 } == [.connected])
            captured.withLock { $0 = nil }
            stateSubscription.dispose()
            connection.close()
        }

        @Test func aResponderFailureNamesTheRequestSubject() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let responder = try bus.reply(to: SumRequest.self) { _ -> SumResponse in
                throw NATSBusError.undecodable(subject: "-", reason: "nothing to add")
            }
            try await bus.flush()
            #expect(throws: NATSBusError.remote(subject: "ripple.bus.SumRequest", message: #"undecodable message on '-': nothing to add"#)) {
                _ = try bus.request(SumRequest(numbers: []), expecting: SumResponse.self, timeout: .seconds(2)).toBlocking().single()
            }
            responder.dispose()
            bus.close()
        }
    }

    @Suite struct NATSArgumentTests {
        @Test func anInvalidURLIsReportedWithoutItsPassword() {
            #expect(throws: NATSError.invalidURL("nats://alice:***@host:99999")) {
                _ = try ServerAddress(parsing: "nats://alice:hunter2@host:99999")
            }
            #expect(throws: NATSError.invalidURL("nats://***@host:0")) {
                _ = try ServerAddress(parsing: "nats://s3cr3t@host:0")
            }
            #expect(throws: NATSError.invalidURL("http://bob:***@host")) {
                _ = try ServerAddress(parsing: "http://bob:pw@host")
            }
        }

        @Test func onlyRefusedCredentialsArePermanentServerErrors() {
            for permanent in ["Authorization Violation", "User Authentication Expired", "user authentication revoked", "Account Authentication Expired"] {
                #expect(ServerErrorText.refusesCredentials(permanent), "\(permanent)")
            }
            for transient in ["Authentication Timeout", "Maximum Connections Exceeded", "Stale Connection", "Permissions Violation for Publish to \"x\""] {
                #expect(!ServerErrorText.refusesCredentials(transient), "\(transient)")
            }
            #expect(ServerErrorText.deniesPermission("Permissions Violation for Subscription to \"secret\""))
        }

        @Test func badArgumentsToConnectThrowInsteadOfTrapping() async {
            // Checked before connecting: nothing listens on port 1.
            await #expect(throws: NATSError.invalidSubject("my events")) {
                _ = try await NATSEventBus.connect(to: "nats://127.0.0.1:1", subjectPrefix: "my events")
            }
            await #expect(throws: NATSError.invalidOption("subscriptionBufferLimit must be positive, not 0")) {
                _ = try await NATSEventBus.connect(to: "nats://127.0.0.1:1", subscriptionBufferLimit: 0)
            }
            var options = NATSConnectionOptions()
            options.connectTimeout = .seconds(-1)
            await #expect(throws: NATSError.invalidOption("connectTimeout must be positive, not -1.0 seconds")) {
                _ = try await NATSConnection.connect(to: "nats://127.0.0.1:1", options: options)
            }
        }
    }
}
