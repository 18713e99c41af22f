import Ripple

// Synchronous pipelines fed by `Observable.range` (on the current-thread trampoline, its
// default scheduler): map_filter, flatmap and deep_chain.
//
// The floors do the same work in one loop with the operators' closures inlined; only the
// summing subscriber is called through a closure, as the results must be delivered.
//
// The baselines call the same closures, passed through `opaque` so that the loops are
// not folded away, exactly as a hand-written loop calling user code would. That includes
// the summing subscriber: `{ sum &+= $0 }` captures a `var` on both sides, so both pay
// its dynamic exclusivity check per element and the ratio charges Ripple only for Ripple.

/// `range(0, 1_000_000)` → `map { $0 &+ 1 }` → `filter { $0 % 2 == 0 }` → summing
/// `subscribe(onNext:)`. Events: the elements `range` emits.
func mapFilter(size: Size) -> Workload {
    let count = size.scaled(1_000_000)
    return Workload(
        name: "map_filter",
        events: count,
        ripple: {
            var sum = 0
            let subscription = Observable.range(start: 0, count: count)
                .map { $0 &+ 1 }
                .filter { $0 % 2 == 0 }
                .subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            let transform: (Int) -> Int = opaque { $0 &+ 1 }
            let predicate: (Int) -> Bool = opaque { $0 % 2 == 0 }
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                let mapped = transform(element)
                if predicate(mapped) {
                    onNext(mapped)
                }
            }
            return sum
        },
        floor: {
            // `map` and `filter` inlined.
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                let mapped = element &+ 1
                if mapped % 2 == 0 {
                    onNext(mapped)
                }
            }
            return sum
        }
    )
}

/// `range(0, 10_000)` → `flatMap { _ in Observable.range(start: 0, count: 10) }`.
/// Events: the inner elements delivered (10 per outer element).
func flatMapWorkload(size: Size) -> Workload {
    let outer = size.scaled(10_000)
    let inner = 10
    return Workload(
        name: "flatmap",
        events: outer * inner,
        ripple: {
            var sum = 0
            let subscription = Observable.range(start: 0, count: outer)
                .flatMap { _ in Observable.range(start: 0, count: inner) }
                .subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            let selector: (Int) -> Range<Int> = opaque { _ in 0..<inner }
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(outer) {
                for innerElement in selector(element) {
                    onNext(innerElement)
                }
            }
            return sum
        },
        floor: {
            // The selector inlined: the inner range is a nested loop.
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for _ in 0..<opaque(outer) {
                for innerElement in 0..<inner {
                    onNext(innerElement)
                }
            }
            return sum
        }
    )
}

/// `range(0, 100_000)` → twenty chained `map { $0 &+ 1 }` → summing `subscribe(onNext:)`.
/// Events: the elements `range` emits.
func deepChain(size: Size) -> Workload {
    let count = size.scaled(100_000)
    let depth = 20
    return Workload(
        name: "deep_chain",
        events: count,
        ripple: {
            var chain = Observable.range(start: 0, count: count)
            for _ in 0..<depth {
                chain = chain.map { $0 &+ 1 }
            }
            var sum = 0
            let subscription = chain.subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            let transform: (Int) -> Int = opaque { $0 &+ 1 }
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                var value = element
                for _ in 0..<depth {
                    value = transform(value)
                }
                onNext(value)
            }
            return sum
        },
        floor: {
            // The twenty `map`s inlined (the compiler folds them into one addition, as it
            // would in any hand-fused loop).
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                var value = element
                for _ in 0..<depth {
                    value = value &+ 1
                }
                onNext(value)
            }
            return sum
        }
    )
}

/// Twenty different transforms, each its own function (a chain of distinct user closures,
/// as real code has), for `deep_chain_distinct`.
let distinctTransforms: [@Sendable (Int) -> Int] = [
    { $0 &+ 1 }, { $0 &+ 2 }, { $0 &+ 3 }, { $0 &+ 4 }, { $0 &+ 5 },
    { $0 &+ 6 }, { $0 &+ 7 }, { $0 &+ 8 }, { $0 &+ 9 }, { $0 &+ 10 },
    { $0 &+ 11 }, { $0 &+ 12 }, { $0 &+ 13 }, { $0 &+ 14 }, { $0 &+ 15 },
    { $0 &+ 16 }, { $0 &+ 17 }, { $0 &+ 18 }, { $0 &+ 19 }, { $0 &+ 20 },
]

/// `distinctTransforms` inlined, for the floor: the compiler folds the twenty additions
/// into one, as it would in a hand-written loop.
@inline(__always)
func distinctTransformsInline(_ value: Int) -> Int {
    var x = value
    for step in 1...20 {
        x = x &+ step
    }
    return x
}

/// `range(0, 100_000)` → twenty chained `map`s, each a different closure
/// (`distinctTransforms`) → summing `subscribe(onNext:)`. Events: the elements `range`
/// emits. `deep_chain` repeats one closure twenty times, which a processor predicts
/// better than a chain of different ones.
func deepChainDistinct(size: Size) -> Workload {
    let count = size.scaled(100_000)
    return Workload(
        name: "deep_chain_distinct",
        events: count,
        ripple: {
            var chain = Observable.range(start: 0, count: count)
            for transform in distinctTransforms {
                chain = chain.map(transform)
            }
            var sum = 0
            let subscription = chain.subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            let transforms = opaque(distinctTransforms)
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                var value = element
                for transform in transforms {
                    value = transform(value)
                }
                onNext(value)
            }
            return sum
        },
        floor: {
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                onNext(distinctTransformsInline(element))
            }
            return sum
        }
    )
}
