#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// ripple-bench: the workloads of Benchmarks.md (pipelines, subjects, subscribe + dispose),
// each timed against its hand-written plain-Swift equivalent in the same process.
//
//   swift run -c release ripple-bench                    every workload, 5 repetitions
//   swift run -c release ripple-bench --filter map_filter
//   swift run -c release ripple-bench --filter skip_chain  every workload named skip_chain_…
//   swift run -c release ripple-bench --repetitions 9 --json
//   swift run -c release ripple-bench --size small       every workload shrunk 100×
//   swift run -c release ripple-bench --contention [--seconds N] [--threads T]
//                                                        the serialization bound (Contention.swift)
//
// One line per workload:
// workload=<name> events=<n> ns_per_event=<x> baseline_ns_per_event=<y> ratio=<x/y> allocs_per_event=<a> checksum=<c> floor_ns_per_event=<f> floor_ratio=<x/f>
// and, for the operator chains, operators=<N> and ns_per_operator=<(ns(N) − ns(1)) / (N − 1)>.

struct Options {
    var filter: String?
    var repetitions = 5
    var json = false
    var size = Size.full
}

func usage() -> Never {
    print("usage: ripple-bench [--filter NAME] [--repetitions N] [--json] [--size full|small]")
    print("       ripple-bench --contention [--seconds N] [--threads T]")
    exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--filter":
            guard let name = remaining.popFirst() else { usage() }
            options.filter = name
        case "--repetitions":
            guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else { usage() }
            options.repetitions = count
        case "--json":
            options.json = true
        case "--size":
            guard let text = remaining.popFirst(), let size = Size(rawValue: text) else { usage() }
            options.size = size
        default:
            usage()
        }
    }
    return options
}

func format(_ value: Double, decimals: Int) -> String {
    let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    // Pad to a fixed number of decimals so the columns line up.
    if let dot = text.firstIndex(of: ".") {
        let present = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: max(decimals - present, 0))
    }
    return text
}

func line(_ result: Measurement, nsPerOperator: Double?) -> String {
    let allocs = result.allocsPerEvent.map { format($0, decimals: 4) } ?? "-1"
    let chain = result.operators.map { " operators=\($0)" } ?? ""
    let perOperator = nsPerOperator.map { " ns_per_operator=\(format($0, decimals: 3))" } ?? ""
    return "workload=\(result.name) events=\(result.events) ns_per_event=\(format(result.nsPerEvent, decimals: 2))"
        + " baseline_ns_per_event=\(format(result.baselineNsPerEvent, decimals: 2)) ratio=\(format(result.ratio, decimals: 2))"
        + " allocs_per_event=\(allocs) checksum=\(result.checksum)"
        + " floor_ns_per_event=\(format(result.floorNsPerEvent, decimals: 2)) floor_ratio=\(format(result.floorRatio, decimals: 2))"
        + chain + perOperator
}

func json(_ result: Measurement, nsPerOperator: Double?) -> String {
    let allocs = result.allocsPerEvent.map { format($0, decimals: 4) } ?? "null"
    let chain = result.operators.map { ", \"operators\": \($0)" } ?? ""
    let perOperator = nsPerOperator.map { ", \"ns_per_operator\": \(format($0, decimals: 3))" } ?? ""
    return "{\"workload\": \"\(result.name)\", \"events\": \(result.events), \"ns_per_event\": \(format(result.nsPerEvent, decimals: 2)),"
        + " \"baseline_ns_per_event\": \(format(result.baselineNsPerEvent, decimals: 2)), \"ratio\": \(format(result.ratio, decimals: 2)),"
        + " \"allocs_per_event\": \(allocs), \"checksum\": \(result.checksum),"
        + " \"floor_ns_per_event\": \(format(result.floorNsPerEvent, decimals: 2)), \"floor_ratio\": \(format(result.floorRatio, decimals: 2))"
        + chain + perOperator + "}"
}

if CommandLine.arguments.dropFirst().first == "--contention" {
    exit(runContention(arguments: CommandLine.arguments.dropFirst(2)))
}
let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
// A name that matches no workload selects the family it starts: `--filter skip_chain`
// runs skip_chain_1 … skip_chain_200.
let workloads = options.filter.map { name in
    let candidates = allWorkloads(size: options.size) + variantWorkloads(size: options.size)
    let named = candidates.filter { $0.name == name }
    return named.isEmpty ? candidates.filter { $0.name.hasPrefix(name + "_") } : named
} ?? allWorkloads(size: options.size)
if workloads.isEmpty {
    print("ripple-bench: no workload named \(options.filter ?? "")")
    usage()
}

if !options.json {
    print("# ripple-bench: size=\(options.size.rawValue), 1 warm-up run, then \(options.repetitions) timed repetition(s); median reported")
    print("# baseline: the hand-written plain-Swift equivalent, timed in the same process, alternating with Ripple")
    print("# floor: the same work fused by hand into one loop, operator closures inlined (the baseline where there is none), timed alongside")
    print("# allocations: \(AllocationCounter.method)")
}
var results: [String] = []
var perOperator = PerOperatorCost()
for workload in workloads {
    do {
        let result = try measure(workload, repetitions: options.repetitions)
        let nsPerOperator = perOperator.record(result)
        if options.json {
            results.append(json(result, nsPerOperator: nsPerOperator))
        } else {
            print(line(result, nsPerOperator: nsPerOperator))
        }
    } catch {
        print("ripple-bench: \(error)")
        exit(1)
    }
}
if options.json {
    print("{\"size\": \"\(options.size.rawValue)\", \"repetitions\": \(options.repetitions),"
        + " \"allocation_method\": \"\(AllocationCounter.method)\", \"results\": [")
    print(results.joined(separator: ",\n"))
    print("]}")
}
