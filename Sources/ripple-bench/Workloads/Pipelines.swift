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

/// `range(0, 100_000)` → twenty chained `map`s, each a different closure (`$0 &+ 1`
/// to `$0 &+ 20`) → summing `subscribe(onNext:)`. Events: the elements `range` emits.
/// `deep_chain` repeats one closure twenty times, which a processor predicts better
/// than a chain of different ones, as real code has. The closures are written where
/// they are used: kept in an array, each call would go through a conversion thunk.
func deepChainDistinct(size: Size) -> Workload {
    let count = size.scaled(100_000)
    return Workload(
        name: "deep_chain_distinct",
        events: count,
        ripple: {
            let chain = Observable.range(start: 0, count: count)
                .map { $0 &+ 1 }
                .map { $0 &+ 2 }
                .map { $0 &+ 3 }
                .map { $0 &+ 4 }
                .map { $0 &+ 5 }
                .map { $0 &+ 6 }
                .map { $0 &+ 7 }
                .map { $0 &+ 8 }
                .map { $0 &+ 9 }
                .map { $0 &+ 10 }
                .map { $0 &+ 11 }
                .map { $0 &+ 12 }
                .map { $0 &+ 13 }
                .map { $0 &+ 14 }
                .map { $0 &+ 15 }
                .map { $0 &+ 16 }
                .map { $0 &+ 17 }
                .map { $0 &+ 18 }
                .map { $0 &+ 19 }
                .map { $0 &+ 20 }
            var sum = 0
            let subscription = chain.subscribe(onNext: { sum &+= $0 })
            subscription.dispose()
            return sum
        },
        baseline: {
            let transform1: (Int) -> Int = opaque { $0 &+ 1 }
            let transform2: (Int) -> Int = opaque { $0 &+ 2 }
            let transform3: (Int) -> Int = opaque { $0 &+ 3 }
            let transform4: (Int) -> Int = opaque { $0 &+ 4 }
            let transform5: (Int) -> Int = opaque { $0 &+ 5 }
            let transform6: (Int) -> Int = opaque { $0 &+ 6 }
            let transform7: (Int) -> Int = opaque { $0 &+ 7 }
            let transform8: (Int) -> Int = opaque { $0 &+ 8 }
            let transform9: (Int) -> Int = opaque { $0 &+ 9 }
            let transform10: (Int) -> Int = opaque { $0 &+ 10 }
            let transform11: (Int) -> Int = opaque { $0 &+ 11 }
            let transform12: (Int) -> Int = opaque { $0 &+ 12 }
            let transform13: (Int) -> Int = opaque { $0 &+ 13 }
            let transform14: (Int) -> Int = opaque { $0 &+ 14 }
            let transform15: (Int) -> Int = opaque { $0 &+ 15 }
            let transform16: (Int) -> Int = opaque { $0 &+ 16 }
            let transform17: (Int) -> Int = opaque { $0 &+ 17 }
            let transform18: (Int) -> Int = opaque { $0 &+ 18 }
            let transform19: (Int) -> Int = opaque { $0 &+ 19 }
            let transform20: (Int) -> Int = opaque { $0 &+ 20 }
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                var value = element
                value = transform1(value); value = transform2(value); value = transform3(value); value = transform4(value); value = transform5(value); value = transform6(value); value = transform7(value); value = transform8(value); value = transform9(value); value = transform10(value); value = transform11(value); value = transform12(value); value = transform13(value); value = transform14(value); value = transform15(value); value = transform16(value); value = transform17(value); value = transform18(value); value = transform19(value); value = transform20(value);
                onNext(value)
            }
            return sum
        },
        floor: {
            // The twenty additions inlined (the compiler folds them into one).
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                var value = element
                for step in 1...20 {
                    value = value &+ step
                }
                onNext(value)
            }
            return sum
        }
    )
}
