import Dispatch
import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    /// A serialization point must never make a thread wait for itself: not for its own
    /// replay (a subscriber that answers its replayed value by sending a long batch into
    /// the same subject), and not, through an app's lock, for a turn that only the
    /// thread holding that lock can free (one ordinary batch sent under the lock while
    /// another thread delivers into a subscriber that takes it).
    ///
    /// Each test runs under a ``Watchdog``: a hang fails the test instead of the suite.
    @Suite struct SelfWaitDeadlockTests {
        /// Longer than the replay gate holds before a delivering thread waits.
        static let replayBatch = replayBufferLimit + 100
        /// The batch sizes sent under the lock: the one first reported (one more than
        /// the former budget for all threads together), and the longest batch one
        /// thread may send into a point whose holder is blocked without waiting.
        static let lockBatches = [33, SerializationBound.foreignActionsPerThread]
        static let timeout: Duration = .seconds(20)

        // MARK: A replay that the replaying thread itself feeds

        /// Records what one subscriber receives; touched only by the serialized calls
        /// of the subject, then read after the round.
        final class Received: @unchecked Sendable {
            // `@unchecked Sendable`: written only inside the subject's serialized
            // delivery (one call at a time), read once every call has returned.
            var elements: [Int] = []
        }

        /// Subscribes to `sequence` a subscriber that sends `replayBatch` elements
        /// through `send` on its first (replayed) element, and checks that it receives
        /// the replayed `first`, then every element of the batch, in order.
        static func checkReplayFeedback(
            _ name: String,
            sequence: Observable<Int>,
            first: Int = 0,
            send: @escaping @Sendable (Int) -> Void,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let received = Received()
            let done = AtomicValue<Bool>(false)
            let source = Unchecked(sequence)
            Watchdog.run(rounds: 1, timeout: timeout, sourceLocation: sourceLocation) { _ in
                let subscription = source.value.subscribe(onNext: { element in
                    received.elements.append(element)
                    if received.elements.count == 1 {
                        for value in 1...replayBatch { send(value) }
                    }
                })
                subscription.dispose()
                done.store(true, ordering: .releasing)
            }
            guard done.load(ordering: .acquiring) else {
                return
            }
            #expect(received.elements == [first] + Array(1...replayBatch), "\(name): \(received.elements.count) elements", sourceLocation: sourceLocation)
        }

        @Test func behaviorRelayReplayFeedingItself() {
            let relay = BehaviorRelay<Int>(value: 0)
            let sendable = Unchecked(relay)
            Self.checkReplayFeedback("BehaviorRelay", sequence: relay.asObservable()) { sendable.value.accept($0) }
        }

        @Test func behaviorSubjectReplayFeedingItself() {
            let subject = BehaviorSubject<Int>(value: 0)
            let sendable = Unchecked(subject)
            Self.checkReplayFeedback("BehaviorSubject", sequence: subject.asObservable()) { sendable.value.onNext($0) }
        }

        @Test func replaySubjectReplayFeedingItself() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subject.onNext(0)
            let sendable = Unchecked(subject)
            Self.checkReplayFeedback("ReplaySubject", sequence: subject.asObservable()) { sendable.value.onNext($0) }
        }

        @Test func shareReplayFeedingItsSource() {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 1)
            let first = shared.subscribe()
            source.onNext(0)
            let sendable = Unchecked(source)
            Self.checkReplayFeedback("share(replay: 1)", sequence: shared) { sendable.value.onNext($0) }
            first.dispose()
        }

        /// The batch comes from a subscriber that joins during another subscriber's
        /// replay, on the same thread: both replays are this thread's own.
        @Test func batchFromASubscriberJoiningDuringAnotherReplay() {
            let relay = BehaviorRelay<Int>(value: 0)
            let sendable = Unchecked(relay)
            let outer = Received()
            let inner = Received()
            let done = AtomicValue<Bool>(false)
            Watchdog.run(rounds: 1, timeout: Self.timeout) { _ in
                var innerSubscription: Disposable?
                let outerSubscription = relay.subscribe(onNext: { element in
                    outer.elements.append(element)
                    if outer.elements.count == 1 {
                        innerSubscription = sendable.value.subscribe(onNext: { element in
                            inner.elements.append(element)
                            if inner.elements.count == 1 {
                                for value in 1...Self.replayBatch { sendable.value.accept(value) }
                            }
                        })
                    }
                })
                innerSubscription?.dispose()
                outerSubscription.dispose()
                done.store(true, ordering: .releasing)
            }
            guard done.load(ordering: .acquiring) else {
                return
            }
            let expected = [0] + Array(1...Self.replayBatch)
            #expect(outer.elements == expected, "outer: \(outer.elements.count) elements")
            #expect(inner.elements == expected, "inner: \(inner.elements.count) elements")
        }

        // MARK: A batch under an app lock

        /// How the delivering thread's observer meets the emitting thread: through a lock
        /// the emitter holds for its whole batch, or a serial queue the emitter runs on.
        enum Meeting {
            case lock
            case serialQueue
        }

        /// Thread D sends 0 into `first`; its observer (on `observed`) then takes the
        /// app's lock (or `sync`s onto the serial queue). Thread E, holding that lock
        /// (or running on that queue) since before, sends `lockBatch` elements into
        /// `second` while D waits for it. Every element must arrive, in order, and both
        /// threads must return.
        static func checkBatchUnderAppLock(
            _ name: String,
            meeting: Meeting = .lock,
            prime: (PublishSubject<Int>, PublishSubject<Int>) -> Void = { _, _ in },
            build: (PublishSubject<Int>, PublishSubject<Int>) -> (observed: Observable<Int>, first: @Sendable (Int) -> Void, second: @Sendable (Int) -> Void),
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            for batch in lockBatches {
                let a = PublishSubject<Int>()
                let b = PublishSubject<Int>()
                let (observed, first, second) = build(a, b)
                let appLock = NSLock()
                let queue = DispatchQueue(label: "app serial queue")
                let emitterReady = DispatchSemaphore(value: 0)
                let delivererInside = DispatchSemaphore(value: 0)
                let received = Received()
                let subscription = observed.subscribe(onNext: { element in
                    received.elements.append(element)
                    guard element == 0 else {
                        return
                    }
                    delivererInside.signal()
                    switch meeting {
                    case .lock:
                        appLock.lock()
                        appLock.unlock()
                    case .serialQueue:
                        queue.sync {}
                    }
                })
                prime(a, b)
                let done = AtomicValue<Bool>(false)
                Watchdog.run(rounds: 1, timeout: timeout, sourceLocation: sourceLocation) { _ in
                    let emitted = DispatchSemaphore(value: 0)
                    let sendBatch: @Sendable () -> Void = {
                        emitterReady.signal()
                        delivererInside.wait()
                        for value in 1...batch { second(value) }
                    }
                    switch meeting {
                    case .lock:
                        Thread {
                            appLock.lock()
                            sendBatch()
                            appLock.unlock()
                            emitted.signal()
                        }.start()
                    case .serialQueue:
                        queue.async {
                            sendBatch()
                            emitted.signal()
                        }
                    }
                    emitterReady.wait()
                    first(0)
                    emitted.wait()
                    done.store(true, ordering: .releasing)
                }
                subscription.dispose()
                guard done.load(ordering: .acquiring) else {
                    return
                }
                #expect(received.elements == [0] + Array(1...batch), "\(name), batch \(batch): \(received.elements.count) elements", sourceLocation: sourceLocation)
            }
        }

        @Test func publishSubjectBatchUnderAppLock() {
            Self.checkBatchUnderAppLock("PublishSubject") { a, _ in
                let subject = Unchecked(a)
                return (a.asObservable(), { subject.value.onNext($0) }, { subject.value.onNext($0) })
            }
        }

        @Test func publishSubjectBatchOnSerialQueue() {
            Self.checkBatchUnderAppLock("PublishSubject, serial queue", meeting: .serialQueue) { a, _ in
                let subject = Unchecked(a)
                return (a.asObservable(), { subject.value.onNext($0) }, { subject.value.onNext($0) })
            }
        }

        @Test func publishRelayBatchUnderAppLock() {
            let relay = PublishRelay<Int>()
            let sendable = Unchecked(relay)
            Self.checkBatchUnderAppLock("PublishRelay") { _, _ in
                (relay.asObservable(), { sendable.value.accept($0) }, { sendable.value.accept($0) })
            }
        }

        @Test func mergeBatchUnderAppLock() {
            Self.checkBatchUnderAppLock("merge") { a, b in
                let subjects = Unchecked((a, b))
                return (
                    Observable.merge(a.asObservable(), b.asObservable()),
                    { subjects.value.0.onNext($0) },
                    { subjects.value.1.onNext($0) }
                )
            }
        }

        @Test func subjectMapBatchUnderAppLock() {
            Self.checkBatchUnderAppLock("subject.map") { a, _ in
                let subject = Unchecked(a)
                return (a.map { $0 }, { subject.value.onNext($0) }, { subject.value.onNext($0) })
            }
        }

        @Test func combineLatestBatchUnderAppLock() {
            // Primed so that each element of either side is one output: its own value.
            Self.checkBatchUnderAppLock("combineLatest", prime: { _, b in b.onNext(-1) }) { a, b in
                let subjects = Unchecked((a, b))
                let combined = Observable.combineLatest(a, b) { left, right in max(left, right) }
                return (
                    combined,
                    { subjects.value.0.onNext($0) },
                    { subjects.value.1.onNext($0) }
                )
            }
        }
    }
}
