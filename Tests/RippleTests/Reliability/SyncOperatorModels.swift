@testable import Ripple

/// One stage of a fuzzed pipeline of synchronous operators: the real operator, and a
/// list-based reference model of it.
///
/// A model maps the events a stage has received so far (its input, ending with at most
/// one terminal event) to the events it must have sent so far. Because every operator
/// here is causal — what it has sent depends only on what it has received — the model
/// of a pipeline disposed midway is the model applied to the prefix of the input that
/// was delivered before the disposal.
struct SyncStage {
    let name: String
    let apply: (Observable<Int>) -> Observable<Int>
    let model: ([Recorded<Int>]) -> [Recorded<Int>]
}

private let outOfRange = String(describing: RxError.argumentOutOfRange)

/// Runs `step` on each element until it returns a terminal event list; passes a
/// terminal event from the input through unless `onTerminal` handles it.
private func streamModel(
    _ input: [Recorded<Int>],
    onNext: (Int) -> [Recorded<Int>],
    onCompleted: () -> [Recorded<Int>] = { [.completed] },
    onError: (String) -> [Recorded<Int>] = { [.error($0)] },
    atStart: [Recorded<Int>] = []
) -> [Recorded<Int>] {
    var output = atStart
    if output.last.map(isTerminal) == true { return output }
    for event in input {
        let produced: [Recorded<Int>]
        switch event {
        case .next(let value): produced = onNext(value)
        case .completed: produced = onCompleted()
        case .error(let error): produced = onError(error)
        }
        output += produced
        if let last = produced.last, isTerminal(last) { return output }
    }
    return output
}

func isTerminal(_ event: Recorded<Int>) -> Bool {
    if case .next = event { return false }
    return true
}

enum SyncCatalogue {
    /// Makes a random stage. `mayEmitOnSubscribe` tells whether the pipeline so far can
    /// send events while the current-thread trampoline is running: while it is being
    /// subscribed (startWith, take(0)) or from an inner subscription (concat, the
    /// flatMap family, catch, ifEmpty(switchTo:)). Merging operators (flatMap,
    /// flatMapLatest) are only chosen when it cannot: their inner subscriptions are then
    /// queued on the trampoline, and that interleaving (flatMapLatest then drops an
    /// inner that a later element replaces before it starts, as in RxSwift) is not part
    /// of the list model.
    static func randomStage(_ rng: inout SplitMix64, mayEmitOnSubscribe: inout Bool) -> SyncStage {
        while true {
            let kind = rng.int(0...27)
            switch kind {
            case 0:
                let k = rng.int(1...5)
                return SyncStage(name: "map(+\(k))", apply: { $0.map { $0 + k } }, model: { input in
                    streamModel(input, onNext: { [.next($0 + k)] })
                })
            case 1:
                let m = rng.int(2...3)
                return SyncStage(name: "filter(%\(m)==0)", apply: { $0.filter { $0 % m == 0 } }, model: { input in
                    streamModel(input, onNext: { $0 % m == 0 ? [.next($0)] : [] })
                })
            case 2:
                let bad = rng.int(0...20)
                return SyncStage(name: "map(throws at \(bad))", apply: {
                    $0.map { value in
                        if value == bad { throw TestError(id: bad) }
                        return value
                    }
                }, model: { input in
                    streamModel(input, onNext: { $0 == bad ? [.error(TestError(id: bad))] : [.next($0)] })
                })
            case 3:
                let n = rng.int(0...3)
                if n == 0 { mayEmitOnSubscribe = true }
                return SyncStage(name: "take(\(n))", apply: { $0.take(n) }, model: { input in
                    var taken = 0
                    return streamModel(input, onNext: { value in
                        taken += 1
                        return taken == n ? [.next(value), .completed] : [.next(value)]
                    }, atStart: n == 0 ? [.completed] : [])
                })
            case 4:
                let n = rng.int(0...3)
                return SyncStage(name: "skip(\(n))", apply: { $0.skip(n) }, model: { input in
                    var seen = 0
                    return streamModel(input, onNext: { value in
                        seen += 1
                        return seen > n ? [.next(value)] : []
                    })
                })
            case 5:
                let limit = rng.int(0...20)
                return SyncStage(name: "takeWhile(<\(limit))", apply: { $0.take(while: { $0 < limit }) }, model: { input in
                    streamModel(input, onNext: { $0 < limit ? [.next($0)] : [.completed] })
                })
            case 6:
                let limit = rng.int(0...20)
                return SyncStage(name: "skipWhile(<\(limit))", apply: { $0.skip(while: { $0 < limit }) }, model: { input in
                    var skipping = true
                    return streamModel(input, onNext: { value in
                        if skipping, value < limit { return [] }
                        skipping = false
                        return [.next(value)]
                    })
                })
            case 7:
                return SyncStage(name: "scan(+)", apply: { $0.scan(0) { $0 &+ $1 } }, model: { input in
                    var sum = 0
                    return streamModel(input, onNext: { value in
                        sum = sum &+ value
                        return [.next(sum)]
                    })
                })
            case 8:
                return SyncStage(name: "distinctUntilChanged", apply: { $0.distinctUntilChanged() }, model: { input in
                    var last: Int?
                    return streamModel(input, onNext: { value in
                        defer { last = value }
                        return last == value ? [] : [.next(value)]
                    })
                })
            case 9:
                let a = rng.int(0...20), b = rng.int(0...20)
                mayEmitOnSubscribe = true
                return SyncStage(name: "startWith(\(a), \(b))", apply: { $0.startWith(a, b) }, model: { input in
                    streamModel(input, onNext: { [.next($0)] }, atStart: [.next(a), .next(b)])
                })
            case 10:
                let a = rng.int(0...20), b = rng.int(0...20)
                mayEmitOnSubscribe = true
                return SyncStage(name: "concat(of(\(a), \(b)))", apply: { $0.concat(Observable.of(a, b)) }, model: { input in
                    streamModel(input, onNext: { [.next($0)] }, onCompleted: { [.next(a), .next(b), .completed] })
                })
            case 11:
                if mayEmitOnSubscribe { continue }
                mayEmitOnSubscribe = true
                return SyncStage(name: "flatMap { of($0, $0+100) }", apply: { $0.flatMap { Observable.of($0, $0 + 100) } }, model: { input in
                    streamModel(input, onNext: { [.next($0), .next($0 + 100)] })
                })
            case 12:
                if mayEmitOnSubscribe { continue }
                mayEmitOnSubscribe = true
                return SyncStage(name: "flatMapLatest { of($0, $0+100) }", apply: { $0.flatMapLatest { Observable.of($0, $0 + 100) } }, model: { input in
                    streamModel(input, onNext: { [.next($0), .next($0 + 100)] })
                })
            case 13:
                mayEmitOnSubscribe = true
                return SyncStage(name: "concatMap { of($0, $0+100) }", apply: { $0.concatMap { Observable.of($0, $0 + 100) } }, model: { input in
                    streamModel(input, onNext: { [.next($0), .next($0 + 100)] })
                })
            case 14:
                return SyncStage(name: "reduce(+)", apply: { $0.reduce(0) { $0 &+ $1 } }, model: { input in
                    var sum = 0
                    return streamModel(input, onNext: { value in
                        sum = sum &+ value
                        return []
                    }, onCompleted: { [.next(sum), .completed] })
                })
            case 15:
                return SyncStage(name: "toArray.map(count*1000+sum)", apply: {
                    $0.toArray().asObservable().map { $0.count * 1000 + $0.reduce(0, &+) }
                }, model: { input in
                    var values: [Int] = []
                    return streamModel(input, onNext: { value in
                        values.append(value)
                        return []
                    }, onCompleted: { [.next(values.count * 1000 + values.reduce(0, &+)), .completed] })
                })
            case 16:
                mayEmitOnSubscribe = true
                return SyncStage(name: "catch { of(-1, -2) }", apply: { $0.catch { _ in Observable.of(-1, -2) } }, model: { input in
                    streamModel(input, onNext: { [.next($0)] }, onError: { _ in [.next(-1), .next(-2), .completed] })
                })
            case 17:
                return SyncStage(name: "catchAndReturn(-3)", apply: { $0.catchAndReturn(-3) }, model: { input in
                    streamModel(input, onNext: { [.next($0)] }, onError: { _ in [.next(-3), .completed] })
                })
            case 18:
                return SyncStage(name: "materialize.dematerialize", apply: { $0.materialize().dematerialize() }, model: { $0 })
            case 19:
                let index = rng.int(0...3)
                return SyncStage(name: "element(at: \(index))", apply: { $0.element(at: index) }, model: { input in
                    var seen = 0
                    return streamModel(input, onNext: { value in
                        defer { seen += 1 }
                        return seen == index ? [.next(value), .completed] : []
                    }, onCompleted: { [.error(outOfRange)] })
                })
            case 20:
                return SyncStage(name: "ignoreElements.asCompletable.andThen(empty)", apply: {
                    $0.ignoreElements().asCompletable().andThen(Observable<Int>.empty())
                }, model: { input in
                    streamModel(input, onNext: { _ in [] })
                })
            case 21:
                let n = rng.int(0...3)
                return SyncStage(name: "takeLast(\(n))", apply: { $0.takeLast(n) }, model: { input in
                    var values: [Int] = []
                    return streamModel(input, onNext: { value in
                        values.append(value)
                        return []
                    }, onCompleted: { values.suffix(n).map { .next($0) } + [.completed] })
                })
            case 22:
                let fallback = rng.int(0...20)
                return SyncStage(name: "ifEmpty(default: \(fallback))", apply: { $0.ifEmpty(default: fallback) }, model: { input in
                    var any = false
                    return streamModel(input, onNext: { value in
                        any = true
                        return [.next(value)]
                    }, onCompleted: { any ? [.completed] : [.next(fallback), .completed] })
                })
            case 23:
                return SyncStage(name: "compactMap(%3!=0)", apply: { $0.compactMap { $0 % 3 == 0 ? nil : $0 } }, model: { input in
                    streamModel(input, onNext: { $0 % 3 == 0 ? [] : [.next($0)] })
                })
            case 24:
                return SyncStage(name: "enumerated.map(i*1000+e)", apply: { $0.enumerated().map { $0.index * 1000 + $0.element } }, model: { input in
                    var index = 0
                    return streamModel(input, onNext: { value in
                        defer { index += 1 }
                        return [.next(index * 1000 + value)]
                    })
                })
            case 25:
                let limit = rng.int(0...20)
                return SyncStage(name: "take(until: >\(limit), inclusive)", apply: {
                    $0.take(until: { $0 > limit }, behavior: .inclusive)
                }, model: { input in
                    streamModel(input, onNext: { $0 > limit ? [.next($0), .completed] : [.next($0)] })
                })
            case 26:
                return SyncStage(name: "do(onNext:onCompleted:)", apply: { $0.do(onNext: { _ in }, onCompleted: {}) }, model: { $0 })
            default:
                let a = rng.int(0...20)
                mayEmitOnSubscribe = true
                return SyncStage(name: "ifEmpty(switchTo: of(\(a)))", apply: { $0.ifEmpty(switchTo: Observable.of(a)) }, model: { input in
                    var any = false
                    return streamModel(input, onNext: { value in
                        any = true
                        return [.next(value)]
                    }, onCompleted: { any ? [.completed] : [.next(a), .completed] })
                })
            }
        }
    }
}
