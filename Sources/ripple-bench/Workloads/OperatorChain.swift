import Ripple

// The cost of one operator as a chain grows: skip_chain_1, skip_chain_20, skip_chain_50
// and skip_chain_200 chain that many `skip(0)` after `range`. `skip` fuses with nothing
// and takes no fast path (FastPaths/FastPaths.swift lists them), and `skip(0)` calls no
// closure, so the difference between two lengths is the operators' own machinery: a sink
// per operator, and a call per sink per element.

/// The chain lengths of the family, in the order they run (the first is the one the
/// others are compared with).
let operatorChainLengths = [1, 20, 50, 200]

/// `range(0, 100_000)` → `operators` × `skip(0)` → summing `subscribe(onNext:)`.
/// Events: the elements `range` emits. The baseline, and so the floor, is the loop
/// handing each element to the summing closure: `skip(0)` has no closure to call.
func operatorChain(operators: Int, size: Size) -> Workload {
    let count = size.scaled(100_000)
    return Workload(
        name: "skip_chain_\(operators)",
        events: count,
        ripple: {
            var chain = Observable.range(start: 0, count: count)
            for _ in 0..<operators {
                chain = chain.skip(0)
            }
            var sum = 0
            let subscription = chain.subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                onNext(element)
            }
            return sum
        },
        operators: operators
    )
}

/// Keeps the time per event of the shortest chain measured in this run, so that each
/// longer one can print its cost per added operator: (ns(N) − ns(1)) / (N − 1).
struct PerOperatorCost {
    private var shortest: (operators: Int, nsPerEvent: Double)?

    /// Records `result` if it is a chain, and returns its cost per added operator in ns
    /// when a shorter chain was measured before it in this run.
    mutating func record(_ result: Measurement) -> Double? {
        guard let operators = result.operators else { return nil }
        guard let shortest, shortest.operators < operators else {
            shortest = (operators, result.nsPerEvent)
            return nil
        }
        return (result.nsPerEvent - shortest.nsPerEvent) / Double(operators - shortest.operators)
    }
}
