#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import Testing
@testable import Ripple

/// Thread checks shared by the subjects that replay to a new subscriber under their
/// right to deliver (``BehaviorSubject``'s value, ``ReplaySubject``'s buffer): while a
/// replay runs on one thread, emitters on other threads wait for it.
///
/// Each check takes the subject as its two sides (a subject is both):
///
/// ```swift
/// let subject = BehaviorSubject(value: -1)
/// ReplayingSubjectChecks.subscriberIsNotKeptDeliveringAnotherThreadsElements(
///     subject.asObservable(), AnyObserver(subject))
/// ```
enum ReplayingSubjectChecks {
    /// A thread that subscribes while another thread keeps emitting takes the right to
    /// deliver for its replay; it must then deliver only what was queued during the
    /// replay and return, not be kept delivering the emitter's elements for as long
    /// as the emitter runs (found by ripple-soak: a screen's `subscribe` to a
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
                    // (it queues its element, then, fixed, waits for this replay).
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
        #expect(probe.deliveredOnSubscribingThread.load(ordering: .relaxed) <= 2, sourceLocation: sourceLocation)
        // The late subscriber got the replayed element, then every later one in order.
        let values = late.value.values
        #expect(!values.isEmpty, sourceLocation: sourceLocation)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 }, sourceLocation: sourceLocation)
        late.value.subscription?.dispose()
        existing.dispose()
    }

    /// An emitter on another thread that finds a replay running waits until the replay
    /// is over (its element then reaches the new subscriber after the replayed one),
    /// and it waits asleep: a long replay costs it next to no CPU time (it used to
    /// spin, yielding, for as long as the replay ran).
    ///
    /// - Parameters:
    ///   - subject: A subject with exactly `replayed` to replay and no subscriber.
    ///   - input: The same subject, as an observer.
    ///   - replayed: The element the subject replays.
    static func emitterSleepsWhileAnotherThreadReplays(
        _ subject: Observable<Int>,
        _ input: AnyObserver<Int>,
        replayed: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shared = Unchecked(subject)
        let replaying = DispatchSemaphore(value: 0)
        let emitterStarted = DispatchSemaphore(value: 0)
        let subscribed = DispatchSemaphore(value: 0)
        let replayEnded = Atomic<Bool>(false)
        let late = Unchecked(LateSubscription())
        DispatchQueue(label: "subscriber").async {
            late.value.subscription = shared.value.subscribe(onNext: { value in
                if late.value.values.isEmpty {
                    replaying.signal()
                    _ = emitterStarted.wait(timeout: .now() + 5)
                    // A long replay, with the emitter (most likely) already waiting.
                    usleep(150_000)
                    replayEnded.store(true, ordering: .releasing)
                }
                late.value.values.append(value)
            })
            subscribed.signal()
        }
        #expect(replaying.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
        emitterStarted.signal()
        let cpuBefore = threadCPUTime()
        input.onNext(42)
        let cpu = threadCPUTime() - cpuBefore
        // The emitter returned only once the replay was over.
        let returnedAfterTheReplay = replayEnded.load(ordering: .acquiring)
        #expect(returnedAfterTheReplay, sourceLocation: sourceLocation)
        // Asleep: a spinning emitter would have used most of the 150 ms.
        #expect(cpu < .milliseconds(30), "the emitter used \(cpu) of CPU time waiting", sourceLocation: sourceLocation)
        #expect(subscribed.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
        #expect(late.value.values == [replayed, 42], sourceLocation: sourceLocation)
        late.value.subscription?.dispose()
    }

    /// The CPU time the calling thread has used so far.
    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// What the threads of a check share.
    private final class CaptureProbe: Sendable {
        let stop = Atomic<Bool>(false)
        let attempts = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        let subscribingThread = Atomic<UInt>(0)
        let deliveredOnSubscribingThread = Atomic<Int>(0)

        static var currentThread: UInt {
            #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
            #else
            UInt(pthread_self())
            #endif
        }
    }

    /// The late subscriber's state; touched only by its own deliveries, which a
    /// subject serialises, and read by the check after `subscribe` returned.
    private final class LateSubscription {
        var values: [Int] = []
        var subscription: Disposable?
    }
}
