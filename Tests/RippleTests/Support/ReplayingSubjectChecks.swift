#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Testing
@testable import Ripple

/// Thread checks shared by the subjects that replay to a new subscriber
/// (``BehaviorSubject``'s value, ``ReplaySubject``'s buffer): the replay runs on the
/// subscribing thread, inside `subscribe`, while emitters on other threads go on
/// without waiting for it.
///
/// Each check takes the subject as its two sides (a subject is both):
///
/// ```swift
/// let subject = BehaviorSubject(value: -1)
/// ReplayingSubjectChecks.subscriberIsNotKeptDeliveringAnotherThreadsElements(
///     subject.asObservable(), AnyObserver(subject))
/// ```
enum ReplayingSubjectChecks {
    /// A thread that subscribes while another thread keeps emitting delivers its replay,
    /// and at most one bounded turn of the emitter's elements (when it delivers what
    /// was buffered during its replay itself), then returns: it is not kept delivering
    /// the emitter's elements for as long as the emitter runs (found by ripple-soak: a screen's `subscribe` to a
    /// `share(replay: 1)` never returned, its pending queue growing without bound).
    ///
    /// - Parameters:
    ///   - subject: A subject with no subscriber, into which none of the elements
    ///     `0...` was emitted yet.
    ///   - input: The same subject, as an observer.
    static func subscriberIsNotKeptDeliveringAnotherThreadsElements(
        _ subject: Observable<Int>,
        _ input: AnyObserver<Int>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shared = Unchecked(subject)
        let sharedInput = Unchecked(input)
        let probe = CaptureProbe()
        // An existing subscriber counts the elements it receives on the subscribing thread.
        let existing = subject.subscribe(onNext: { _ in
            probe.received.wrappingAdd(1, ordering: .relaxed)
            let subscriber = probe.subscribingThread.load(ordering: .acquiring)
            if subscriber != 0, subscriber == CaptureProbe.currentThread {
                probe.deliveredOnSubscribingThread.wrappingAdd(1, ordering: .relaxed)
            }
        })
        let producerDone = DispatchSemaphore(value: 0)
        // Serial queues of their own, which get a thread at once (the global queue
        // may make a block wait for a free worker while the other one spins).
        DispatchQueue(label: "emitter").async {
            let observer = sharedInput.value
            var index = 0
            while !probe.stop.load(ordering: .relaxed), index < 200_000 {
                if index == 10 {
                    // Keep going only once the subscribing thread is there.
                    let deadline = ContinuousClock.now + .seconds(5)
                    while probe.subscribingThread.load(ordering: .acquiring) == 0, ContinuousClock.now < deadline {
                        sched_yield()
                    }
                }
                probe.attempts.wrappingAdd(1, ordering: .releasing)
                observer.onNext(index)
                index += 1
            }
            producerDone.signal()
        }
        let subscribed = DispatchSemaphore(value: 0)
        let late = Unchecked(LateSubscription())
        DispatchQueue(label: "subscriber").async {
            let deadline = ContinuousClock.now + .seconds(5)
            while probe.received.load(ordering: .relaxed) < 10, ContinuousClock.now < deadline {
                sched_yield()
            }
            probe.subscribingThread.store(CaptureProbe.currentThread, ordering: .releasing)
            late.value.subscription = shared.value.subscribe(onNext: { value in
                if late.value.values.isEmpty {
                    // The replayed element: let the emitter reach the subject meanwhile
                    // (its elements wait in this subscriber's gate).
                    let start = probe.attempts.load(ordering: .acquiring)
                    let deadline = ContinuousClock.now + .milliseconds(100)
                    while probe.attempts.load(ordering: .acquiring) < start + 2, ContinuousClock.now < deadline {
                        sched_yield()
                    }
                }
                late.value.values.append(value)
            })
            probe.subscribingThread.store(0, ordering: .releasing)
            subscribed.signal()
        }
        // The watchdog: a subscribe kept delivering fails here instead of hanging.
        let returned = subscribed.wait(timeout: .now() + 5) == .success
        probe.stop.store(true, ordering: .relaxed)
        #expect(returned, "subscribe did not return while the other thread kept emitting", sourceLocation: sourceLocation)
        #expect(producerDone.wait(timeout: .now() + 30) == .success, sourceLocation: sourceLocation)
        if !returned {
            _ = subscribed.wait(timeout: .now() + 30)
        }
        // One turn at most: the elements the one other thread queued while this thread
        // held the right.
        let bound = SerializationBound.foreignActionsPerThread + 2
        #expect(probe.deliveredOnSubscribingThread.load(ordering: .relaxed) <= bound, sourceLocation: sourceLocation)
        // The late subscriber got the replayed element, then every later one in order.
        let values = late.value.values
        #expect(!values.isEmpty, sourceLocation: sourceLocation)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 }, sourceLocation: sourceLocation)
        late.value.subscription?.dispose()
        existing.dispose()
    }

    /// An emitter on another thread that finds a replay running does not wait for it:
    /// its element waits in the new subscriber's gate and reaches it after the replayed
    /// one. The replaying handler itself waits until the emitter has returned, so an
    /// emitter that waited for the replay would never return (the check would time out).
    ///
    /// - Parameters:
    ///   - subject: A subject with exactly `replayed` to replay and no subscriber.
    ///   - input: The same subject, as an observer.
    ///   - replayed: The element the subject replays.
    static func emitterDoesNotWaitForAReplayOnAnotherThread(
        _ subject: Observable<Int>,
        _ input: AnyObserver<Int>,
        replayed: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shared = Unchecked(subject)
        let replaying = DispatchSemaphore(value: 0)
        let emitterReturned = DispatchSemaphore(value: 0)
        let subscribed = DispatchSemaphore(value: 0)
        let replayWaitedForTheEmitter = AtomicValue<Bool>(false)
        let late = Unchecked(LateSubscription())
        DispatchQueue(label: "subscriber").async {
            late.value.subscription = shared.value.subscribe(onNext: { value in
                if late.value.values.isEmpty {
                    replaying.signal()
                    let returned = emitterReturned.wait(timeout: .now() + 5) == .success
                    replayWaitedForTheEmitter.store(returned, ordering: .releasing)
                }
                late.value.values.append(value)
            })
            subscribed.signal()
        }
        #expect(replaying.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
        input.onNext(42)
        emitterReturned.signal()
        #expect(subscribed.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
        // The emitter returned while the replay was still running.
        let emitterReturnedDuringTheReplay = replayWaitedForTheEmitter.load(ordering: .acquiring)
        #expect(emitterReturnedDuringTheReplay, sourceLocation: sourceLocation)
        #expect(late.value.values == [replayed, 42], sourceLocation: sourceLocation)
        late.value.subscription?.dispose()
    }

    /// What the threads of a check share.
    private final class CaptureProbe: Sendable {
        let stop = AtomicValue<Bool>(false)
        let attempts = AtomicValue<Int>(0)
        let received = AtomicValue<Int>(0)
        let subscribingThread = AtomicValue<UInt>(0)
        let deliveredOnSubscribingThread = AtomicValue<Int>(0)

        static var currentThread: UInt {
            currentThreadID()
        }
    }

    /// The late subscriber's state; touched only by its own deliveries, which a
    /// subject serialises, and read by the check after `subscribe` returned.
    private final class LateSubscription {
        var values: [Int] = []
        var subscription: Disposable?
    }
}
