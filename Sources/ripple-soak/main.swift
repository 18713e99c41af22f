#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Ripple

// ripple-soak: runs an app-like Ripple graph on several threads for a bounded time and
// fails if memory or the count of live Ripple objects keeps growing.
//
//   swift run -c release ripple-soak                 20 seconds
//   swift run -c release ripple-soak --seconds 600   a longer soak
//   swift run -c release ripple-soak --depth [--filter NAME]
//                                                    the longest chains a stack holds, cold (Depth.swift)
//
// It prints one line per sample (every --sample-ms, default 500), then a summary:
// events per second, peak memory (VmHWM), and the verdict. Exit status 1 on failure.
//
// The criterion: the run after a warm-up (the first tenth, at least one sample) is
// split into two halves; the second half's maximum of resident memory may exceed the
// first half's by at most 10 % + 8 MB, and its median of `Resources.total` and of live
// short-lived subscriptions by at most 20 % + 200. A steady graph stays flat after its
// warm-up; a leak of even a few bytes per event grows by far more than that over
// seconds. The counts are compared by median, not maximum: they are snapshots that
// include work in flight (timers being cancelled, subscriptions being torn down on a
// dispatch queue), and one sample taken while a starved queue catches up can be several
// times the usual count without anything leaking; a leak raises most samples, so the
// median. (Resident memory never falls back by much, so its maximum is the right gauge.) After shutdown every subscription must be gone (and, in debug builds where
// Ripple counts its objects, `Resources.total` must be back to where it started), and
// no observer may have seen an event after a terminal event.

struct Options {
    var seconds = 20
    var sampleMilliseconds = 500
    var depth = false
    var depthFilter: String?
    var warm = false
}

func usage() -> Never {
    print("""
    usage: ripple-soak [--seconds N] [--sample-ms N]
           ripple-soak --depth [--filter NAME] [--warm]

    The soak (default) runs an app-like graph for N seconds (default 20, at least 2) and
    fails if memory or live objects keep growing.

    --depth finds, for each kind of chain (maps, mixed and flattening operators, …) and
    of paging, the longest that runs on its thread's stack (512 KB for chains, 8 MB for
    pages), trying each length in a child process of its own: the process's first
    subscription, as cold as an app's. --filter keeps the kinds whose name contains NAME;
    --warm runs each chain on the main thread first, so the runtime knows its types.
    """)
    exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--seconds":
            guard let text = remaining.popFirst(), let value = Int(text), value >= 1 else { usage() }
            options.seconds = value
        case "--depth":
            options.depth = true
        case "--filter":
            guard let text = remaining.popFirst() else { usage() }
            options.depthFilter = text
        case "--warm":
            options.warm = true
        case "--depth-child":
            guard let name = remaining.popFirst(), let text = remaining.popFirst(), let length = Int(text) else { usage() }
            runDepthChild(shape: name, length: length, warm: remaining.first == "--warm")
        case "--sample-ms":
            guard let text = remaining.popFirst(), let value = Int(text), value >= 10 else { usage() }
            options.sampleMilliseconds = value
        case "--help", "-h":
            usage()
        default:
            print("unknown argument \(argument)")
            usage()
        }
    }
    if !options.depth, options.seconds < 2 {
        usage()
    }
    return options
}

/// Resident and peak resident memory in kB from /proc/self/status; `nil` where there
/// is no /proc (the memory criterion is then skipped).
func memoryKB() -> (rss: Int, peak: Int)? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    var rss: Int?
    var peak: Int?
    for line in status.split(separator: "\n") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2 else { continue }
        if fields[0] == "VmRSS:" { rss = Int(fields[1]) }
        if fields[0] == "VmHWM:" { peak = Int(fields[1]) }
    }
    guard let rss, let peak else { return nil }
    return (rss, peak)
}

struct Sample {
    let seconds: Double
    let delivered: Int
    let rssKB: Int?
    let resources: Int
    let liveSubscriptions: Int
}

/// A flag the worker threads poll, and a count of those still running.
final class Crew: Sendable {
    let stopping = AtomicValue<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let started = AtomicValue<Int>(0)

    /// Starts `body` on a new thread; it should return soon after `stopping` is set.
    func launch(_ name: String, _ body: @escaping @Sendable () -> Void) {
        started.wrappingAdd(1, ordering: .relaxed)
        let thread = Thread { [finished] in
            body()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Sets `stopping` and waits for every thread; `false` if one did not stop in time.
    func stopAll() -> Bool {
        stopping.store(true, ordering: .relaxed)
        for _ in 0..<started.load(ordering: .relaxed) {
            if finished.wait(timeout: .now() + 10) == .timedOut { return false }
        }
        return true
    }

    var running: Bool { !stopping.load(ordering: .relaxed) }
}

func pause(microseconds: UInt32) { usleep(microseconds) }

/// How the samples of one half of the run are summed up by `growth`.
enum Summary: String {
    case max
    case median

    func of(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        switch self {
        case .max: return values.max()
        case .median: return values.sorted()[values.count / 2]
        }
    }
}

/// Growth from the first half to the second half beyond the allowed slack, or `nil`.
func growth(_ values: [(Double, Int)], split: Double, ratio: Double, slack: Int, by summary: Summary = .max) -> String? {
    let first = summary.of(values.filter { $0.0 < split }.map(\.1))
    let second = summary.of(values.filter { $0.0 >= split }.map(\.1))
    guard let first, let second else { return nil }
    let allowed = Int(Double(first) * ratio) + slack
    let name = summary.rawValue
    return second > allowed ? "first-half \(name) \(first), second-half \(name) \(second) (allowed \(allowed))" : nil
}

func runSoak(_ options: Options) -> Int32 {
    let baseline = Int(Resources.total)
    let start = ContinuousClock.now
    func elapsed() -> Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    var graph: SoakGraph? = SoakGraph()
    let crew = Crew()
    do {
        guard let graph else { return 1 }
        graph.start()

        // Three publishers, each with its own subject (an observer's events must not
        // overlap), merged into the tap stream.
        let feeds = (0..<3).map { _ in PublishSubject<Int>() }
        let feedSubscription = Observable.merge(feeds.map { $0.asObservable() }).subscribe(graph.taps)
        for (index, feed) in feeds.enumerated() {
            let feedBox = UncheckedSubject(feed)
            crew.launch("publisher \(index)") {
                var value = index
                while crew.running {
                    // Keep pace with the "ui" thread (see `SoakCounters.stateBacklog`).
                    while crew.running, graph.counters.stateBacklog > 10_000 {
                        pause(microseconds: 500)
                    }
                    for _ in 0..<50 {
                        feedBox.subject.onNext(value & 7)
                        value &+= 1
                    }
                    pause(microseconds: 500)
                }
            }
        }
        crew.launch("search box") {
            let words = ["r", "ri", "rip", "ripp", "rippl", "ripple", "rx", "swift"]
            var index = 0
            while crew.running {
                graph.query.accept(words[index % words.count])
                index &+= 1
                pause(microseconds: 1_500)
            }
        }
        crew.launch("settings") {
            var tick = 0
            while crew.running {
                graph.volume.accept(tick % 11)
                if tick % 3 == 0 { graph.theme.accept(tick % 2) }
                tick &+= 1
                pause(microseconds: 3_000)
            }
        }
        crew.launch("screens") {
            var open: [(opened: Int, subscription: Disposable)] = []
            var round = 0
            while crew.running {
                open.append((round, graph.openScreen(round: round)))
                // Screens stay open for about 20 rounds, then close.
                while let first = open.first, round - first.opened > 20 {
                    first.subscription.dispose()
                    open.removeFirst()
                }
                round &+= 1
                pause(microseconds: 1_000)
            }
            for screen in open { screen.subscription.dispose() }
        }

        var samples: [Sample] = []
        print("seconds events rss_kb resources live_subscriptions")
        while elapsed() < Double(options.seconds) {
            pause(microseconds: UInt32(options.sampleMilliseconds * 1_000))
            let sample = Sample(
                seconds: elapsed(),
                delivered: graph.counters.delivered.load(ordering: .relaxed),
                rssKB: memoryKB()?.rss,
                resources: Int(Resources.total) - baseline,
                liveSubscriptions: graph.counters.liveSubscriptions.load(ordering: .relaxed)
            )
            samples.append(sample)
            let rss = sample.rssKB.map(String.init) ?? "n/a"
            print(String(format: "%7.2f %9ld ", sample.seconds, sample.delivered)
                + "\(rss) \(sample.resources) \(sample.liveSubscriptions)")
        }

        // Shutdown.
        var failures: [String] = []
        if !crew.stopAll() { failures.append("a worker thread did not stop within 10 s") }
        feedSubscription.dispose()
        graph.stop()

        let total = Double(samples.last?.seconds ?? elapsed())
        let delivered = graph.counters.delivered.load(ordering: .relaxed)
        let warmUp = max(total / 10, samples.first?.seconds ?? 0)
        let split = warmUp + (total - warmUp) / 2
        let steady = samples.filter { $0.seconds > warmUp }
        if steady.count < 4 { failures.append("too few samples (\(steady.count)) after the warm-up; run longer") }
        if let problem = growth(steady.compactMap { s in s.rssKB.map { (s.seconds, $0) } }, split: split, ratio: 1.10, slack: 8 * 1024) {
            failures.append("resident memory keeps growing: \(problem) kB")
        }
        if let problem = growth(steady.map { ($0.seconds, $0.resources) }, split: split, ratio: 1.20, slack: 200, by: .median) {
            failures.append("Resources.total keeps growing: \(problem)")
        }
        if let problem = growth(steady.map { ($0.seconds, $0.liveSubscriptions) }, split: split, ratio: 1.20, slack: 200, by: .median) {
            failures.append("live subscriptions keep growing: \(problem)")
        }

        // Everything short-lived must be torn down; timers on the dispatch schedulers
        // may still be finishing, so wait a little.
        let deadline = ContinuousClock.now + .seconds(5)
        while graph.counters.liveSubscriptions.load(ordering: .relaxed) != 0, ContinuousClock.now < deadline {
            pause(microseconds: 5_000)
        }
        let live = graph.counters.liveSubscriptions.load(ordering: .relaxed)
        if live != 0 { failures.append("\(live) screen subscriptions still alive after shutdown") }
        let grammarErrors = graph.counters.grammarErrors.load(ordering: .relaxed)
        if grammarErrors != 0 { failures.append("\(grammarErrors) events arrived after a terminal event") }

        let memory = memoryKB()
        print(String(format: "events=%ld seconds=%.1f events_per_second=%.0f", delivered, total, Double(delivered) / max(total, 0.001)))
        print("peak_rss_kb=\(memory.map { String($0.peak) } ?? "n/a") final_rss_kb=\(memory.map { String($0.rss) } ?? "n/a")")
        if !failures.isEmpty {
            for failure in failures { print("FAIL: \(failure)") }
            return 1
        }
    }

    // Release the graph itself; in debug builds every Ripple object must then be gone.
    graph = nil
    let deadline = ContinuousClock.now + .seconds(5)
    while Int(Resources.total) != baseline, ContinuousClock.now < deadline {
        pause(microseconds: 5_000)
    }
    let left = Int(Resources.total) - baseline
    #if DEBUG
    print("resources_after_shutdown=\(left)")
    #else
    print("resources_after_shutdown=\(left) (Ripple counts its objects in debug builds only)")
    #endif
    if left != 0 {
        print("FAIL: \(left) Ripple objects still alive after shutdown")
        return 1
    }
    print("soak passed")
    return 0
}

/// Hands one publisher's subject to its thread. `@unchecked Sendable`: the subject is
/// used by that thread alone after the hand-over (and Ripple's subjects are thread-safe).
struct UncheckedSubject: @unchecked Sendable {
    let subject: PublishSubject<Int>
    init(_ subject: PublishSubject<Int>) { self.subject = subject }
}

#if canImport(Glibc)
// glibc gives threads new malloc arenas as they contend, lazily, and each new arena
// raises resident memory by a few megabytes once, at a moment that depends on
// scheduling. In a 20-second run two such steps in the second half look like growth
// (measured: +5 MB at 14 s, then flat for a minute; with two arenas, flat within
// 0.5 MB). Two arenas keep that noise out of the memory criterion; a leak still grows.
// (`mallopt` is in malloc.h, which the Glibc module does not import: looked up by
// name; -8 is glibc's M_ARENA_MAX.)
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
}
#endif
let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if options.depth {
    exit(runDepth(filter: options.depthFilter, warm: options.warm))
}
exit(runSoak(options))
