import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// The one case where an emitter waits for a replaying subscriber: when the
    /// subscriber's replay has fallen ``replayBufferLimit`` events behind, the delivering
    /// thread waits for the replay to end instead of letting the subscriber's buffer grow
    /// without bound. Below the limit it never waits.
    @Suite struct ReplayGateLimitTests {
        @Test func anEmitterWaitsOnlyOnceAReplayIsTheLimitBehind() {
            let subject = BehaviorSubject(value: -1)
            let shared = Unchecked(subject)
            let replaying = DispatchSemaphore(value: 0)
            let releaseReplay = DispatchSemaphore(value: 0)
            let subscribed = DispatchSemaphore(value: 0)
            let received = LockedValue<[Int]>([])
            let subscription = LockedValue<Disposable?>(nil)
            DispatchQueue(label: "subscriber").async {
                let disposable = shared.value.subscribe(onNext: { value in
                    if value == -1 {
                        replaying.signal()
                        _ = releaseReplay.wait(timeout: .now() + 30)
                    }
                    received.withLock { $0.append(value) }
                })
                subscription.withLock { $0 = disposable }
                subscribed.signal()
            }
            #expect(replaying.wait(timeout: .now() + 10) == .success)

            // Up to the limit, the emitter never waits for the replay.
            let limit = replayBufferLimit
            let belowTheLimit = DispatchSemaphore(value: 0)
            let emitterDone = DispatchSemaphore(value: 0)
            DispatchQueue(label: "emitter").async {
                for value in 0..<(limit - 1) {
                    shared.value.onNext(value)
                }
                belowTheLimit.signal()
                for value in (limit - 1)..<(limit + 10) {
                    shared.value.onNext(value)
                }
                emitterDone.signal()
            }
            #expect(belowTheLimit.wait(timeout: .now() + 10) == .success, "the emitter waited below the limit")
            // Past the limit it waits while the replay is still held up (a watchdog, not
            // synchronisation: an emitter that did not wait would be done long before).
            #expect(emitterDone.wait(timeout: .now() + .milliseconds(300)) == .timedOut, "the emitter did not wait past the limit")
            releaseReplay.signal()
            #expect(emitterDone.wait(timeout: .now() + 10) == .success)
            #expect(subscribed.wait(timeout: .now() + 10) == .success)
            // Once the emitter is done, everything has been delivered, replay first, in order.
            let values = received.withLock { $0 }
            #expect(values == [-1] + Array(0..<(limit + 10)))
            subscription.withLock { $0?.dispose() }
        }
    }
}
