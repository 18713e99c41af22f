import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// What a durable handler saw: each delivery's event id, count and time.
private final class Deliveries: Sendable {
    private let seen = LockedValue<[(id: Int, count: Int, sequence: UInt64, at: ContinuousClock.Instant)]>([])

    func record(_ id: Int, _ delivery: DurableDelivery) {
        seen.withLock { $0.append((id, delivery.deliveryCount, delivery.streamSequence, .now)) }
    }

    func of(_ id: Int) -> [(count: Int, sequence: UInt64, at: ContinuousClock.Instant)] {
        seen.withLock { $0.filter { $0.id == id }.map { ($0.count, $0.sequence, $0.at) } }
    }
}

private struct HandlerFailed: Error, CustomStringConvertible {
    var description: String { "handler failed" }
}

extension RippleTests {
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSJetStreamTests {
        @Test func aFailingEventIsDeliveredExactlyMaxDeliveriesTimesWithTheBackoffThenReportedAsPoison() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bus.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            defer { errorSubscription.dispose() }
            let deliveries = Deliveries()
            let retry = DurableRetryPolicy(maxDeliveries: 3, backoff: [.milliseconds(200), .milliseconds(400)])
            let subscription = try await bus.subscribeDurably(Job.self, stream: "FAILING", durable: "worker", retry: retry) { job, delivery in
                deliveries.record(job.id, delivery)
                if job.id == 1 {
                    throw HandlerFailed()
                }
            }
            defer { subscription.dispose() }
            try bus.publish(Job(id: 1))
            let poison = NATSBusError.poisonMessage(subject: bus.subject(for: Job.self), streamSequence: 1, deliveries: 3, reason: "handler failed")
            #expect(await eventually(timeout: .seconds(5)) { errors.withLock { $0 }.contains(poison) })
            // Terminated: the server delivers it no more, and the next event flows.
            try bus.publish(Job(id: 2))
            #expect(await eventually(timeout: .seconds(5)) { deliveries.of(2).count == 1 })
            try await Task.sleep(for: .milliseconds(500))
            let failing = deliveries.of(1)
            #expect(failing.map(\.count) == [1, 2, 3])
            #expect(failing.allSatisfy { $0.sequence == 1 })
            let gaps = zip(failing, failing.dropFirst()).map { $1.at - $0.at }
            #expect(gaps.count == 2)
            #expect(gaps.first.map { $0 >= .milliseconds(200) && $0 < .milliseconds(1_500) } == true, "\(gaps)")
            #expect(gaps.last.map { $0 >= .milliseconds(400) && $0 < .milliseconds(1_700) } == true, "\(gaps)")
            #expect(errors.withLock { $0 } == [poison])
            print("durable retry: gaps \(gaps) for a backoff of 200 ms, 400 ms")
        }

        /// A handler that outlasts the ack wait of every delivery never answers in time:
        /// the server gives up and says so in its max-deliveries advisory, which the bus
        /// reports as poison, once.
        @Test func aMessageTheServerGivesUpOnUnansweredIsReportedOnceFromItsAdvisory() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bus.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            defer { errorSubscription.dispose() }
            let deliveries = Deliveries()
            let gate = DispatchSemaphore(value: 0)
            let retry = DurableRetryPolicy(maxDeliveries: 2, backoff: [])
            let subscription = try await bus.subscribeDurably(
                Job.self, stream: "UNANSWERED", durable: "worker", ackWait: .milliseconds(200), retry: retry
            ) { job, delivery in
                deliveries.record(job.id, delivery)
                if delivery.deliveryCount == 1 {
                    // Past the first ack wait and the second (the redelivery waits behind it).
                    gate.wait()
                }
            }
            defer { subscription.dispose() }
            try bus.publish(Job(id: 1))
            let poison = NATSBusError.poisonMessage(
                subject: bus.subject(for: Job.self), streamSequence: 1, deliveries: 2, reason: MaxDeliveriesAdvisory.reason
            )
            #expect(await eventually(timeout: .seconds(5)) { errors.withLock { $0 } == [poison] })
            gate.signal()
            // Both deliveries reach the handler, which answers them late; nothing more is reported.
            #expect(await eventually(timeout: .seconds(5)) { deliveries.of(1).map(\.count) == [1, 2] })
            try await bus.flush()
            #expect(errors.withLock { $0 } == [poison])
        }

        @Test func theMaxDeliveriesAdvisoryIsReadAndEachSequenceReportedOnce() throws {
            let advisory = Array("""
                {"type":"io.nats.jetstream.advisory.v1.max_deliver","id":"x1","timestamp":"2026-12-03T00:00:00Z",\
                "stream":"ORDERS","consumer":"billing","stream_seq":42,"deliveries":5,"domain":"hub"}
                """.utf8)
            let read = try #require(MaxDeliveriesAdvisory(payload: advisory))
            #expect(read.stream == "ORDERS" && read.consumer == "billing" && read.streamSequence == 42 && read.deliveries == 5)
            let terminated = Array("""
                {"type":"io.nats.jetstream.advisory.v1.terminated","stream":"ORDERS","consumer":"billing","stream_seq":42,"deliveries":5}
                """.utf8)
            #expect(MaxDeliveriesAdvisory(payload: terminated) == nil)
            #expect(MaxDeliveriesAdvisory(payload: Array("{}".utf8)) == nil)
            #expect(MaxDeliveriesAdvisory.subject(stream: "ORDERS", consumer: "billing") == "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.ORDERS.billing")

            let ledger = PoisonLedger()
            #expect(ledger.isFirstReport(of: 42))
            #expect(!ledger.isFirstReport(of: 42))
            // The oldest is forgotten past the capacity.
            for sequence in 1...UInt64(PoisonLedger.capacity) {
                _ = ledger.isFirstReport(of: 1_000 + sequence)
            }
            #expect(ledger.isFirstReport(of: 42))
            #expect(!ledger.isFirstReport(of: 1_000 + UInt64(PoisonLedger.capacity)))
        }

        @Test func theDefaultPolicyRetriesAfterASecondNotAtOnce() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            let deliveries = Deliveries()
            let subscription = try await bus.subscribeDurably(Job.self, stream: "DEFAULT", durable: "worker") { job, delivery in
                deliveries.record(job.id, delivery)
                throw HandlerFailed()
            }
            defer { subscription.dispose() }
            try bus.publish(Job(id: 1))
            #expect(await eventually(timeout: .seconds(5)) { deliveries.of(1).count == 2 })
            let failing = deliveries.of(1)
            #expect(failing[1].at - failing[0].at >= .seconds(1))
        }

        @Test func aHandlerTerminatesOrPicksTheRetryDelayByWhatItThrows() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            let errors = LockedValue<[NATSBusError]>([])
            let errorSubscription = bus.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })
            defer { errorSubscription.dispose() }
            let deliveries = Deliveries()
            // Retrying at once by policy: only the thrown delay spaces the deliveries.
            let retry = DurableRetryPolicy(maxDeliveries: 5, backoff: [])
            let subscription = try await bus.subscribeDurably(Job.self, stream: "VERDICTS", durable: "worker", retry: retry) { job, delivery in
                deliveries.record(job.id, delivery)
                switch job.id {
                case 1: throw DurableRejection.terminate(reason: "malformed order")
                case 2 where delivery.deliveryCount == 1: throw DurableRejection.retry(after: .milliseconds(300))
                default: break
                }
            }
            defer { subscription.dispose() }
            try bus.publish(Job(id: 1))
            try bus.publish(Job(id: 2))
            try bus.publish(Job(id: 3))
            #expect(await eventually(timeout: .seconds(5)) { deliveries.of(2).count == 2 && deliveries.of(3).count == 1 })
            try await Task.sleep(for: .milliseconds(300))
            #expect(deliveries.of(1).count == 1)
            let second = deliveries.of(2)
            #expect(second.map(\.count) == [1, 2])
            #expect(second[1].at - second[0].at >= .milliseconds(300))
            #expect(errors.withLock { $0 } == [
                .poisonMessage(subject: bus.subject(for: Job.self), streamSequence: 1, deliveries: 1, reason: "malformed order"),
            ])
        }

        @Test func inProgressKeepsALongHandlerFromBeingRedelivered() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            let deliveries = Deliveries()
            let finished = LockedValue(0)
            let subscription = try await bus.subscribeDurably(
                Job.self, stream: "SLOW", durable: "worker", ackWait: .milliseconds(300)
            ) { job, delivery in
                deliveries.record(job.id, delivery)
                // Three times the ack wait, saying so every 100 ms.
                for _ in 0..<9 {
                    Thread.sleep(forTimeInterval: 0.1)
                    delivery.inProgress()
                }
                finished.withLock { $0 += 1 }
            }
            defer { subscription.dispose() }
            try bus.publish(Job(id: 1))
            #expect(await eventually(timeout: .seconds(5)) { finished.withLock { $0 } == 1 })
            // Past several ack waits (the first 300 ms, the next 1.3 s): nothing comes back.
            try await Task.sleep(for: .milliseconds(1_500))
            #expect(deliveries.of(1).map(\.count) == [1])
            #expect(deliveries.of(1).map(\.sequence) == [1])
        }

        @Test func aPublishIsAcknowledgedWithItsSequenceAndAMessageIDIsStoredOnce() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            try await JetStreamAPI.ensureStream(bus.connection, name: "ACKED", subject: bus.subject(for: Job.self))
            let first = try await bus.publishAcknowledged(Job(id: 1), messageID: "job-1").value
            #expect(first == NATSPublishAck(stream: "ACKED", sequence: 1))
            let again = try await bus.publishAcknowledged(Job(id: 1), messageID: "job-1").value
            #expect(again == NATSPublishAck(stream: "ACKED", sequence: 1, duplicate: true))
            let next = try await bus.publishAcknowledged(Job(id: 2)).value
            #expect(next == NATSPublishAck(stream: "ACKED", sequence: 2))
            // The stream holds two events: a consumer from the start sees 1 and 2, once each.
            let deliveries = Deliveries()
            let subscription = try await bus.subscribeDurably(Job.self, stream: "ACKED", durable: "reader") { job, delivery in
                deliveries.record(job.id, delivery)
            }
            defer { subscription.dispose() }
            #expect(await eventually(timeout: .seconds(5)) { deliveries.of(2).count == 1 })
            try await Task.sleep(for: .milliseconds(100))
            #expect(deliveries.of(1).map(\.sequence) == [1])
            #expect(deliveries.of(2).map(\.sequence) == [2])
        }

        @Test func aPublishNoStreamStoresFailsClearly() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            defer { bus.close() }
            await #expect(throws: NATSError.jetStream("no stream stores \(bus.subject(for: Greeting.self))")) {
                _ = try await bus.publishAcknowledged(Greeting(text: "hi", index: 0)).value
            }
        }
    }

    /// Reading a JetStream delivery's reply subject and the retry policy's waits, without a server.
    struct DurableDeliveryTests {
        @Test func theReplySubjectGivesTheDeliveryCountAndStreamSequenceInBothForms() {
            #expect(DurableDelivery.metadata(of: "$JS.ACK.ORDERS.billing.3.42.40.1700000000000000000.7") == (3, 42))
            #expect(DurableDelivery.metadata(of: "$JS.ACK.hub.ACCHASH.ORDERS.billing.2.9.8.1700000000000000000.0.RANDOM") == (2, 9))
            #expect(DurableDelivery.metadata(of: "_INBOX.abc") == (1, 0))
            #expect(DurableDelivery.metadata(of: "$JS.ACK.ORDERS.billing.x.42.40.1.7") == (1, 0))
            #expect(DurableDelivery.metadata(of: nil) == (1, 0))
        }

        @Test func theRetryPolicysWaitsAndTheConsumersBackoff() {
            let policy = DurableRetryPolicy(maxDeliveries: 5, backoff: [.seconds(1), .seconds(5)])
            #expect([1, 2, 3, 4].map(policy.delay(after:)) == [.seconds(1), .seconds(5), .seconds(5), .seconds(5)])
            #expect(policy.consumerBackoff(ackWait: .seconds(30)) == [.seconds(30), .seconds(31), .seconds(35), .seconds(35)])
            #expect(DurableRetryPolicy(maxDeliveries: 1).consumerBackoff(ackWait: .seconds(30)).isEmpty)
            #expect(DurableRetryPolicy(maxDeliveries: 4, backoff: []).consumerBackoff(ackWait: .seconds(30)).isEmpty)
            #expect(DurableRetryPolicy(maxDeliveries: 4, backoff: []).delay(after: 2) == .zero)
            #expect(JetStreamAPI.nanoseconds(.milliseconds(1_500)) == 1_500_000_000)
        }
    }
}
