import Dispatch
import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// Subscribes `bus` to ``Greeting`` from code isolated to `actor`, so the handler runs
/// there: it records each index and, on index 0, says it started and waits for `gate`.
private func subscribeBlocked(
    on actor: isolated MarkedActor,
    to bus: NATSEventBus,
    probe: BusProbe<Int>,
    started: DispatchSemaphore,
    gate: DispatchSemaphore
) throws -> any Disposable & Sendable {
    try bus.subscribe(Greeting.self) { greeting in
        probe.handle(greeting.index)
        if greeting.index == 0 {
            started.signal()
            gate.wait()
        }
    }
}

extension RippleTests {
    /// A subscription whose handler is isolated to an actor keeps its bounds: messages
    /// waiting for the actor count against them until the handler takes them.
    @Suite(.enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"))
    struct NATSIsolatedBoundsTests {
        /// Publishes index 0, waits until the actor's handler is blocked on it, then
        /// publishes 1...`burst` and waits until `dropped` reaches `expectedDrops`.
        private func fill(
            _ bus: NATSEventBus,
            started: DispatchSemaphore,
            burst: Int,
            dropped: borrowing LockedValue<Int>,
            expectedDrops: Int
        ) async throws {
            try await bus.flush()
            try bus.publish(Greeting(text: "blocker", index: 0))
            #expect(await eventually { started.wait(timeout: .now()) == .success })
            for index in 1...burst {
                try bus.publish(Greeting(text: "burst", index: index))
            }
            try await bus.flush()
            #expect(await eventually { dropped.withLock { $0 } == expectedDrops })
        }

        @Test func aBlockedActorHandlerHoldsNoMoreThanTheBoundAndTheRestAreDropped() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url, subscriptionBufferLimit: 5)
            let dropped = LockedValue(0)
            let errors = bus.errors.subscribe(onNext: { error in
                if case .slowConsumer(_, let count) = error { dropped.withLock { $0 += count } }
            })
            let actor = MarkedActor()
            let probe = BusProbe<Int>()
            let started = DispatchSemaphore(value: 0)
            let gate = DispatchSemaphore(value: 0)
            let subscription = try await subscribeBlocked(on: actor, to: bus, probe: probe, started: started, gate: gate)
            // 0 is in the handler; 1...5 wait (on the line or in the actor's queue), the
            // other 35 are dropped and reported.
            try await fill(bus, started: started, burst: 40, dropped: dropped, expectedDrops: 35)
            gate.signal()
            #expect(await eventually { probe.count == 6 })
            // A job sent to the actor now runs after any delivery still queued there.
            _ = await actor.record { _ in Observable<Int>.empty() }
            #expect(probe.values == [0, 1, 2, 3, 4, 5])
            #expect(dropped.withLock { $0 } == 40 - 5)
            subscription.dispose()
            errors.dispose()
            bus.close()
        }

        @Test func disposedWhileTheActorIsBlockedNothingWaitingIsDelivered() async throws {
            let server = try NATSLocalServer()
            let bus = try await NATSEventBus.connect(to: server.url, subscriptionBufferLimit: 5)
            let dropped = LockedValue(0)
            let errors = bus.errors.subscribe(onNext: { error in
                if case .slowConsumer(_, let count) = error { dropped.withLock { $0 += count } }
            })
            let actor = MarkedActor()
            let probe = BusProbe<Int>()
            let started = DispatchSemaphore(value: 0)
            let gate = DispatchSemaphore(value: 0)
            let subscription = try await subscribeBlocked(on: actor, to: bus, probe: probe, started: started, gate: gate)
            try await fill(bus, started: started, burst: 10, dropped: dropped, expectedDrops: 5)
            subscription.dispose()
            gate.signal()
            // A job sent to the actor now runs after the drain of what waited there.
            _ = await actor.record { _ in Observable<Int>.empty() }
            #expect(probe.values == [0])
            errors.dispose()
            bus.close()
        }
    }
}
