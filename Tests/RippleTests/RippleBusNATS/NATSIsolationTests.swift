import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

extension RippleTests {
    /// Handlers given to a NATS bus (and to its connection) written on the main actor run
    /// there, in order; written in nonisolated code, on the subscription's scheduler.
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSIsolationTests {
        @MainActor
        @Test func busHandlersWrittenOnTheMainActorRunThereInOrder() async throws {
            let server = try NATSLocalServer()
            let publisher = try await NATSEventBus.connect(to: server.url)
            let subscriber = try await NATSEventBus.connect(to: server.url)
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let events = try subscriber.subscribe(Greeting.self, on: line.scheduler()) { greeting in
                probe.note("event \(greeting.index)")
            }
            let raw = try subscriber.connection.subscribe(to: subscriber.subject(for: Greeting.self)) { _ in
                probe.note("message")
            }
            let responder = try subscriber.reply(to: SumRequest.self) { request in
                probe.note("request \(request.numbers)")
                return SumResponse(sum: request.numbers.reduce(0, +))
            }
            try await subscriber.flush()
            for index in 0..<20 {
                try publisher.publish(Greeting(text: "hi", index: index))
            }
            let answer = try await publisher.request(SumRequest(numbers: [1, 2]), expecting: SumResponse.self).value
            #expect(answer == SumResponse(sum: 3))
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 41 })
            #expect(probe.notes.filter { $0.hasPrefix("event") } == (0..<20).map { "event \($0)" })
            #expect(probe.notes.filter { $0 == "message" }.count == 20)
            #expect(probe.notes.filter { $0.hasPrefix("request") } == ["request [1, 2]"])
            #expect(probe.misplaced == [], "ran off the main queue")

            // Disposed on the main actor: nothing more reaches the handlers.
            events.dispose()
            raw.dispose()
            responder.dispose()
            try publisher.publish(Greeting(text: "late", index: 99))
            try await publisher.flush()
            try await Task.sleep(for: .milliseconds(50))
            #expect(probe.count == 41)
            publisher.close()
            subscriber.close()
        }

        @MainActor
        @Test func aDurableHandlerWrittenOnTheMainActorRunsThere() async throws {
            let server = try NATSLocalServer(jetStream: true)
            let bus = try await NATSEventBus.connect(to: server.url)
            let probe = IsolationProbe()
            let subscription = try await bus.subscribeDurably(Job.self, stream: "ISOLATED", durable: "main") { job in
                probe.note("job \(job.id)")
            }
            for id in 1...5 {
                try bus.publish(Job(id: id))
            }
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 5 })
            #expect(probe.notes == (1...5).map { "job \($0)" })
            #expect(probe.misplaced == [], "ran off the main queue")
            subscription.dispose()
            bus.close()
        }

        /// Written in nonisolated code, the handlers run on the subscription's scheduler.
        @Test func nonisolatedHandlersRunOnTheScheduler() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url)
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let events = try bus.subscribe(Greeting.self, on: line.scheduler()) { greeting in
                probe.note("event \(greeting.index)", inPlace: line.isCurrent)
            }
            let responder = try bus.reply(to: SumRequest.self, on: line.scheduler()) { request in
                probe.note("request", inPlace: line.isCurrent)
                return SumResponse(sum: request.numbers.reduce(0, +))
            }
            try await bus.flush()
            for index in 0..<5 {
                try bus.publish(Greeting(text: "hi", index: index))
            }
            let answer = try await bus.request(SumRequest(numbers: [4]), expecting: SumResponse.self).value
            #expect(answer == SumResponse(sum: 4))
            #expect(await eventually(timeout: .seconds(5)) { probe.count == 6 })
            #expect(probe.notes.filter { $0.hasPrefix("event") } == (0..<5).map { "event \($0)" })
            #expect(probe.misplaced == [], "ran off the scheduler's queue")
            events.dispose()
            responder.dispose()
            bus.close()
        }
    }
}
