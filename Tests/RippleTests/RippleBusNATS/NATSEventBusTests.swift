import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleBlocking
@testable import RippleBusNATS
import NATSLocalServer

struct Greeting: BusEvent, Equatable {
    let text: String
    let index: Int
}

struct Job: BusEvent, Equatable {
    static let busName = "jobs.resize"
    let id: Int
}

struct SumRequest: BusEvent {
    let numbers: [Int]
}

struct SumResponse: BusEvent, Equatable {
    let sum: Int
}

/// The same wire name as ``Greeting`` at a newer schema version, as a newer publisher has it.
struct GreetingV2: BusEvent {
    static let busName = "Greeting"
    static let schemaVersion = 2
    let text: String
    let index: Int
    let language: String
}

struct Secret: BusEvent, Equatable {
    let code: Int
}

struct Large: BusEvent {
    let blob: String
}

extension RippleTests {
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSEventBusTests {
        @Test func eventsReachASubscriberInAnotherConnectionInPublicationOrder() async throws {
            let server = try NATSLocalServer()
            let publisher = try await NATSEventBus.connect(to: server.url)
            let subscriber = try await NATSEventBus.connect(to: server.url)
            let probe = BusProbe<Greeting>()
            let subscription = try subscriber.subscribe(Greeting.self) { probe.handle($0) }
            try await subscriber.flush()
            let sent = (0..<200).map { Greeting(text: "hi", index: $0) }
            for greeting in sent {
                try publisher.publish(greeting)
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 200 })
            #expect(probe.values == sent)
            #expect(probe.mostAtOnce == 1)
            #expect(subscriber.subject(for: Greeting.self) == "ripple.bus.Greeting")
            #expect(subscriber.subject(for: Job.self) == "ripple.bus.jobs.resize")
            subscription.dispose()
            publisher.close()
            subscriber.close()
        }

        @Test func aSubscriptionWhoseDisposableIsDroppedKeepsDeliveringUntilTheBusCloses() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let probe = BusProbe<Greeting>()
            // RxSwift's rule: dropping a disposable does not end the subscription.
            _ = try bus.subscribe(Greeting.self) { probe.handle($0) }
            try await bus.flush()
            for index in 0..<3 {
                try bus.publish(Greeting(text: "kept", index: index))
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 3 })
            #expect(probe.values.map(\.index) == [0, 1, 2])
            // Closing the bus lets the subscription go (the suite's resource check).
            bus.close()
        }

        @Test func eventsIsAnObservableAndDisposingStopsDelivery() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let received = LockedValue<[Int]>([])
            let subscription = bus.events(Greeting.self)
                .map(\.index)
                .filter { $0 % 2 == 0 }
                .subscribe(onNext: { value in received.withLock { $0.append(value) } })
            try await bus.flush()
            for index in 0..<10 {
                try bus.publish(Greeting(text: "x", index: index))
            }
            #expect(await eventually(timeout: .seconds(5)) { received.withLock { $0.count } == 5 })
            subscription.dispose()
            try bus.publish(Greeting(text: "late", index: 100))
            try await bus.flush()
            try await Task.sleep(for: .milliseconds(50))
            #expect(received.withLock { $0 } == [0, 2, 4, 6, 8])
            bus.close()
        }

        @Test func subscribeOnMainRunsTheHandlerOnTheMainActor() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let onMain = LockedValue<[Bool]>([])
            let subscription = try bus.subscribeOnMain(Greeting.self) { _ in
                onMain.withLock { $0.append(DispatchQueue.isMain) }
            }
            try await bus.flush()
            try bus.publish(Greeting(text: "main", index: 1))
            #expect(await eventually(timeout: .seconds(5)) { !onMain.withLock { $0 }.isEmpty })
            #expect(onMain.withLock { $0 } == [true])
            subscription.dispose()
            bus.close()
        }

        @Test func aQueueGroupGivesEachEventToOneMember() async throws {
            let server = try NATSLocalServer()
            let publisher = try await NATSEventBus.connect(to: server.url)
            let workers = [try await NATSEventBus.connect(to: server.url), try await NATSEventBus.connect(to: server.url)]
            let probes = [BusProbe<Int>(), BusProbe<Int>()]
            let listener = BusProbe<Int>()
            var subscriptions = try zip(workers, probes).map { worker, probe in
                try worker.subscribe(Job.self, queueGroup: "resizers") { probe.handle($0.id) }
            }
            subscriptions.append(try workers[0].subscribe(Job.self) { listener.handle($0.id) })
            for worker in workers {
                try await worker.flush()
            }
            for id in 0..<200 {
                try publisher.publish(Job(id: id))
            }
            #expect(await eventually(timeout: .seconds(5)) { probes[0].count + probes[1].count == 200 && listener.count == 200 })
            try await Task.sleep(for: .milliseconds(50))
            #expect((probes[0].values + probes[1].values).sorted() == Array(0..<200))
            #expect(probes[0].count > 0 && probes[1].count > 0)
            #expect(listener.values == Array(0..<200))
            subscriptions.forEach { $0.dispose() }
            (workers + [publisher]).forEach { $0.close() }
        }

        @Test func requestReplyAnswersFailsWithoutRespondersAndCarriesRemoteErrors() async throws {
            let server = try NATSLocalServer()
            let client = try await NATSEventBus.connect(to: server.url)
            #expect(throws: NATSError.noResponders(subject: "ripple.bus.SumRequest")) {
                _ = try client.request(SumRequest(numbers: [1]), expecting: SumResponse.self, timeout: .seconds(2)).toBlocking().single()
            }
            let service = try await NATSEventBus.connect(to: server.url)
            let responder = try service.reply(to: SumRequest.self, queueGroup: "math") { request in
                guard !request.numbers.isEmpty else {
                    throw NATSBusError.undecodable(subject: "-", reason: "nothing to add")
                }
                return SumResponse(sum: request.numbers.reduce(0, +))
            }
            try await service.flush()
            let answer = try client.request(SumRequest(numbers: [1, 2, 3]), expecting: SumResponse.self).toBlocking().single()
            #expect(answer == SumResponse(sum: 6))
            #expect(throws: NATSBusError.self) {
                _ = try client.request(SumRequest(numbers: []), expecting: SumResponse.self).toBlocking().single()
            }
            responder.dispose()
            client.close()
            service.close()
        }

        @Test func theConnectionStateIsObservable() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let states = LockedValue<[NATSConnectionState]>([])
            let subscription = bus.state.subscribe(onNext: { state in states.withLock { $0.append(state) } })
            #expect(await eventually(timeout: .seconds(5)) { states.withLock { $0 } == [.connected] })
            server.stop()
            #expect(await eventually(timeout: .seconds(5)) { states.withLock { $0 }.last == .reconnecting })
            try server.start()
            #expect(await eventually(timeout: .seconds(5)) { states.withLock { $0 }.last == .connected })
            bus.close()
            #expect(await eventually(timeout: .seconds(5)) { states.withLock { $0 } == [.connected, .reconnecting, .connected, .closed] })
            #expect(bus.connection.currentState == .closed)
            #expect(throws: NATSError.closed) { try bus.publish(Greeting(text: "after", index: 0)) }
            subscription.dispose()
        }

        // MARK: - Faults

        @Test func aServerRestartMidStreamIsSurvivedAndBufferedEventsAreDelivered() async throws {
            let server = try NATSLocalServer()
            var options = NATSConnectionOptions(name: "restart")
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
            let bus = try await NATSEventBus.connect(to: server.url, options: options)
            let probe = BusProbe<Int>()
            let subscription = try bus.subscribe(Greeting.self) { probe.handle($0.index) }
            try await bus.flush()
            for index in 0..<5 {
                try bus.publish(Greeting(text: "before", index: index))
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 5 })
            server.stop()
            #expect(await eventually(timeout: .seconds(5)) { bus.connection.currentState == .reconnecting })
            for index in 5..<10 {
                try bus.publish(Greeting(text: "while down", index: index))
            }
            try server.start()
            #expect(await eventually(timeout: .seconds(5)) { bus.connection.currentState == .connected })
            for index in 10..<15 {
                try bus.publish(Greeting(text: "after", index: index))
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 15 })
            #expect(probe.values == Array(0..<15))
            subscription.dispose()
            bus.close()
        }

        @Test func publishingBeyondTheReconnectBufferThrows() async throws {
            let server = try NATSLocalServer()
            var options = NATSConnectionOptions()
            options.reconnectBufferSize = 1_000
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(100))
            let bus = try await NATSEventBus.connect(to: server.url, options: options)
            server.stop()
            #expect(await eventually(timeout: .seconds(5)) { bus.connection.currentState == .reconnecting })
            var accepted = 0
            var refusal: NATSError?
            for index in 0..<100 {
                do {
                    try bus.publish(Greeting(text: "queued", index: index))
                    accepted += 1
                } catch let error as NATSError {
                    refusal = error
                    break
                }
            }
            #expect(refusal == .reconnectBufferFull(limit: 1_000))
            #expect(accepted > 5 && accepted < 100)
            bus.close()
        }

        @Test func wrongCredentialsFailClearlyWithoutRetrying() async throws {
            let server = try NATSLocalServer(config: #"authorization { user: alice, password: secret }"#)
            var options = NATSConnectionOptions()
            options.user = "alice"
            options.password = "wrong"
            let started = ContinuousClock.now
            await #expect(throws: NATSError.authorizationViolation("Authorization Violation")) {
                _ = try await NATSEventBus.connect(to: server.url, options: options)
            }
            #expect(ContinuousClock.now - started < .seconds(2))
            options.password = "secret"
            let bus = try await NATSEventBus.connect(to: server.url, options: options)
            #expect(bus.connection.currentState == .connected)
            #expect(bus.connection.serverInfo?.authRequired == true)
            bus.close()
        }

        @Test func credentialsRefusedOnReconnectCloseTheConnectionInsteadOfRetrying() async throws {
            let server = try NATSLocalServer(config: #"authorization { user: alice, password: secret }"#)
            var options = NATSConnectionOptions()
            options.user = "alice"
            options.password = "secret"
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50))
            let bus = try await NATSEventBus.connect(to: server.url, options: options)
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bus.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            server.stop()
            #expect(await eventually(timeout: .seconds(5)) { bus.connection.currentState == .reconnecting })
            // The password changes while the client is away.
            try #"authorization { user: alice, password: changed }"#.write(
                to: server.directory.appendingPathComponent("server.conf"), atomically: true, encoding: .utf8
            )
            try server.start()
            #expect(await eventually(timeout: .seconds(5)) { bus.connection.currentState == .closed })
            #expect(await eventually(timeout: .seconds(5)) {
                errors.withLock { $0.contains(.connection(.authorizationViolation("Authorization Violation"))) }
            })
            errorSubscription.dispose()
        }

        @Test func badPayloadsAndNewerSchemasAreReportedAndTheSubscriptionGoesOn() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bus.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            let probe = BusProbe<Int>()
            let subscription = try bus.subscribe(Greeting.self) { probe.handle($0.index) }
            try await bus.flush()
            let subject = bus.subject(for: Greeting.self)
            try bus.publish(Greeting(text: "ok", index: 1))
            try bus.connection.publish(Array("not json".utf8), to: subject)
            try bus.connection.publish(Array(#"{"type":"Greeting","version":1,"payload":{"text":3}}"#.utf8), to: subject)
            try bus.publish(GreetingV2(text: "hola", index: 2, language: "es"))
            try bus.publish(Greeting(text: "ok", index: 3))
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 2 && errors.withLock { $0.count } == 3 })
            #expect(probe.values == [1, 3])
            let reported = errors.withLock { $0 }
            guard reported.count == 3 else {
                Issue.record("reported: \(reported)")
                return
            }
            if case .undecodable(let on, _) = reported[0] { #expect(on == subject) } else { Issue.record("\(reported[0])") }
            if case .undecodable(let on, _) = reported[1] { #expect(on == subject) } else { Issue.record("\(reported[1])") }
            #expect(reported[2] == .newerSchemaVersion(subject: subject, type: "Greeting", version: 2, supported: 1))
            subscription.dispose()
            errorSubscription.dispose()
            bus.close()
        }

        @Test func aMessageOverTheServersMaxPayloadIsRefusedClearly() async throws {
            let server = try NATSLocalServer(config: "max_payload: 1024")
            let bus = try await NATSEventBus.connect(to: server.url)
            #expect(bus.connection.serverInfo?.maxPayload == 1024)
            #expect {
                try bus.publish(Large(blob: String(repeating: "x", count: 2_000)))
            } throws: { error in
                guard case NATSError.payloadTooLarge(let size, let max) = error else { return false }
                return size > 2_000 && max == 1024
            }
            try bus.publish(Large(blob: "small"))
            try await bus.flush()
            #expect(bus.connection.currentState == .connected)
            bus.close()
        }

        @Test func aReplySubjectOrHeaderThatWouldBreakTheFramingIsRefused() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            #expect(throws: NATSError.invalidSubject("r\r\nSUB > 9")) {
                try connection.publish([], to: "a", replyTo: "r\r\nSUB > 9")
            }
            var headers = NATSHeaders()
            headers.fields.append(.init(name: "Trace", value: "1\r\nPUB x 0"))
            #expect(throws: NATSError.invalidHeader("Trace")) {
                try connection.publish([], to: "a", headers: headers)
            }
            var badName = NATSHeaders()
            badName.fields.append(.init(name: "A:B", value: "1"))
            #expect(throws: NATSError.invalidHeader("A:B")) {
                try connection.publish([], to: "a", headers: badName)
            }
            var fine = NATSHeaders()
            fine.fields.append(.init(name: "Trace", value: "1"))
            try connection.publish([], to: "a", replyTo: "r.1", headers: fine)
            try await connection.flush()
            #expect(connection.currentState == .connected)
            connection.close()
        }

        @Test func aSlowSubscriberKeepsAtMostItsLimitAndReportsTheDrops() async throws {
            let server = try NATSLocalServer()
            let connection = try await NATSConnection.connect(to: server.url)
            let bus = try NATSEventBus(connection: connection, subscriptionBufferLimit: 5)
            let dropped = LockedValue(0)
            let errorSubscription = bus.errors.subscribe(onNext: { error in
                if case .slowConsumer(_, let count) = error { dropped.withLock { $0 += count } }
            })
            let gate = DispatchSemaphore(value: 0)
            let probe = BusProbe<Int>()
            let subscription = try bus.subscribe(Greeting.self) { greeting in
                if greeting.index == 0 { gate.wait() }
                probe.handle(greeting.index)
            }
            try await bus.flush()
            try bus.publish(Greeting(text: "blocker", index: 0))
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 0 })
            try await Task.sleep(for: .milliseconds(50))
            for index in 1...20 {
                try bus.publish(Greeting(text: "burst", index: index))
            }
            try await bus.flush()
            try await Task.sleep(for: .milliseconds(50))
            gate.signal()
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 6 && dropped.withLock { $0 } == 15 })
            #expect(probe.values == [0, 1, 2, 3, 4, 5])
            subscription.dispose()
            errorSubscription.dispose()
            bus.close()
        }

        @Test func aServerThatRequiresTLSIsUpgradedToAndItsSelfSignedCertificateRefusedClearly() async throws {
            // A self-signed certificate made for this test (openssl req -x509, P-256, CN 127.0.0.1).
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-nats-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            try Self.testCertificate.write(to: files.appendingPathComponent("cert.pem"), atomically: true, encoding: .utf8)
            try Self.testKey.write(to: files.appendingPathComponent("key.pem"), atomically: true, encoding: .utf8)
            let server = try NATSLocalServer(config: """
            tls { cert_file: "\(files.path)/cert.pem", key_file: "\(files.path)/key.pem" }
            """)
            // No TLS options: the client upgrades because the server requires it, verifies
            // against the system's roots, and refuses the self-signed certificate.
            let started = ContinuousClock.now
            do {
                _ = try await NATSEventBus.connect(to: server.url)
                Issue.record("connected to a server with a self-signed certificate")
            } catch let error as NATSError {
                guard case .tlsFailed(let reason) = error else {
                    Issue.record("expected a TLS failure, got \(error)")
                    return
                }
                #expect(reason.contains("failed verification"), "\(reason)")
            }
            #expect(ContinuousClock.now - started < .seconds(2))
        }

        static let testCertificate = """
-----BEGIN CERTIFICATE-----
MIIBfzCCASWgAwIBAgIUDs48VL1PYjcaGRYiAjcIqf0nkk8wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTIwMTIzMTIxNloYDzIxMjYxMTA3
MjMxMjE2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARQ1DvjEMQhSaUr0k6FTWiR9TDrGGSUJQNnBGKbEs0e9V7OUKnGRb3L
NzM6S5dt/MxYmFzKQeEuZ/mgkxIEg3Qpo1MwUTAdBgNVHQ4EFgQUCRUWJ6hE855a
Bugin3RbYxmMAhQwHwYDVR0jBBgwFoAUCRUWJ6hE855aBugin3RbYxmMAhQwDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEAjOTQYmpcqi7VmQX5nBPE
llZbvz/xb1Re0/AZF4pND3MCIAnHL+ibQBoK+QoZjFGomLdc5rb9+/2zgkcH0rsc
whOw
-----END CERTIFICATE-----
"""

        static let testKey = """
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgyx3qO5Wpy4HsnUsE
YkafFaGVg0ynhN23UmYM7JMO6g2hRANCAARQ1DvjEMQhSaUr0k6FTWiR9TDrGGSU
JQNnBGKbEs0e9V7OUKnGRb3LNzM6S5dt/MxYmFzKQeEuZ/mgkxIEg3Qp
-----END PRIVATE KEY-----
"""

        // MARK: - JetStream

        @Test func aDurableSubscriptionRedeliversRefusedEventsAndResumesAfterItsSubscriberRestarts() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let publisher = try await NATSEventBus.connect(to: server.url)
            let first = try await NATSEventBus.connect(to: server.url)
            let probe = BusProbe<Int>()
            let refused = LockedValue(false)
            // A short ackWait: 4–6 may be pushed to the first connection while the server
            // has not yet seen it close; unacknowledged, they come back to the second
            // subscriber after ackWait (the at-least-once path), within the wait below.
            let subscription = try await first.subscribeDurably(Job.self, stream: "JOBS", durable: "billing", ackWait: .seconds(1)) { job in
                let refuseNow = refused.withLock { already in
                    defer { already = true }
                    return job.id == 2 && !already
                }
                if refuseNow {
                    throw NATSError.timeout
                }
                probe.handle(job.id)
            }
            for id in 1...3 {
                try publisher.publish(Job(id: id))
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 3 })
            #expect(probe.values.sorted() == [1, 2, 3])
            #expect(refused.withLock { $0 })
            try await Task.sleep(for: .milliseconds(50))
            try await first.flush()
            subscription.dispose()
            first.close()

            // Published while no subscriber is there: kept by the stream.
            for id in 4...6 {
                try publisher.publish(Job(id: id))
            }
            try await publisher.flush()
            let second = try await NATSEventBus.connect(to: server.url)
            let resumed = BusProbe<Int>()
            let again = try await second.subscribeDurably(Job.self, stream: "JOBS", durable: "billing", ackWait: .seconds(1)) { resumed.handle($0.id) }
            #expect(await eventually(timeout: .seconds(5)) { resumed.count == 3 })
            try await Task.sleep(for: .milliseconds(100))
            // Each once; one pushed to the closing first connection comes back after
            // ackWait, behind the later ones, so the order is not checked.
            #expect(resumed.values.sorted() == [4, 5, 6])
            again.dispose()
            second.close()
            publisher.close()
        }

        @Test func aSecondTypeInAStreamMadeForAnotherIsRefusedClearly() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            let jobs = try await bus.subscribeDurably(Job.self, stream: "WORK", durable: "jobs") { _ in }
            // The stream captures only Job's subject: it would never store a Greeting.
            await #expect {
                _ = try await bus.subscribeDurably(Greeting.self, stream: "WORK", durable: "greetings") { _ in }
            } throws: { error in
                if case NATSError.jetStream(let text) = error { text.contains("WORK") } else { false }
            }
            jobs.dispose()
            bus.close()
        }

        @Test func aDurableSubscriptionWithoutJetStreamFailsClearly() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            await #expect {
                _ = try await bus.subscribeDurably(Job.self, stream: "JOBS", durable: "billing") { _ in }
            } throws: { error in
                if case NATSError.jetStream = error { true } else { false }
            }
            bus.close()
        }

        @Test func aUserDeniedASubjectReceivesNothingAndSeesTheViolation() async throws {
            let server = try NATSLocalServer(config: """
            authorization {
              users = [
                { user: alice, password: a }
                { user: bob, password: b, permissions: { subscribe: { deny: ["ripple.bus.Secret"] } } }
              ]
            }
            """)
            let alice = try await NATSEventBus.connect(to: "nats://alice:a@127.0.0.1:\(server.port)")
            let bob = try await NATSEventBus.connect(to: "nats://bob:b@127.0.0.1:\(server.port)")
            await #expect(throws: NATSError.self) {
                _ = try await NATSEventBus.connect(to: server.url)
            }
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bob.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            let secrets = BusProbe<Int>()
            let greetings = BusProbe<Int>()
            let secretSubscription = try bob.subscribe(Secret.self) { secrets.handle($0.code) }
            let greetingSubscription = try bob.subscribe(Greeting.self) { greetings.handle($0.index) }
            try await bob.flush()
            try alice.publish(Secret(code: 1234))
            try alice.publish(Greeting(text: "public", index: 1))
            #expect(await eventually(timeout: .seconds(5)) { greetings.count == 1 })
            #expect(await eventually(timeout: .seconds(5)) {
                errors.withLock { $0.contains { if case .connection(.permissionsViolation) = $0 { true } else { false } } }
            })
            try await Task.sleep(for: .milliseconds(50))
            #expect(secrets.count == 0)
            #expect(bob.connection.currentState == .connected)
            secretSubscription.dispose()
            greetingSubscription.dispose()
            errorSubscription.dispose()
            alice.close()
            bob.close()
        }
    }
}
