import Dispatch

/// One benchmark: a Ripple pipeline, the hand-written plain-Swift code that does the
/// same work (the baseline), and that work fused into one loop (the floor). Both return a checksum (the sum of everything delivered), which the
/// harness compares and prints, so the optimizer cannot drop the work.
struct Workload {
    /// The name `--filter` selects and the output prints (Benchmarks.md's workload names).
    let name: String
    /// How many events one run delivers; times and allocations are divided by it.
    let events: Int
    /// The Ripple version.
    let ripple: () -> Int
    /// The plain-Swift version: a loop that calls the same closures the pipeline does.
    let baseline: () -> Int
    /// The physical floor: the same work as one hand-fused loop, with the bodies of the
    /// operators' closures written inline, so that the only closure called is the one
    /// the workload's own code delivers its results to (the summing subscriber). Nil
    /// when the baseline is already that loop (the workload has no operator closure
    /// to inline: subjects, subscribe + dispose, observe_on); the floor is then the
    /// baseline's figure.
    var floor: (() -> Int)? = nil
    /// How many operators the pipeline chains, for a family that compares chain
    /// lengths (OperatorChain.swift); nil for every other workload.
    var operators: Int? = nil
}

/// What one workload measured.
struct Measurement {
    let name: String
    let events: Int
    let nsPerEvent: Double
    let baselineNsPerEvent: Double
    let floorNsPerEvent: Double
    /// Swift heap allocations per event; nil when the hook is unavailable.
    let allocsPerEvent: Double?
    let checksum: Int
    /// The workload's `operators`.
    let operators: Int?

    var ratio: Double { nsPerEvent / baselineNsPerEvent }
    var floorRatio: Double { nsPerEvent / floorNsPerEvent }
}

/// A checksum mismatch: the Ripple pipeline and its baseline did different work.
struct ChecksumMismatch: Error, CustomStringConvertible {
    let workload: String
    let ripple: Int
    let baseline: Int
    var description: String {
        "workload \(workload): Ripple checksum \(ripple) differs from the baseline's \(baseline)"
    }
}

/// Hides a value from the optimizer, so loops over it cannot be folded at compile time.
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}

/// Nanoseconds on the monotonic clock.
@inline(__always)
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs `body` once and returns its checksum and duration in nanoseconds.
func timed(_ body: () -> Int) -> (checksum: Int, nanoseconds: UInt64) {
    let start = now()
    let checksum = body()
    let end = now()
    return (checksum, end - start)
}

func median(_ values: [UInt64]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 {
        return Double(sorted[middle])
    }
    return (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
}

/// Warm-up (one run of each version), then `repetitions` timed runs of each version,
/// Ripple, baseline and floor alternating, then one untimed Ripple run with the
/// allocation counter on.
func measure(_ workload: Workload, repetitions: Int) throws -> Measurement {
    let rippleWarm = workload.ripple()
    let baselineWarm = workload.baseline()
    guard rippleWarm == baselineWarm else {
        throw ChecksumMismatch(workload: workload.name, ripple: rippleWarm, baseline: baselineWarm)
    }
    if let floor = workload.floor {
        let floorWarm = floor()
        guard floorWarm == rippleWarm else {
            throw ChecksumMismatch(workload: workload.name + " (floor)", ripple: rippleWarm, baseline: floorWarm)
        }
    }
    var rippleTimes: [UInt64] = []
    var baselineTimes: [UInt64] = []
    var floorTimes: [UInt64] = []
    for _ in 0..<repetitions {
        let ripple = timed(workload.ripple)
        let baseline = timed(workload.baseline)
        guard ripple.checksum == rippleWarm, baseline.checksum == rippleWarm else {
            throw ChecksumMismatch(workload: workload.name, ripple: ripple.checksum, baseline: baseline.checksum)
        }
        rippleTimes.append(ripple.nanoseconds)
        baselineTimes.append(baseline.nanoseconds)
        if let floor = workload.floor {
            let floored = timed(floor)
            guard floored.checksum == rippleWarm else {
                throw ChecksumMismatch(workload: workload.name + " (floor)", ripple: rippleWarm, baseline: floored.checksum)
            }
            floorTimes.append(floored.nanoseconds)
        }
    }
    let allocations = AllocationCounter.count { _ = workload.ripple() }
    let events = Double(workload.events)
    return Measurement(
        name: workload.name,
        events: workload.events,
        nsPerEvent: median(rippleTimes) / events,
        baselineNsPerEvent: median(baselineTimes) / events,
        floorNsPerEvent: median(floorTimes.isEmpty ? baselineTimes : floorTimes) / events,
        allocsPerEvent: allocations.map { Double($0) / events },
        checksum: rippleWarm,
        operators: workload.operators
    )
}
