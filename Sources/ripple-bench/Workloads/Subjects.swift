import Ripple

// Hot sources: subject_1, subject_10 and combine_latest (with its variant
// combine_latest_tuple), all driven by `onNext` calls on
// `PublishSubject`s. The subject baselines keep their subscribers as an array of closures,
// the plain-Swift shape of an observer list. combine_latest's baseline keeps the latest
// pair in locals (no observer lists, so it is the stricter of the two shapes) and, like
// every baseline, sums through the same subscriber closure as the Ripple side.

/// One `PublishSubject<Int>` with `subscribers` summing subscribers: subject_1 (one
/// subscriber, 1 000 000 `onNext`) and subject_10 (ten, 100 000 `onNext`). Events: the
/// elements delivered to subscribers (`onNext` calls × subscribers), so the two are
/// comparable per delivery.
func subject(subscribers: Int, size: Size) -> Workload {
    let count = size.scaled(subscribers == 1 ? 1_000_000 : 100_000)
    return Workload(
        name: "subject_\(subscribers)",
        events: count * subscribers,
        ripple: {
            let subject = PublishSubject<Int>()
            var sum = 0
            let subscriptions = (0..<subscribers).map { _ in subject.subscribe(onNext: { sum &+= $0 }) }
            for element in 0..<count {
                subject.onNext(element)
            }
            subject.onCompleted()
            subscriptions.forEach { $0.dispose() }
            return sum
        },
        baseline: {
            var sum = 0
            let observers: [(Int) -> Void] = opaque((0..<subscribers).map { _ in { sum &+= $0 } })
            for element in 0..<opaque(count) {
                for observer in observers {
                    observer(element)
                }
            }
            return sum
        }
    )
}

/// Two `PublishSubject<Int>`s → `combineLatest { $0 &+ $1 }` → summing subscriber,
/// 500 000 `onNext` alternating between the subjects. Events: the `onNext` calls.
func combineLatestWorkload(size: Size) -> Workload {
    let pairs = size.scaled(500_000) / 2
    return Workload(
        name: "combine_latest",
        events: pairs * 2,
        ripple: {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var sum = 0
            let subscription = Observable.combineLatest(first, second) { $0 &+ $1 }
                .subscribe(onNext: { sum &+= $0 })
            drive(first, second, pairs: pairs)
            subscription.dispose()
            return sum
        },
        baseline: {
            var sum = 0
            combineLatestBaseline(pairs: pairs, combine: { $0 &+ $1 }, onNext: opaque { sum &+= $0 })
            return sum
        },
        floor: {
            // The combining closure inlined.
            var sum = 0
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            var latestFirst: Int?
            var latestSecond: Int?
            for element in 0..<opaque(pairs) {
                latestFirst = element
                if let latestFirst, let latestSecond {
                    onNext(latestFirst &+ latestSecond)
                }
                latestSecond = element
                if let latestFirst, let latestSecond {
                    onNext(latestFirst &+ latestSecond)
                }
            }
            return sum
        }
    )
}

/// combine_latest's tuple form, `combineLatest(first, second)` → a subscriber summing
/// both halves of each tuple; otherwise as combine_latest. A variant: it runs only when
/// `--filter combine_latest_tuple` names it (see `variantWorkloads`).
func combineLatestTupleWorkload(size: Size) -> Workload {
    let pairs = size.scaled(500_000) / 2
    return Workload(
        name: "combine_latest_tuple",
        events: pairs * 2,
        ripple: {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var sum = 0
            let subscription = Observable.combineLatest(first, second)
                .subscribe(onNext: { sum &+= $0.0 &+ $0.1 })
            drive(first, second, pairs: pairs)
            subscription.dispose()
            return sum
        },
        baseline: {
            var sum = 0
            combineLatestBaseline(pairs: pairs, combine: { ($0, $1) }, onNext: opaque { sum &+= $0.0 &+ $0.1 })
            return sum
        }
    )
}

/// The Ripple side's input: `pairs` elements to each subject, alternating.
private func drive(_ first: PublishSubject<Int>, _ second: PublishSubject<Int>, pairs: Int) {
    for element in 0..<pairs {
        first.onNext(element)
        second.onNext(element)
    }
}

/// The hand-written combine_latest: the latest pair in locals, `combine` (opaque, as a
/// user's selector) called whenever both are present, its result handed to `onNext`
/// (the summing subscriber closure, made opaque by the caller).
private func combineLatestBaseline<Result>(pairs: Int, combine: @escaping (Int, Int) -> Result, onNext: (Result) -> Void) {
    let combine = opaque(combine)
    var latestFirst: Int?
    var latestSecond: Int?
    for element in 0..<opaque(pairs) {
        latestFirst = element
        if let latestFirst, let latestSecond {
            onNext(combine(latestFirst, latestSecond))
        }
        latestSecond = element
        if let latestFirst, let latestSecond {
            onNext(combine(latestFirst, latestSecond))
        }
    }
}

/// What one `subscribe` + `dispose` costs on a `PublishSubject<Int>` that
/// already has `existing` subscribers (1, 10, 100, 1 000), 20 000 times. It should not
/// depend on `existing`. At the end one `onNext(count)` reaches the existing subscribers,
/// so the checksum is `existing × count` on both sides (the subscriptions that came and
/// went must have left the list as it was). Events: the subscribe + dispose pairs.
///
/// The baseline is the plain-Swift shape of a list that does not grow its cost with
/// its size: a dictionary of closures keyed by a token, one heap object per subscription
/// (as in `subscribe_dispose`), inserted and removed.
func subjectSubscribeDispose(existing: Int, size: Size) -> Workload {
    let count = size.scaled(20_000)
    return Workload(
        name: "subject_subscribe_dispose_\(existing)",
        events: count,
        ripple: {
            let subject = PublishSubject<Int>()
            var sum = 0
            let kept = (0..<existing).map { _ in subject.subscribe(onNext: { sum &+= $0 }) }
            for _ in 0..<count {
                let subscription = subject.subscribe(onNext: { sum &+= $0 })
                subscription.dispose()
            }
            subject.onNext(count)
            kept.forEach { $0.dispose() }
            return sum
        },
        baseline: {
            var sum = 0
            var observers: [Int: HandWrittenObserver] = [:]
            var nextToken = 0
            for _ in 0..<opaque(existing) {
                observers[nextToken] = makeObserver { sum &+= $0 }
                nextToken += 1
            }
            for _ in 0..<opaque(count) {
                let token = nextToken
                nextToken += 1
                observers[token] = makeObserver { sum &+= $0 }
                observers.removeValue(forKey: token)
            }
            for observer in observers.values {
                observer.onNext(count)
            }
            return sum
        }
    )
}

/// A subscriber's closure on the heap, as a subscription keeps it.
private final class HandWrittenObserver {
    let onNext: (Int) -> Void

    init(onNext: @escaping (Int) -> Void) {
        self.onNext = onNext
    }
}

// Out of line so the object really lives on the heap.
@inline(never)
private func makeObserver(_ onNext: @escaping (Int) -> Void) -> HandWrittenObserver {
    HandWrittenObserver(onNext: onNext)
}

/// main_actor_pipeline: `PublishSubject<Int>` → `map` → `filter` → summing subscriber,
/// written in main-actor code and fed on the main thread, 1 000 000 `onNext`. Its
/// closures are main-actor isolated, so Ripple checks once per event that it is on the
/// main actor (the hop in front of `map`; the operators after it deliver there
/// already). Events: the `onNext` calls. The variant main_actor_pipeline_nonisolated
/// (run with `--filter`) is the same pipeline written in nonisolated code, for the
/// price of that check.
@MainActor
func mainActorPipeline(size: Size) -> Workload {
    isolatedPipeline(name: "main_actor_pipeline", size: size)
}

/// main_actor_pipeline's pipeline, built wherever the caller's code runs.
func isolatedPipeline(name: String, size: Size, isolation: isolated (any Actor)? = #isolation) -> Workload {
    let count = size.scaled(1_000_000)
    return Workload(
        name: name,
        events: count,
        ripple: {
            // Capturing the isolated parameter makes this closure (and so the ones
            // below) isolated to it; without it, it would be nonisolated.
            _ = isolation
            let subject = PublishSubject<Int>()
            var sum = 0
            let subscription = subject
                .map { $0 &* 3 }
                .filter { $0 & 1 == 0 }
                .subscribe(onNext: { sum &+= $0 })
            for element in 0..<count {
                subject.onNext(element)
            }
            subject.onCompleted()
            subscription.dispose()
            return sum
        },
        baseline: {
            var sum = 0
            let transform: (Int) -> Int = opaque { $0 &* 3 }
            let predicate: (Int) -> Bool = opaque { $0 & 1 == 0 }
            let onNext: (Int) -> Void = opaque { sum &+= $0 }
            for element in 0..<opaque(count) {
                let value = transform(element)
                if predicate(value) {
                    onNext(value)
                }
            }
            return sum
        }
    )
}
