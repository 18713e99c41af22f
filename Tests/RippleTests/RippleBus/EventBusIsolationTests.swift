import Dispatch
import Testing
@testable import Ripple
import RippleBus

/// An actor that subscribes to a bus with handlers of its own.
private actor BusListener {
    let probe = IsolationProbe()
    private var subscriptions: [any Disposable & Sendable] = []

    func listen(to bus: EventBus, on scheduler: SerialDispatchQueueScheduler) {
        let probe = probe
        subscriptions.append(bus.subscribe(Int.self, on: scheduler) { value in
            probe.note("int \(value)", inPlace: runs(on: self))
        })
        subscriptions.append(bus.subscribe(matching: (any BusUserEvent).self, on: scheduler) { event in
            probe.note("user \(event.user)", inPlace: runs(on: self))
        })
    }

    func stop() {
        subscriptions.forEach { $0.dispose() }
        subscriptions = []
    }
}

extension RippleTests {
    /// Bus handlers written on an actor run on that actor, in publication order; the
    /// subscription's scheduler only orders the events on their way there.
    @Suite struct EventBusIsolationTests {
        @MainActor
        @Test func handlersWrittenOnTheMainActorRunThereInOrder() async throws {
            let baseline = Resources.total
            do {
                let bus = EventBus()
                let probe = IsolationProbe()
                let line = BackgroundLine()
                let exact = bus.subscribe(Int.self, on: line.scheduler()) { value in probe.note("int \(value)") }
                let matching = bus.subscribe(matching: (any BusUserEvent).self) { event in probe.note("user \(event.user)") }
                DispatchQueue(label: "ripple.tests.publisher").async {
                    for value in 1...50 {
                        bus.publish(value)
                    }
                    bus.publish(BusLoggedIn(user: "ada"))
                    bus.publish(BusLoggedOut(user: "ada"))
                }
                #expect(await eventually { probe.count == 52 })
                #expect(probe.notes.filter { $0.hasPrefix("int") } == (1...50).map { "int \($0)" })
                #expect(probe.notes.filter { $0.hasPrefix("user") } == ["user ada", "user ada"])
                #expect(probe.misplaced == [], "ran off the main queue")

                // Disposed on the main actor: nothing more reaches the handler.
                exact.dispose()
                matching.dispose()
                DispatchQueue(label: "ripple.tests.publisher").async {
                    bus.publish(99)
                    bus.publish(BusLoggedIn(user: "late"))
                }
                try await Task.sleep(for: .milliseconds(50))
                #expect(probe.count == 52)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func handlersWrittenOnACustomActorRunThere() async {
            let baseline = Resources.total
            do {
                let bus = EventBus()
                let listener = BusListener()
                let line = BackgroundLine()
                await listener.listen(to: bus, on: line.scheduler())
                for value in 1...20 {
                    bus.publish(value)
                }
                bus.publish(BusLoggedIn(user: "ada"))
                let probe = listener.probe
                #expect(await eventually { probe.count == 21 })
                #expect(probe.notes.filter { $0.hasPrefix("int") } == (1...20).map { "int \($0)" })
                #expect(probe.misplaced == [], "ran off the actor")
                await listener.stop()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Written in nonisolated code, the handler runs on the subscription's scheduler.
        @Test func aNonisolatedHandlerRunsOnTheScheduler() {
            let bus = EventBus()
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let subscription = bus.subscribe(Int.self, on: line.scheduler()) { value in probe.note("int \(value)", inPlace: line.isCurrent) }
            for value in 1...10 {
                bus.publish(value)
            }
            #expect(eventuallyBlocking { probe.count == 10 })
            #expect(probe.notes == (1...10).map { "int \($0)" })
            #expect(probe.misplaced == [], "ran off the scheduler's queue")
            subscription.dispose()
        }
    }
}
