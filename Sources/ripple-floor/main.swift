import Ripple

// ripple-floor: the smallest program that uses Ripple (the memory target: a
// process that uses only Ripple peaks at ≤ 10.5 MiB resident). One pipeline and one
// line of output; `scripts/measure-floor.sh` builds it in release and reports the
// median peak resident set of repeated runs. Top-level code is main-actor code, so
// the pipeline's closures run through the main-actor delivery, as an app's would
// (about 0.15 MiB more than the same program in nonisolated code; CI's guard allows
// for it).
//
// The total is printed as a `String`: `print` of an `Int` casts it to
// `TextOutputStreamable` and `CustomStringConvertible` at run time, and those lookups
// scan the protocol conformance records of every loaded library (FoundationEssentials'
// among them), about 0.8 MiB that would measure `print`, not Ripple.

var total = 0
let subscription = Observable.from([1, 2, 3, 4])
    .map { $0 * 2 }
    .filter { $0 > 2 }
    .subscribe(onNext: { total += $0 })
subscription.dispose()
print("total: \(total)")
