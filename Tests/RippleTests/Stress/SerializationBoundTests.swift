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
    /// A serialization point (a subject, the sink of merge, combineLatest,
    /// withLatestFrom, flatMapLatest) must bound how much of other threads' work one
    /// emitting call does, and how much can wait.
    ///
    /// Each scenario starts eight threads together (a barrier), each calling `onNext`
    /// 5 000 times on one of the scenario's subjects, with an observer that does a
    /// little real work per element. The measures are counts, not times, so a loaded
    /// machine changes how often a bound is approached but not what is allowed:
    ///
    /// - *delivered within one call*: how many elements reached the observer on the
    ///   emitting thread between the start and the return of one of its `onNext` calls
    ///   (the observer knows which emitter runs it from a table of thread identities);
    ///   the maximum over every call of every thread;
    /// - *in flight*: elements whose `onNext` has started and that the observer has not
    ///   yet received (or passed: a later element of the same thread covers an earlier
    ///   one that an operator drops), summed over the threads, sampled before and after
    ///   every call; the peak.
    ///
    /// Every scenario also checks that each thread's elements arrive in the order it sent
    /// them, and, where the operator forwards every element (merge, a plain subject,
    /// withLatestFrom's first source), exactly once.
    @Suite struct SerializationBoundTests {
        // MARK: The bounds checked (derived from the library's constant)

        static let threads = 8
        /// K: the elements queued by *other* threads that one emitting call may deliver
        /// at one serialization point, besides its own element and those its
        /// subscribers emit back re-entrantly on the same thread: each of the other
        /// threads' share of one turn.
        static let queuedPerCall = (threads - 1) * SerializationBound.foreignActionsPerThread
        /// Fewer under the Thread Sanitizer, which runs this work 10-20 times slower on
        /// two cores: the bounds are per call and per instant, so a shorter run checks
        /// the same limits, and the watchdog stays a deadlock detector, not a timer.
        #if RIPPLE_TSAN
        static let elementsPerThread = 1_500
        #else
        static let elementsPerThread = 5_000
        #endif
        /// A plain subject is one serialization point: a call delivers its own element
        /// and at most K others.
        static let onePointBound = 1 + queuedPerCall
        /// A subject feeding a merge-like sink is two points in a row: each of the
        /// 1 + K elements the subject's call hands the sink may bring K more out of the
        /// sink's own queue.
        static let twoPointBound = (1 + queuedPerCall) * (1 + queuedPerCall)
        /// What can be in flight at once when an element may wait at `points`
        /// serialization points on its way (Guarantees.md: at most K elements left by
        /// other threads wait per point, besides one per waiting call): each thread's
        /// current element (T; at a subject, a waiting call's element is its thread's
        /// current one), then K left at each point and one being handed on by each
        /// point's holder (at the merging sink, a waiting call's element is the one a
        /// subject's holder is handing on, so it is counted there already). Two subjects and a
        /// sink that merges them are three points: T + 3(K + 1). A point after
        /// the merging sink (`share`'s subject) adds nothing: only the merging sink's
        /// holder calls it, one call at a time.
        static func inFlightBound(points: Int) -> Int {
            threads + points * (queuedPerCall + 1)
        }

        /// How many iterations of arithmetic the observer does per element: slower to
        /// deliver than to queue, as real observers are.
        static let observerWork = 500

        // MARK: Scenarios

        @Test func mergeOfTwoSubjects() {
            Self.check(Scenario(name: "merge", bound: Self.twoPointBound, everyElement: .allThreads) { a, b in
                Observable.merge(a.asObservable(), b.asObservable()).map { Pair(first: $0, second: -1) }
            })
        }

        @Test func combineLatestOfTwoSubjects() {
            Self.check(Scenario(
                name: "combineLatest", bound: Self.twoPointBound, everyElement: .none,
                // One output per call once both sides have a value: the priming pair.
                prime: { a, b in a.onNext(-1); b.onNext(-1) },
                expectedOutputs: 1 + Self.threads * Self.elementsPerThread
            ) { a, b in
                Observable.combineLatest(a, b) { Pair(first: $0, second: $1) }
            })
        }

        @Test func mergeThenShare() {
            Self.check(Scenario(name: "merge+share", bound: Self.twoPointBound, everyElement: .allThreads) { a, b in
                Observable.merge(a.asObservable(), b.asObservable()).share().map { Pair(first: $0, second: -1) }
            })
        }

        @Test func withLatestFromWithEmittersOnBothSides() {
            Self.check(Scenario(
                name: "withLatestFrom", bound: Self.twoPointBound, everyElement: .firstSource,
                // The second source's elements are only ever seen through the first's, so
                // only the first source's threads are counted in flight.
                tracked: { thread in thread % 2 == 0 },
                prime: { _, b in b.onNext(-1) }
            ) { a, b in
                a.withLatestFrom(b) { Pair(first: $0, second: $1) }
            })
        }

        @Test func plainPublishSubject() {
            Self.check(Scenario(name: "subject", bound: Self.onePointBound, waitingPoints: 1, everyElement: .allThreads, feedsFirst: { _, _ in true }) { a, _ in
                a.map { Pair(first: $0, second: -1) }
            })
        }

        @Test func flatMapLatestWithEmittersOnOuterAndInner() {
            Self.check(Scenario(
                name: "flatMapLatest", bound: Self.twoPointBound, everyElement: .none,
                // Every thread feeds the inner (`b`); two of them also switch (send to
                // `a`, which resubscribes to `b`), at their elements 1 000 and 3 500.
                // Switching more often drops most inner elements (today, those queued in
                // `b` for the inner subscription just replaced), which hides the
                // queueing this scenario is about. An inner element may be dropped during
                // a switch (never duplicated), and a dropped element cannot be told from
                // a waiting one from outside, so nothing is counted in flight here.
                feedsFirst: { thread, sequence in thread % 4 == 0 && sequence % 2_500 == 1_000 },
                tracked: { _ in false },
                prime: { a, _ in a.onNext(-1) },
                noDuplicates: true
            ) { a, b in
                let inner = b.asObservable()
                return a.flatMapLatest { _ in inner }.map { Pair(first: $0, second: -1) }
            })
        }

        // MARK: The harness

        /// An output: one or two encoded elements (`thread × 1 000 000 + sequence`; a
        /// negative number is a priming element).
        struct Pair {
            let first: Int
            let second: Int
        }

        enum EveryElement {
            /// Outputs may repeat or skip elements (combineLatest, flatMapLatest).
            case none
            /// Every element of every thread arrives exactly once, as `first`.
            case allThreads
            /// Every element of the first source's threads (even) arrives exactly once, as `first`.
            case firstSource
        }

        struct Scenario: Sendable {
            let name: String
            let bound: Int
            /// The serialization points an element can wait at: both subjects and the
            /// operator's sink, unless the scenario has one subject and no operator.
            let waitingPoints: Int
            let everyElement: EveryElement
            /// Whether a thread's element (by its sequence number) goes to `a` (otherwise `b`).
            let feedsFirst: @Sendable (_ thread: Int, _ sequence: Int) -> Bool
            /// Whether a thread's elements are counted in flight: each reaches the
            /// observer, or is passed by a later one of the same thread.
            let tracked: @Sendable (Int) -> Bool
            let prime: @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Void
            let expectedOutputs: Int?
            let noDuplicates: Bool
            let build: @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Pair>

            init(
                name: String,
                bound: Int,
                waitingPoints: Int = 3,
                everyElement: EveryElement,
                feedsFirst: @escaping @Sendable (_ thread: Int, _ sequence: Int) -> Bool = { thread, _ in thread % 2 == 0 },
                tracked: @escaping @Sendable (Int) -> Bool = { _ in true },
                prime: @escaping @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Void = { _, _ in },
                expectedOutputs: Int? = nil,
                noDuplicates: Bool = false,
                build: @escaping @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Pair>
            ) {
                self.name = name
                self.bound = bound
                self.waitingPoints = waitingPoints
                self.everyElement = everyElement
                self.feedsFirst = feedsFirst
                self.tracked = tracked
                self.prime = prime
                self.expectedOutputs = expectedOutputs
                self.noDuplicates = noDuplicates
                self.build = build
            }
        }

        /// One emitter thread's counters. `delivered` is only touched on the emitter's
        /// own thread (by the observer when it runs there); `received` only by the
        /// observer, whose calls the operator serialises; the atomics let the other
        /// emitters read them for the in-flight count.
        final class Slot: Sendable {
            let thread = AtomicValue<UInt>(0)
            /// Calls started: the sequence number of the latest plus one.
            let started = AtomicValue<Int>(0)
            /// The highest sequence number of this thread the observer received, plus one.
            let received = AtomicValue<Int>(0)
            /// Elements the observer received on this thread.
            let delivered = AtomicValue<Int>(0)
            let maxDeliveredInOneCall = AtomicValue<Int>(0)
            let peakInFlight = AtomicValue<Int>(0)
        }

        /// What the observer and the emitters share.
        final class Probe: @unchecked Sendable {
            // `@unchecked Sendable`: the atomics are the shared part; `lastSequence`,
            // `outputs`, `violations` and `kept` are written only by the observer, whose
            // calls the operator under test serialises (`inside` checks it), and read
            // after every emitter has finished.
            let slots: [Slot]
            let tracked: [Int]
            let inside = AtomicValue<Bool>(false)
            let overlaps = AtomicValue<Int>(0)
            let unknownThreadDeliveries = AtomicValue<Int>(0)
            /// Set once the priming elements (sent by the test's thread) are through.
            let live = AtomicValue<Bool>(false)
            var lastSequence: [Int]
            var outputs = 0
            var violations: [String] = []
            var kept = 0

            init(threads: Int, tracked: [Int]) {
                slots = (0..<threads).map { _ in Slot() }
                self.tracked = tracked
                lastSequence = Array(repeating: -1, count: threads)
            }

            /// The slot of the calling thread, if it is an emitter.
            func currentSlot() -> Slot? {
                let me = SerializationBoundTests.currentThread
                for slot in slots where slot.thread.load(ordering: .relaxed) == me {
                    return slot
                }
                return nil
            }

            /// Elements started and not yet received, over the tracked threads, at one
            /// instant: every `started` is read first, then every `received`.
            ///
            /// Both counters only grow, so a `started` read before an instant T is at
            /// most its value at T, and a `received` read after T at least its value at
            /// T: the sum is never more than what was really in flight at T, whatever
            /// the other threads do while this one reads. Reading a slot's `received`
            /// before its `started`, or the slots one after the other, would add
            /// whatever was received while the reading thread was descheduled between
            /// two loads (under the Address Sanitizer on two cores, over a hundred
            /// elements), and report a peak that never existed.
            func inFlight() -> Int {
                withUnsafeTemporaryAllocation(of: Int.self, capacity: tracked.count) { started in
                    for (position, index) in tracked.enumerated() {
                        started[position] = slots[index].started.load(ordering: .acquiring)
                    }
                    var total = 0
                    for (position, index) in tracked.enumerated() {
                        let received = slots[index].received.load(ordering: .acquiring)
                        total += max(started[position] - received, 0)
                    }
                    return total
                }
            }

            func violation(_ text: String) {
                // A handful is enough to diagnose; the count of outputs tells the rest.
                if violations.count < 5 {
                    violations.append(text)
                }
            }
        }

        static var currentThread: UInt {
            currentThreadID()
        }

        /// Starts threads together: each arrives, then waits (yielding) for the rest.
        final class StartLine: Sendable {
            private let waiting: AtomicValue<Int>
            init(_ count: Int) { waiting = AtomicValue(count) }
            func arriveAndWait() {
                waiting.wrappingSubtract(1, ordering: .acquiringAndReleasing)
                while waiting.load(ordering: .acquiring) > 0 {
                    sched_yield()
                }
            }
        }

        struct Outcome {
            var maxDeliveredInOneCall = 0
            var peakInFlight = 0
            var outputs = 0
            var violations: [String] = []
            var overlaps = 0
            var unknownThreadDeliveries = 0
            var incomplete: [String] = []
        }

        static func observe(_ pair: Pair, probe: Probe, scenario: Scenario) {
            if probe.inside.exchange(true, ordering: .acquiringAndReleasing) {
                probe.overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            probe.outputs += 1
            if let slot = probe.currentSlot() {
                slot.delivered.wrappingAdd(1, ordering: .relaxed)
            } else if probe.live.load(ordering: .relaxed) {
                probe.unknownThreadDeliveries.wrappingAdd(1, ordering: .relaxed)
            }
            for (position, value) in [pair.first, pair.second].enumerated() where value >= 0 {
                let thread = value / 1_000_000
                let sequence = value % 1_000_000
                let last = probe.lastSequence[thread]
                let exact = position == 0 && {
                    switch scenario.everyElement {
                    case .none: false
                    case .allThreads: true
                    case .firstSource: thread % 2 == 0
                    }
                }()
                if exact, sequence != last + 1 {
                    probe.violation("\(scenario.name): thread \(thread) sent \(last + 1) next, the observer got \(sequence)")
                } else if position == 0, scenario.noDuplicates, sequence <= last {
                    probe.violation("\(scenario.name): thread \(thread)'s \(sequence) after its \(last) (duplicated or reordered)")
                } else if sequence < last {
                    probe.violation("\(scenario.name): thread \(thread)'s \(sequence) after its \(last) (reordered)")
                }
                if sequence > last {
                    probe.lastSequence[thread] = sequence
                    probe.slots[thread].received.store(sequence + 1, ordering: .releasing)
                }
            }
            // A little real work, kept so that it is not optimised away.
            var mixed = pair.first &+ pair.second
            for _ in 0..<observerWork {
                mixed = mixed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            }
            probe.kept &+= mixed
            probe.inside.store(false, ordering: .releasing)
        }

        static func run(_ scenario: Scenario) -> Outcome {
            let a = PublishSubject<Int>()
            let b = PublishSubject<Int>()
            let probe = Probe(threads: threads, tracked: (0..<threads).filter(scenario.tracked))
            let subscription = scenario.build(a, b).subscribe(onNext: { pair in
                observe(pair, probe: probe, scenario: scenario)
            })
            scenario.prime(a, b)
            probe.live.store(true, ordering: .relaxed)
            let startLine = StartLine(threads)
            let finished = DispatchSemaphore(value: 0)
            let subjects = Unchecked((a, b))
            for index in 0..<threads {
                let thread = Thread {
                    let slot = probe.slots[index]
                    slot.thread.store(currentThread, ordering: .releasing)
                    startLine.arriveAndWait()
                    var maxDelivered = 0
                    var peak = 0
                    for sequence in 0..<elementsPerThread {
                        slot.started.store(sequence + 1, ordering: .releasing)
                        let deliveredBefore = slot.delivered.load(ordering: .relaxed)
                        peak = max(peak, probe.inFlight())
                        let subject = scenario.feedsFirst(index, sequence) ? subjects.value.0 : subjects.value.1
                        subject.onNext(index * 1_000_000 + sequence)
                        peak = max(peak, probe.inFlight())
                        maxDelivered = max(maxDelivered, slot.delivered.load(ordering: .relaxed) - deliveredBefore)
                    }
                    slot.maxDeliveredInOneCall.store(maxDelivered, ordering: .relaxed)
                    slot.peakInFlight.store(peak, ordering: .relaxed)
                    finished.signal()
                }
                thread.name = "emitter \(index)"
                thread.start()
            }
            for _ in 0..<threads {
                finished.wait()
            }
            subscription.dispose()
            var outcome = Outcome()
            for slot in probe.slots {
                outcome.maxDeliveredInOneCall = max(outcome.maxDeliveredInOneCall, slot.maxDeliveredInOneCall.load(ordering: .relaxed))
                outcome.peakInFlight = max(outcome.peakInFlight, slot.peakInFlight.load(ordering: .relaxed))
            }
            outcome.outputs = probe.outputs
            outcome.violations = probe.violations
            outcome.overlaps = probe.overlaps.load(ordering: .relaxed)
            outcome.unknownThreadDeliveries = probe.unknownThreadDeliveries.load(ordering: .relaxed)
            for thread in 0..<threads {
                let everyOne = switch scenario.everyElement {
                case .none: false
                case .allThreads: true
                case .firstSource: thread % 2 == 0
                }
                if everyOne, probe.lastSequence[thread] != elementsPerThread - 1 {
                    outcome.incomplete.append("thread \(thread): last element received \(probe.lastSequence[thread])")
                }
            }
            return outcome
        }

        static func check(_ scenario: Scenario, sourceLocation: SourceLocation = #_sourceLocation) {
            let result = Guarded<Outcome?>(nil)
            Watchdog.run(rounds: 1, timeout: .seconds(60), sourceLocation: sourceLocation) { _ in
                let outcome = run(scenario)
                result.withLock { $0 = outcome }
            }
            guard let outcome = result.withLock({ $0 }) else {
                return
            }
            let name = scenario.name
            let inFlightLimit = inFlightBound(points: scenario.waitingPoints)
            #expect(
                outcome.maxDeliveredInOneCall <= scenario.bound,
                "\(name): one onNext call delivered \(outcome.maxDeliveredInOneCall) elements (bound \(scenario.bound))",
                sourceLocation: sourceLocation)
            #expect(
                outcome.peakInFlight <= inFlightLimit,
                "\(name): \(outcome.peakInFlight) elements in flight at once (bound \(inFlightLimit))",
                sourceLocation: sourceLocation)
            #expect(outcome.violations.isEmpty, "\(outcome.violations)", sourceLocation: sourceLocation)
            #expect(outcome.incomplete.isEmpty, "\(name): elements lost: \(outcome.incomplete)", sourceLocation: sourceLocation)
            #expect(outcome.overlaps == 0, "\(name): the observer was called concurrently", sourceLocation: sourceLocation)
            #expect(outcome.unknownThreadDeliveries == 0, "\(name): elements delivered on a thread that is not an emitter", sourceLocation: sourceLocation)
            if let expected = scenario.expectedOutputs {
                #expect(outcome.outputs == expected, "\(name): \(outcome.outputs) outputs, expected \(expected)", sourceLocation: sourceLocation)
            }
            // The figures, for the record.
            print("SerializationBound \(name): max delivered in one call \(outcome.maxDeliveredInOneCall), peak in flight \(outcome.peakInFlight), outputs \(outcome.outputs)")
        }
    }
}
