#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Ripple

// ripple-bench --contention: the serialization bound, measured. Several threads call `onNext` on
// the subjects under one serialization point or two (a subject feeding a merge-like
// sink) for a bounded time, with an observer that does a little work per element, and
// it reports how much of the other threads' work one call ends up doing, how much waits,
// and how long the delivering thread keeps draining after everyone stopped emitting.
// The scenarios are those of `Tests/RippleTests/Stress/SerializationBoundTests.swift`.

/// An output of a scenario: one or two encoded elements (`sequence << 6 | thread`;
/// negative for a priming element).
struct ContentionPair {
    let first: Int
    let second: Int
}

struct ContentionScenario: Sendable {
    let name: String
    /// Whether thread `thread`'s element number `sequence` goes to `a` (otherwise `b`).
    let feedsFirst: @Sendable (_ thread: Int, _ sequence: Int) -> Bool
    /// Whether a thread's elements each reach the observer or are passed by a later one
    /// of the same thread, so that they can be counted in flight.
    let tracked: @Sendable (Int) -> Bool
    let prime: @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Void
    let build: @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Observable<ContentionPair>

    static let all: [ContentionScenario] = [
        ContentionScenario(
            name: "merge", feedsFirst: { thread, _ in thread % 2 == 0 }, tracked: { _ in true }, prime: { _, _ in }
        ) { a, b in
            Observable.merge(a.asObservable(), b.asObservable()).map { ContentionPair(first: $0, second: -1) }
        },
        ContentionScenario(
            name: "combineLatest", feedsFirst: { thread, _ in thread % 2 == 0 }, tracked: { _ in true },
            prime: { a, b in a.onNext(-1); b.onNext(-1) }
        ) { a, b in
            Observable.combineLatest(a, b) { ContentionPair(first: $0, second: $1) }
        },
        ContentionScenario(
            name: "merge+share", feedsFirst: { thread, _ in thread % 2 == 0 }, tracked: { _ in true }, prime: { _, _ in }
        ) { a, b in
            Observable.merge(a.asObservable(), b.asObservable()).share().map { ContentionPair(first: $0, second: -1) }
        },
        // The second source's elements only show through the first's: not counted in flight.
        ContentionScenario(
            name: "withLatestFrom", feedsFirst: { thread, _ in thread % 2 == 0 }, tracked: { thread in thread % 2 == 0 },
            prime: { _, b in b.onNext(-1) }
        ) { a, b in
            a.withLatestFrom(b) { ContentionPair(first: $0, second: $1) }
        },
        ContentionScenario(
            name: "subject", feedsFirst: { _, _ in true }, tracked: { _ in true }, prime: { _, _ in }
        ) { a, _ in
            a.map { ContentionPair(first: $0, second: -1) }
        },
        // Every thread feeds the inner (`b`); threads 0 and 4 also switch, once every
        // 2 500 of their elements (as in the test: switching more often drops most inner
        // elements). Inner elements dropped by a switch cannot be told from waiting ones,
        // so nothing is counted in flight.
        ContentionScenario(
            name: "flatMapLatest", feedsFirst: { thread, sequence in thread % 4 == 0 && sequence % 2_500 == 1_000 },
            tracked: { _ in false }, prime: { a, _ in a.onNext(-1) }
        ) { a, b in
            let inner = b.asObservable()
            return a.flatMapLatest { _ in inner }.map { ContentionPair(first: $0, second: -1) }
        },
    ]
}

/// One emitter's counters; see `ContentionProbe`.
final class ContentionSlot: Sendable {
    let thread = AtomicValue<UInt>(0)
    /// Calls started: the sequence number of the latest plus one.
    let started = AtomicValue<Int>(0)
    /// The highest sequence number of this thread the observer received, plus one.
    let received = AtomicValue<Int>(0)
    /// Elements the observer received on this thread.
    let delivered = AtomicValue<Int>(0)
    let maxDeliveredInOneCall = AtomicValue<Int>(0)
    let peakInFlight = AtomicValue<Int>(0)
    let longestCallNanoseconds = AtomicValue<Int>(0)
}

/// What the emitters and the observer share. The observer's calls are serialised by
/// the operator under test, so only the atomics are read across threads.
final class ContentionProbe: Sendable {
    let slots: [ContentionSlot]
    let tracked: [Int]
    let outputs = AtomicValue<Int>(0)
    /// Set when the drain took too long: the observer stops working, to end it.
    let abandoned = AtomicValue<Bool>(false)
    let kept = AtomicValue<Int>(0)

    init(threads: Int, tracked: [Int]) {
        slots = (0..<threads).map { _ in ContentionSlot() }
        self.tracked = tracked
    }

    func inFlight() -> Int {
        var total = 0
        for index in tracked {
            let slot = slots[index]
            let received = slot.received.load(ordering: .acquiring)
            total += max(slot.started.load(ordering: .acquiring) - received, 0)
        }
        return total
    }

    func observe(_ pair: ContentionPair) {
        outputs.wrappingAdd(1, ordering: .relaxed)
        let me = contentionThreadToken()
        for slot in slots where slot.thread.load(ordering: .relaxed) == me {
            slot.delivered.wrappingAdd(1, ordering: .relaxed)
            break
        }
        for value in [pair.first, pair.second] where value >= 0 {
            let slot = slots[value & 63]
            let sequence = value >> 6
            if sequence + 1 > slot.received.load(ordering: .relaxed) {
                slot.received.store(sequence + 1, ordering: .releasing)
            }
        }
        if abandoned.load(ordering: .relaxed) {
            return
        }
        // A little real work, kept so that it is not optimised away.
        var mixed = pair.first &+ pair.second
        for _ in 0..<200 {
            mixed = mixed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        }
        kept.store(mixed, ordering: .relaxed)
    }
}

func contentionThreadToken() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// What a thread started by ``startThread(_:)`` runs.
final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached thread: pthreads, since ripple-bench links no
/// Foundation (CI checks it) and libdispatch would not start one thread per emitter.
func startThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
    precondition(started == 0, "pthread_create failed: \(started)")
    pthread_detach(thread!)
    #else
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(started == 0, "pthread_create failed: \(started)")
    pthread_detach(thread)
    #endif
}

/// Starts threads together: each arrives, then yields until all have.
final class ContentionStartLine: Sendable {
    private let waiting: AtomicValue<Int>
    init(_ count: Int) { waiting = AtomicValue(count) }
    func arriveAndWait() {
        waiting.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        while waiting.load(ordering: .acquiring) > 0 {
            sched_yield()
        }
    }
}

/// Hands the two subjects to the emitter threads (Ripple's subjects are thread-safe;
/// the point of the run is to call them from several threads).
struct ContentionSubjects: Sendable {
    let a: PublishSubject<Int>
    let b: PublishSubject<Int>
}

/// The post-stop drain is waited for at most this long; then the observer stops working
/// so that the run ends, and the line says the cap was hit.
let contentionDrainCap: Duration = .seconds(30)
/// Emitting stops early when peak resident memory passes this (queues growing without
/// bound).
let contentionMemoryCapKB = 4 * 1024 * 1024

/// The process's peak resident memory in kB (`ru_maxrss`, which Linux gives in kB and
/// Darwin in bytes).
func peakResidentKB() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
    #else
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// `ripple-bench --contention [--seconds N] [--threads T]`: parses the arguments after
/// `--contention` and runs every scenario; the process's exit status.
func runContention(arguments: ArraySlice<String>) -> Int32 {
    var seconds = 5
    var threads = 8
    var remaining = arguments
    while let argument = remaining.popFirst() {
        switch argument {
        case "--seconds":
            guard let text = remaining.popFirst(), let value = Int(text), value >= 1 else { contentionUsage() }
            seconds = value
        case "--threads":
            guard let text = remaining.popFirst(), let value = Int(text), (2...64).contains(value) else { contentionUsage() }
            threads = value
        default:
            contentionUsage()
        }
    }
    return runContention(seconds: seconds, threads: threads)
}

func contentionUsage() -> Never {
    print("""
    usage: ripple-bench --contention [--seconds N] [--threads T]

    Measures the serialization bound: for each of six scenarios (merge of two
    PublishSubjects, combineLatest, merge + share(), withLatestFrom with emitters on both
    sides, a plain PublishSubject, flatMapLatest with emitters on the outer and the inner),
    T threads (default 8) call onNext for N seconds (default 5) with an observer doing a
    little work per element. One line per scenario gives the longest single onNext call
    (ms), the most elements delivered inside one call, the peak of elements in flight
    (started, not yet received), elements delivered per second, and how long the
    delivering thread was still draining after every emitter stopped (capped at 30 s,
    then reported as drain_capped=yes). Emitting stops early if peak resident memory
    passes 4 GB (reported as stopped_early_s).
    """)
    exit(2)
}

func contentionSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func runContention(seconds duration: Int, threads: Int) -> Int32 {
    print("# ripple-bench --contention: \(threads) threads emitting for \(duration) s per scenario, observer work 200 multiply-adds per element")
    print("# longest_call_ms: one onNext call; max_delivered_in_one_call: elements the observer received on the calling thread during one call;")
    print("# peak_in_flight: elements started and not yet received (n/a: flatMapLatest drops inner elements); elements_per_second: delivered, over emitting + drain;")
    print("# drain_ms: from the stop until every onNext call returned (capped at \(contentionDrainCap))")
    for scenario in ContentionScenario.all {
        print(runContentionScenario(scenario, seconds: duration, threads: threads))
    }
    return 0
}

func runContentionScenario(_ scenario: ContentionScenario, seconds duration: Int, threads: Int) -> String {
    let subjects = ContentionSubjects(a: PublishSubject<Int>(), b: PublishSubject<Int>())
    let tracked = (0..<threads).filter(scenario.tracked)
    let probe = ContentionProbe(threads: threads, tracked: tracked)
    let subscription = scenario.build(subjects.a, subjects.b).subscribe(onNext: { probe.observe($0) })
    scenario.prime(subjects.a, subjects.b)
    probe.outputs.store(0, ordering: .relaxed)
    let stop = AtomicValue<Bool>(false)
    let startLine = ContentionStartLine(threads + 1)
    let finished = DispatchSemaphore(value: 0)
    for index in 0..<threads {
        startThread {
            let slot = probe.slots[index]
            slot.thread.store(contentionThreadToken(), ordering: .releasing)
            startLine.arriveAndWait()
            var sequence = 0
            var longest = 0
            var maxDelivered = 0
            var peak = 0
            while !stop.load(ordering: .relaxed) {
                slot.started.store(sequence + 1, ordering: .releasing)
                peak = max(peak, probe.inFlight())
                let deliveredBefore = slot.delivered.load(ordering: .relaxed)
                let subject = scenario.feedsFirst(index, sequence) ? subjects.a : subjects.b
                let start = DispatchTime.now().uptimeNanoseconds
                subject.onNext(sequence << 6 | index)
                let took = Int(DispatchTime.now().uptimeNanoseconds - start)
                longest = max(longest, took)
                maxDelivered = max(maxDelivered, slot.delivered.load(ordering: .relaxed) - deliveredBefore)
                peak = max(peak, probe.inFlight())
                sequence += 1
            }
            slot.longestCallNanoseconds.store(longest, ordering: .relaxed)
            slot.maxDeliveredInOneCall.store(maxDelivered, ordering: .relaxed)
            slot.peakInFlight.store(peak, ordering: .relaxed)
            finished.signal()
        }
    }
    startLine.arriveAndWait()
    let clock = ContinuousClock()
    let started = clock.now
    var note = ""
    while clock.now - started < .seconds(duration) {
        usleep(50_000)
        let peak = peakResidentKB()
        if peak > contentionMemoryCapKB {
            note = " stopped_early_s=\(format(contentionSeconds(clock.now - started), decimals: 2)) (peak resident memory \(peak / 1024) MB)"
            break
        }
    }
    stop.store(true, ordering: .relaxed)
    let stopped = clock.now
    var returned = 0
    var capped = false
    while returned < threads {
        let left = contentionDrainCap - (clock.now - stopped)
        let wait = max(Int(contentionSeconds(left) * 1_000), 0)
        if finished.wait(timeout: .now() + .milliseconds(wait)) == .timedOut {
            capped = true
            break
        }
        returned += 1
    }
    let drain = clock.now - stopped
    if capped {
        // End the drain: the observer skips its work from now on.
        probe.abandoned.store(true, ordering: .relaxed)
        while returned < threads {
            if finished.wait(timeout: .now() + .seconds(30)) == .timedOut {
                // Stuck, not slow: report it; exiting ends the threads.
                note += " stuck=yes"
                break
            }
            returned += 1
        }
    }
    let total = clock.now - started
    subscription.dispose()
    var longest = 0
    var maxDelivered = 0
    var peak = 0
    for slot in probe.slots {
        longest = max(longest, slot.longestCallNanoseconds.load(ordering: .relaxed))
        maxDelivered = max(maxDelivered, slot.maxDeliveredInOneCall.load(ordering: .relaxed))
        peak = max(peak, slot.peakInFlight.load(ordering: .relaxed))
    }
    let outputs = probe.outputs.load(ordering: .relaxed)
    let inFlight = tracked.isEmpty ? "n/a" : String(peak)
    return "contention scenario=\(scenario.name) threads=\(threads)"
        + " longest_call_ms=\(format(Double(longest) / 1e6, decimals: 3))"
        + " max_delivered_in_one_call=\(maxDelivered) peak_in_flight=\(inFlight)"
        + " elements_per_second=\(Int((Double(outputs) / max(contentionSeconds(total), 0.001)).rounded()))"
        + " drain_ms=\(format(contentionSeconds(drain) * 1_000, decimals: 1))"
        + " drain_capped=\(capped ? "yes" : "no")" + note
}
