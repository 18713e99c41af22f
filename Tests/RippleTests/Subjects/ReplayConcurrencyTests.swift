#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    /// Replays (a ``BehaviorSubject``'s value, a ``ReplaySubject``'s buffer, and the
    /// sharing operators built on them) racing emitters on other threads.
    ///
    /// The replay runs on the subscribing thread, inside `subscribe`, before any live
    /// element, and never makes an emitter wait for it: so an app lock held by the
    /// emitter and taken by the replaying subscriber cannot deadlock (RxSwift #2713's
    /// shape), and `subscribe` returns having delivered the current value even while
    /// another thread is still delivering it to a slow subscriber.
    ///
    /// Interleavings are forced with semaphores, never with sleeps. Every wait has a
    /// timeout, so a deadlock unwinds (one side gives up) and fails the test instead of
    /// hanging the suite.
    @Suite struct ReplayConcurrencyTests {
        /// How long the subscriber's handler tries to take the app lock before it calls
        /// the attempt a deadlock and goes on without it.
        static let deadlockTimeout = DispatchTimeInterval.seconds(2)
        /// How long any forced step may take to happen at all.
        static let stepTimeout = DispatchTimeInterval.seconds(10)

        // MARK: (i) An app lock held by the emitter, taken during the replay

        /// A replaying sequence, how to emit into it, what it replays, and what keeps it
        /// connected.
        struct Replaying {
            let observable: Observable<Int>
            let emit: @Sendable (Int) -> Void
            let replayed: [Int]
            let keepAlive: [Disposable]
        }

        @Test func behaviorSubjectEmitterHoldingAnAppLockTheReplayWants() {
            let subject = BehaviorSubject(value: 0)
            Self.emitterHoldingTheAppLock(Replaying(
                observable: subject.asObservable(), emit: Unchecked(subject).emit, replayed: [0], keepAlive: []))
        }

        @Test func replaySubjectEmitterHoldingAnAppLockTheReplayWants() {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(10)
            subject.onNext(11)
            Self.emitterHoldingTheAppLock(Replaying(
                observable: subject.asObservable(), emit: Unchecked(subject).emit, replayed: [10, 11], keepAlive: []))
        }

        @Test func shareReplayWhileConnectedEmitterHoldingAnAppLockTheReplayWants() {
            Self.emitterHoldingTheAppLock(Self.shared(scope: .whileConnected))
        }

        @Test func shareReplayForeverEmitterHoldingAnAppLockTheReplayWants() {
            Self.emitterHoldingTheAppLock(Self.shared(scope: .forever))
        }

        @Test func replayConnectedEmitterHoldingAnAppLockTheReplayWants() {
            let source = PublishSubject<Int>()
            let connectable = source.replay(1)
            let connection = connectable.connect()
            source.onNext(0)
            Self.emitterHoldingTheAppLock(Replaying(
                observable: connectable.asObservable(), emit: Unchecked(source).emit, replayed: [0], keepAlive: [connection]))
        }

        /// `source.share(replay: 1, scope:)`, connected by a first subscriber, with 0 to replay.
        static func shared(scope: SubjectLifetimeScope) -> Replaying {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 1, scope: scope)
            let first = shared.subscribe()
            source.onNext(0)
            return Replaying(observable: shared, emit: Unchecked(source).emit, replayed: [0], keepAlive: [first])
        }

        /// RxSwift #2713's shape. Thread B subscribes; its handler, during the replay,
        /// signals, waits until thread A holds the app lock L, then takes L. Thread A,
        /// holding L, emits 1, then releases L. An emitter that waits for the replay to
        /// end deadlocks with it: here B's attempt to take L times out and the test fails
        /// (B then goes on without L, so both threads finish).
        static func emitterHoldingTheAppLock(_ sequence: Replaying, sourceLocation: SourceLocation = #_sourceLocation) {
            let appLock = DispatchSemaphore(value: 1)
            let replaying = DispatchSemaphore(value: 0)
            let emitterHoldsTheLock = DispatchSemaphore(value: 0)
            let subscriberDone = DispatchSemaphore(value: 0)
            let emitterDone = DispatchSemaphore(value: 0)
            let deadlocked = AtomicValue<Bool>(false)
            let values = Guarded<[Int]>([])
            let subscription = Guarded<Disposable?>(nil)
            let observable = Unchecked(sequence.observable)
            let emit = sequence.emit

            let subscriber = Thread {
                let disposable = observable.value.subscribe(onNext: { value in
                    let first = values.withLock { $0.isEmpty }
                    if first {
                        replaying.signal()
                        _ = emitterHoldsTheLock.wait(timeout: .now() + stepTimeout)
                        if appLock.wait(timeout: .now() + deadlockTimeout) == .timedOut {
                            deadlocked.store(true, ordering: .relaxed)
                        } else {
                            appLock.signal()
                        }
                    }
                    values.withLock { $0.append(value) }
                })
                subscription.withLock { $0 = disposable }
                subscriberDone.signal()
            }
            let emitter = Thread {
                guard replaying.wait(timeout: .now() + stepTimeout) == .success else {
                    emitterDone.signal()
                    return
                }
                appLock.wait()
                emitterHoldsTheLock.signal()
                emit(1)
                appLock.signal()
                emitterDone.signal()
            }
            subscriber.start()
            emitter.start()
            let subscribed = subscriberDone.wait(timeout: .now() + stepTimeout) == .success
            let emitted = emitterDone.wait(timeout: .now() + stepTimeout) == .success
            #expect(subscribed, "subscribe did not return", sourceLocation: sourceLocation)
            #expect(emitted, "the emitter did not return", sourceLocation: sourceLocation)
            let didDeadlock = deadlocked.load(ordering: .relaxed)
            #expect(
                !didDeadlock,
                "deadlock: the emitter, holding the app lock, waited for the replay, which waited for the lock",
                sourceLocation: sourceLocation)
            #expect(values.withLock { $0 } == sequence.replayed + [1], sourceLocation: sourceLocation)
            subscription.withLock { $0 }?.dispose()
            sequence.emit(2)
            #expect(values.withLock { $0 } == sequence.replayed + [1], "an element after dispose", sourceLocation: sourceLocation)
            sequence.keepAlive.forEach { $0.dispose() }
        }

        // MARK: (ii) The current value at once

        @Test func behaviorSubjectSubscriberGetsTheValueBeingDeliveredBeforeSubscribeReturns() {
            let subject = BehaviorSubject(value: 0)
            Self.currentValueAtOnce(
                observable: subject.asObservable(), late: subject.asObservable(),
                emit: Unchecked(subject).emit, current: 7, expected: [7])
        }

        @Test func behaviorRelayTakeOneGetsTheValueBeingDeliveredBeforeSubscribeReturns() {
            let relay = BehaviorRelay(value: 0)
            let input = Unchecked(relay)
            Self.currentValueAtOnce(
                observable: relay.asObservable(), late: relay.asObservable().take(1),
                emit: { input.value.accept($0) }, current: 7, expected: [7])
        }

        @Test func replaySubjectSubscriberGetsTheBufferBeingDeliveredBeforeSubscribeReturns() {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(5)
            Self.currentValueAtOnce(
                observable: subject.asObservable(), late: subject.asObservable(),
                emit: Unchecked(subject).emit, current: 7, expected: [5, 7])
        }

        /// Thread A emits `current`; a slow subscriber S1 holds A inside that delivery
        /// (its handler blocks on a semaphore). Meanwhile this thread subscribes to
        /// `late`: when `subscribe` returns, the handler must already have received
        /// `expected` (which ends with `current`: the subject accepted it), on this
        /// thread. The subscription is disposed at once; once S1 is released, the handler
        /// still has exactly `expected`: nothing lost, nothing twice, nothing after dispose.
        static func currentValueAtOnce(
            observable: Observable<Int>,
            late: Observable<Int>,
            emit: @escaping @Sendable (Int) -> Void,
            current: Int,
            expected: [Int],
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let slowEntered = DispatchSemaphore(value: 0)
            let releaseSlow = DispatchSemaphore(value: 0)
            let emitterDone = DispatchSemaphore(value: 0)
            let slow = observable.subscribe(onNext: { value in
                if value == current {
                    slowEntered.signal()
                    _ = releaseSlow.wait(timeout: .now() + stepTimeout)
                }
            })
            let emitter = Thread {
                emit(current)
                emitterDone.signal()
            }
            emitter.start()
            let entered = slowEntered.wait(timeout: .now() + stepTimeout) == .success
            #expect(entered, "the emitter never reached the slow subscriber", sourceLocation: sourceLocation)

            let me = currentThread
            let received = Guarded<[(value: Int, onSubscribingThread: Bool)]>([])
            let subscription = late.subscribe(onNext: { value in
                received.withLock { $0.append((value, currentThread == me)) }
            })
            let atReturn = received.withLock { $0 }
            subscription.dispose()
            releaseSlow.signal()
            #expect(emitterDone.wait(timeout: .now() + stepTimeout) == .success, sourceLocation: sourceLocation)

            #expect(
                atReturn.map(\.value) == expected,
                "when subscribe returned, the subscriber had \(atReturn.map(\.value)), not the current \(expected)",
                sourceLocation: sourceLocation)
            let onAnotherThread = atReturn.filter { !$0.onSubscribingThread }.count
            #expect(onAnotherThread == 0, "replayed on another thread", sourceLocation: sourceLocation)
            let all = received.withLock { $0 }.map(\.value)
            #expect(all == expected, "after dispose and the slow delivery: \(all)", sourceLocation: sourceLocation)
            slow.dispose()
        }

        // MARK: (iii) Replayed before live, in order, under a continuous emitter

        @Test func behaviorSubjectReplaysBeforeLiveElementsUnderAContinuousEmitter() {
            let subject = BehaviorSubject(value: -1)
            Self.replayBeforeLive(subject.asObservable(), emit: Unchecked(subject).emit)
        }

        @Test func replaySubjectReplaysBeforeLiveElementsUnderAContinuousEmitter() {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            Self.replayBeforeLive(subject.asObservable(), emit: Unchecked(subject).emit)
        }

        @Test func shareReplayReplaysBeforeLiveElementsUnderAContinuousEmitter() {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 2, scope: .whileConnected)
            let connection = shared.subscribe()
            Self.replayBeforeLive(shared, emit: Unchecked(source).emit)
            connection.dispose()
        }

        /// One thread emits 0, 1, 2, … without pause while this thread subscribes and
        /// disposes, round after round (under the ``Watchdog``). Each subscription must
        /// receive consecutive elements (the replayed ones, then every live one: nothing
        /// skipped, repeated or reordered), must have received its replay when
        /// `subscribe` returns, and nothing that starts after its `dispose()` returned.
        static func replayBeforeLive(
            _ observable: Observable<Int>,
            emit: @escaping @Sendable (Int) -> Void,
            rounds: Int = 1_000,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let stop = AtomicValue<Bool>(false)
            let emitted = AtomicValue<Int>(0)
            let emitterDone = DispatchSemaphore(value: 0)
            let emitter = Thread {
                var next = 0
                while !stop.load(ordering: .relaxed) {
                    emit(next)
                    next += 1
                    emitted.store(next, ordering: .relaxed)
                }
                emitterDone.signal()
            }
            emitter.start()
            // Something to replay before the rounds start.
            while emitted.load(ordering: .relaxed) < 10 {
                sched_yield()
            }
            let failures = Guarded<[String]>([])
            let shared = Unchecked(observable)
            Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
                let values = Guarded<[Int]>([])
                let disposed = AtomicValue<Bool>(false)
                let afterDispose = AtomicValue<Int>(0)
                let subscription = shared.value.subscribe(onNext: { value in
                    if disposed.load(ordering: .acquiring) {
                        afterDispose.wrappingAdd(1, ordering: .relaxed)
                    }
                    values.withLock { $0.append(value) }
                })
                let atReturn = values.withLock { $0.count }
                // Let some live elements through, a different amount each round.
                let until = emitted.load(ordering: .relaxed) + round % 20
                while emitted.load(ordering: .relaxed) < until, !stop.load(ordering: .relaxed) {
                    sched_yield()
                }
                subscription.dispose()
                disposed.store(true, ordering: .releasing)
                let all = values.withLock { $0 }
                var problems: [String] = []
                if atReturn == 0 {
                    problems.append("nothing replayed when subscribe returned")
                }
                if !zip(all, all.dropFirst()).allSatisfy({ $0 + 1 == $1 }) {
                    problems.append("not consecutive: \(all.prefix(20))…")
                }
                // One delivery may have been under way on the emitter's thread when
                // dispose returned (the handler read the flag after it was set); a
                // second one would have started after dispose returned.
                if afterDispose.load(ordering: .relaxed) > 1 {
                    problems.append("\(afterDispose.load(ordering: .relaxed)) elements after dispose")
                }
                if !problems.isEmpty {
                    failures.withLock { if $0.count < 5 { $0.append("round \(round): \(problems)") } }
                }
            }
            stop.store(true, ordering: .relaxed)
            #expect(emitterDone.wait(timeout: .now() + stepTimeout) == .success, "the emitter did not stop", sourceLocation: sourceLocation)
            let found = failures.withLock { $0 }
            #expect(found.isEmpty, "\(found)", sourceLocation: sourceLocation)
        }

        static var currentThread: UInt {
            currentThreadID()
        }
    }
}

private extension Unchecked where Value: ObserverType & SendableMetatype, Value.Element == Int {
    /// `onNext` on the wrapped subject, as a `@Sendable` closure for another thread.
    var emit: @Sendable (Int) -> Void {
        { value.onNext($0) }
    }
}
