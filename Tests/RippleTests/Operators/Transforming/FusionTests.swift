import Testing
@testable import Ripple
import RippleTest

// Operator fusion (FastPaths/Fusion.swift) must not change what a chain of
// `map`, `filter` and `compactMap` does. Every test here runs the fused chain and the
// same chain with a `Barrier` between its stages (a pass-through that nothing fuses
// across, so each operator runs as its own ordinary sink, as before fusion) and
// compares everything observable: the closures that ran, in order, with their inputs;
// the events delivered; how often `onDisposed` ran.

/// A pass-through that is not fusible: `Barrier(source)` sends what `source` sends,
/// through an ordinary sink.
private final class Barrier<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = BarrierSink(observer: observer, cancel: cancel)
        return (sink: sink, subscription: source.subscribe(elementObserver: sink))
    }
}

private final class BarrierSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        forwardCompletedAndDispose()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): on(next: element)
        case .error(let error): forwardErrorAndDispose(error)
        case .completed: forwardCompletedAndDispose()
        }
    }
}

/// One stage of a test chain, and what its closure does besides its work when it sees
/// a given input: throw, dispose the subscription, or send another element into the
/// source from inside the closure (once).
private struct StageSpec: CustomStringConvertible {
    enum Kind: CaseIterable { case map, filter, compactMap }

    var kind: Kind
    /// `map`: adds it; `filter`: drops multiples of it; `compactMap`: maps multiples of
    /// it to nil, and the rest to twice themselves.
    var parameter: Int
    var throwsAt: Int?
    var disposesAt: Int?
    var reentersAt: Int?

    init(_ kind: Kind, _ parameter: Int = 3, throwsAt: Int? = nil, disposesAt: Int? = nil, reentersAt: Int? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.throwsAt = throwsAt
        self.disposesAt = disposesAt
        self.reentersAt = reentersAt
    }

    var description: String {
        var text = "\(kind)(\(parameter))"
        if let throwsAt { text += " throws@\(throwsAt)" }
        if let disposesAt { text += " disposes@\(disposesAt)" }
        if let reentersAt { text += " reenters@\(reentersAt)" }
        return text
    }
}

/// Everything one run of a chain did, in order.
private final class Run {
    var log: [String] = []
    var subscription: Disposable?
    var observer: AnyObserver<Int>?
    var reentered = false
    var disposedCount = 0
}

private struct Input {
    var elements: [Int]
    var ending: Event<Int>?
}

/// Builds the chain over a `create` source, subscribes, sends `input`, disposes, and
/// returns the log. With `barriers`, a `Barrier` follows every stage.
private func runChain(_ specs: [StageSpec], _ input: Input, barriers: Bool) -> [String] {
    let run = Run()
    let source = Observable<Int>.create { observer in
        run.observer = observer
        return Disposables.create { run.log.append("source disposed") }
    }
    var chain = source
    for (index, spec) in specs.enumerated() {
        let act: (Int) throws -> Void = { value in
            run.log.append("stage \(index) \(spec.kind) gets \(value)")
            if value == spec.throwsAt {
                throw TestError(id: index)
            }
            if value == spec.disposesAt {
                run.log.append("stage \(index) disposes")
                run.subscription?.dispose()
            }
            if value == spec.reentersAt, !run.reentered {
                run.reentered = true
                run.log.append("stage \(index) sends 1000 into the source")
                run.observer?.onNext(1000)
                run.log.append("stage \(index) back from the reentrant element")
            }
        }
        let parameter = spec.parameter
        switch spec.kind {
        case .map:
            chain = chain.map { value in
                try act(value)
                return value + parameter
            }
        case .filter:
            chain = chain.filter { value in
                try act(value)
                return value % parameter != 0
            }
        case .compactMap:
            chain = chain.compactMap { value in
                try act(value)
                return value % parameter == 0 ? nil : value * 2
            }
        }
        if barriers {
            chain = Barrier(chain)
        }
    }
    run.subscription = chain.subscribe(
        onNext: { run.log.append("onNext \($0)") },
        onError: { run.log.append("onError \($0)") },
        onCompleted: { run.log.append("onCompleted") },
        onDisposed: { run.disposedCount += 1; run.log.append("onDisposed") }
    )
    for element in input.elements {
        run.observer?.onNext(element)
    }
    if let ending = input.ending {
        run.observer?.on(ending)
    }
    run.subscription?.dispose()
    run.log.append("disposed; onDisposed ran \(run.disposedCount) time(s)")
    run.observer = nil
    run.subscription = nil
    return run.log
}

/// Expects the fused chain to do exactly what the unfused one does.
private func expectSameAsUnfused(_ specs: [StageSpec], _ input: Input, sourceLocation: SourceLocation = #_sourceLocation) {
    let fused = runChain(specs, input, barriers: false)
    let unfused = runChain(specs, input, barriers: true)
    #expect(fused == unfused, "chain \(specs), input \(input.elements) then \(String(describing: input.ending))", sourceLocation: sourceLocation)
}

/// The names of the fused runs a subscription to `chain` reports in the journey trace.
private func fusedRuns(_ chain: Observable<Int>) -> [String] {
    let steps = JourneyTrace.record {
        chain.subscribe().dispose()
    }
    return steps.filter { $0.type == "FusedProducer" || $0.type == "MapFilterProducer" }.map(\.note)
}

/// The elements a synchronous `source` sends while being subscribed.
private func elements<Element>(of source: Observable<Element>) -> [Element] {
    var elements: [Element] = []
    source.subscribe(onNext: { elements.append($0) }).dispose()
    return elements
}

/// An element that counts its live instances, to check the fused sink's slot neither
/// leaks nor destroys an element twice on any path.
private final class Token {
    static let live = AtomicValue<Int>(0)
    let value: Int

    init(_ value: Int) {
        self.value = value
        Token.live.wrappingAdd(1, ordering: .relaxed)
    }

    deinit {
        Token.live.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// An element of 48 bytes, more than the fused sink's inline slot holds.
private struct Wide: Equatable {
    var a, b, c, d, e: Int
    var name: String
}

extension RippleTests {
    @Suite struct FusionTests {
        private static let input = Input(elements: Array(0..<12), ending: .completed)

        @Test(.takesAFastPath) func threeOrMoreAdjacentStagesAreFusedIntoOneSinkAndOfPairsOnlyMapWithFilter() {
            let source = Observable.of(1, 2, 3)
            #expect(fusedRuns(source.map { $0 + 1 }.filter { $0 > 1 }) == ["map∘filter (in chain order) fused into one sink: one MapFilterSink calls both closures, checking between them that the subscription is not disposed"])
            #expect(fusedRuns(source.filter { $0 > 1 }.map { $0 + 1 }).first?.hasPrefix("filter∘map (in chain order) fused into one sink: one FilterMapSink") == true)
            #expect(elements(of: source.map { $0 + 1 }.filter { $0 > 2 }) == [3, 4])
            #expect(elements(of: source.filter { $0 > 1 }.map { $0 * 10 }) == [20, 30])
            // Other pairs stay two ordinary sinks.
            #expect(fusedRuns(source.map { $0 + 1 }.map { $0 + 1 }).isEmpty)
            #expect(fusedRuns(source.filter { $0 > 1 }.filter { $0 > 2 }).isEmpty)
            #expect(fusedRuns(source.map { $0 + 1 }.compactMap { $0 }).isEmpty)
            #expect(fusedRuns(source.compactMap { $0 }.filter { $0 > 1 }).isEmpty)
            // A pair followed by a third stage becomes one run of three.
            let pairThenMap = fusedRuns(source.filter { $0 > 1 }.map { $0 + 1 }.map { $0 * 2 })
            #expect(pairThenMap.count == 1)
            #expect(pairThenMap.first?.hasPrefix("filter∘map∘map (in chain order) fused into one sink: one FusedSink") == true)
            #expect(elements(of: source.filter { $0 > 1 }.map { $0 + 1 }.map { $0 * 2 }) == [6, 8])
            // The pair itself is unchanged by what is built on it.
            let pair = source.map { $0 * 3 }.filter { $0 != 6 }
            _ = pair.compactMap { $0 == 3 ? nil : $0 }
            #expect(elements(of: pair) == [3, 9])
            let three = fusedRuns(source.map { $0 + 1 }.filter { $0 > 1 }.compactMap { $0 })
            #expect(three.count == 1)
            #expect(three.first?.hasPrefix("map∘filter∘compactMap (in chain order) fused into one sink") == true)
            var twenty = source
            for _ in 0..<20 {
                twenty = twenty.map { $0 + 1 }
            }
            let runs = fusedRuns(twenty)
            #expect(runs.count == 1)
            #expect(runs.first?.contains("runs the 20 closures in turn") == true)
            // A long chain is cut into runs of at most `maximumFusedRun` stages.
            var long = source
            for _ in 0..<150 {
                long = long.map { $0 + 1 }
            }
            #expect(fusedRuns(long).map { $0.contains("runs the 64 closures") || $0.contains("runs the 22 closures") } == [true, true, true])
            #expect(elements(of: long) == [151, 152, 153])
        }

        @Test(.takesAFastPath) func fusionStopsAtOperatorsWithIdentityOrSideEffects() {
            var subscriptions = 0
            var feed: AnyObserver<Int>?
            let hot = Observable<Int>.create { observer in
                subscriptions += 1
                feed = observer
                return Disposables.create()
            }
            // `share` is kept: one subscription to the source serves both observers.
            let shared = hot.map { $0 }.map { $0 }.map { $0 }.share().map { $0 + 1 }.map { $0 }.map { $0 }
            #expect(fusedRuns(shared).count == 2)
            subscriptions = 0
            var received: [Int] = []
            let both = Observable.zip(shared, shared) { $0 + $1 }.subscribe(onNext: { received.append($0) })
            feed?.onNext(1)
            both.dispose()
            feed = nil
            #expect(subscriptions == 1)
            #expect(received == [4])
            let source = Observable.just(1)
            // `do` splits the run, and its closure runs between the stages as before.
            var order: [String] = []
            let split = source.map { order.append("map \($0)"); return $0 }.map { $0 }
                .do(onNext: { order.append("do \($0)") })
                .map { order.append("map after do \($0)"); return $0 }.map { $0 }
            #expect(fusedRuns(split).isEmpty)
            order = []
            _ = split.subscribe()
            #expect(order == ["map 1", "do 1", "map after do 1"])
            // Stages after a subject fuse; the subject stays a subject.
            let subject = PublishSubject<Int>()
            let overSubject = subject.map { $0 * 2 }.filter { $0 > 2 }.map { $0 + 1 }
            #expect(fusedRuns(overSubject).count == 1)
            var first: [Int] = []
            var second: [Int] = []
            let a = overSubject.subscribe(onNext: { first.append($0) })
            let b = subject.subscribe(onNext: { second.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            a.dispose()
            b.dispose()
            #expect(first == [5])
            #expect(second == [1, 2])
        }

        @Test func everyPairAndTripleOfStagesBehavesAsUnfused() {
            for first in StageSpec.Kind.allCases {
                for second in StageSpec.Kind.allCases {
                    expectSameAsUnfused([StageSpec(first, 2), StageSpec(second, 3)], Self.input)
                    for third in StageSpec.Kind.allCases {
                        expectSameAsUnfused([StageSpec(first, 2), StageSpec(second, 3), StageSpec(third, 5)], Self.input)
                    }
                }
            }
        }

        @Test func anErrorFromAnyStageEndsTheSequenceAndNoLaterStageRuns() {
            for kinds in [[StageSpec.Kind.map, .filter, .compactMap], [.compactMap, .map, .map, .filter], [.filter, .filter, .filter]] {
                for thrower in kinds.indices {
                    // Parameter 9: no stage drops 4, and `map` (+9) and `compactMap`
                    // (×2) move it past 4, so only a thrower that sees 4 throws.
                    var specs = kinds.map { StageSpec($0, 9) }
                    specs[thrower].throwsAt = 4
                    let log = runChain(specs, Self.input, barriers: false)
                    let errors = log.indices.filter { log[$0].hasPrefix("onError") }
                    let threw = log.contains { $0.hasPrefix("stage \(thrower) ") && $0.hasSuffix(" gets 4") }
                    #expect(errors.count == (threw ? 1 : 0), "\(specs): \(log)")
                    if thrower == 0 {
                        #expect(threw, "the first stage always sees 4: \(log)")
                    }
                    if let error = errors.first {
                        #expect(log[error - 1].hasPrefix("stage \(thrower) "), "\(specs): \(log)")
                        #expect(!log[error...].contains { $0.hasPrefix("stage") || $0.hasPrefix("onNext") }, "\(specs): \(log)")
                    }
                    expectSameAsUnfused(specs, Self.input)
                }
            }
        }

        @Test func anErrorOrCompletionFromTheSourcePassesThrough() {
            let specs = [StageSpec(.map, 1), StageSpec(.filter, 2), StageSpec(.compactMap, 5)]
            expectSameAsUnfused(specs, Input(elements: [1, 2, 3, 4], ending: .error(TestError(id: 9))))
            expectSameAsUnfused(specs, Input(elements: [1, 2, 3, 4], ending: .completed))
            expectSameAsUnfused(specs, Input(elements: [], ending: .completed))
            expectSameAsUnfused(specs, Input(elements: [1, 2], ending: nil))
            let log = runChain(specs, Input(elements: [1, 2, 3, 4], ending: .error(TestError(id: 9))), barriers: false)
            #expect(log.suffix(4) == ["onError \(TestError(id: 9))", "onDisposed", "source disposed", "disposed; onDisposed ran 1 time(s)"])
        }

        @Test func aClosureThatDisposesTheSubscriptionStopsTheLaterStagesAndTheEvents() {
            for kinds in [[StageSpec.Kind.map, .map, .map], [.map, .filter, .compactMap, .map], [.compactMap, .filter, .map]] {
                for disposer in kinds.indices {
                    var specs = kinds.map { StageSpec($0, 7) }
                    specs[disposer].disposesAt = 5
                    let log = runChain(specs, Self.input, barriers: false)
                    let afterDispose = log.drop { $0 != "stage \(disposer) disposes" }.dropFirst()
                    #expect(!afterDispose.contains { $0.hasPrefix("stage") || $0.hasPrefix("onNext") || $0 == "onCompleted" }, "\(specs): \(log)")
                    expectSameAsUnfused(specs, Self.input)
                }
            }
        }

        @Test func anElementSentFromInsideAClosureRunsTheWholeChainNested() {
            for kinds in [[StageSpec.Kind.map, .map, .map], [.filter, .map, .compactMap], [.map, .compactMap, .filter, .map]] {
                for reenterer in kinds.indices {
                    var specs = kinds.map { StageSpec($0, 7) }
                    specs[reenterer].reentersAt = 3
                    expectSameAsUnfused(specs, Self.input)
                    specs[reenterer].disposesAt = 1000
                    expectSameAsUnfused(specs, Self.input)
                }
            }
        }

        @Test func theMapFilterPairsBehaveAsUnfusedWhateverEitherClosureDoes() {
            for kinds in [[StageSpec.Kind.map, .filter], [.filter, .map]] {
                for position in kinds.indices {
                    // The value the stage at `position` sees for a source element:
                    // a `map` before it adds 7 (the parameter), a `filter` passes it.
                    let seen = { (element: Int) in position == 1 && kinds[0] == .map ? element + 7 : element }
                    for effect in 0..<4 {
                        var specs = kinds.map { StageSpec($0, 7) }
                        switch effect {
                        case 0: specs[position].throwsAt = seen(4)
                        case 1: specs[position].disposesAt = seen(5)
                        case 2: specs[position].reentersAt = seen(3)
                        default:
                            specs[position].reentersAt = seen(3)
                            specs[position].disposesAt = 1000 + (position == 1 && kinds[0] == .map ? 7 : 0)
                        }
                        expectSameAsUnfused(specs, Self.input)
                        expectSameAsUnfused(specs, Input(elements: [4, 5, 3, 6], ending: .error(TestError(id: 1))))
                        let log = runChain(specs, Self.input, barriers: false)
                        // The effect did happen, so the comparison above compared it.
                        switch effect {
                        case 0: #expect(log.filter { $0.hasPrefix("onError") }.count == 1, "\(specs): \(log)")
                        case 1: #expect(log.contains("stage \(position) disposes") && !log.contains("onCompleted"), "\(specs): \(log)")
                        case 2: #expect(log.contains("stage \(position) sends 1000 into the source"), "\(specs): \(log)")
                        default: #expect(log.contains("stage \(position) disposes"), "\(specs): \(log)")
                        }
                    }
                }
            }
        }

        @Test func anElementTheObserverSendsWhileHandlingAResultRunsTheWholeChainNested() {
            // Fused runs keep the element in the sink's own slot while the observer
            // handles the result; an element sent from there needs a slot of its own.
            func run(_ kinds: [StageSpec.Kind], barriers: Bool) -> [String] {
                var log: [String] = []
                var feed: AnyObserver<Int>?
                var chain = Observable<Int>.create { observer in
                    feed = observer
                    return Disposables.create()
                }
                for (index, kind) in kinds.enumerated() {
                    switch kind {
                    case .map: chain = chain.map { log.append("stage \(index) map \($0)"); return $0 + 1 }
                    case .filter: chain = chain.filter { log.append("stage \(index) filter \($0)"); return $0 % 3 != 0 }
                    case .compactMap: chain = chain.compactMap { log.append("stage \(index) compactMap \($0)"); return $0 == 7 ? nil : $0 * 2 }
                    }
                    if barriers {
                        chain = Barrier(chain)
                    }
                }
                var reentered = false
                let subscription = chain.subscribe(onNext: { value in
                    log.append("onNext \(value)")
                    if !reentered {
                        reentered = true
                        feed?.onNext(22)
                        log.append("back from 22")
                    }
                })
                for element in [1, 2, 4, 5] {
                    feed?.onNext(element)
                }
                subscription.dispose()
                feed = nil
                return log
            }
            for kinds in [[StageSpec.Kind.map, .filter], [.filter, .map], [.map, .filter, .map], [.compactMap, .map, .map, .filter]] {
                let fused = run(kinds, barriers: false)
                #expect(fused == run(kinds, barriers: true), "\(kinds)")
                // The nested element got through the whole chain before the outer
                // call returned.
                let back = fused.firstIndex(of: "back from 22")
                #expect(back.map { fused[$0 - 1].hasPrefix("onNext") } == true, "\(kinds): \(fused)")
            }
        }

        @Test func eachStageOfAChainStaysIndependentlySubscribable() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let first = source.map { $0 * 10 }.filter { $0 != 20 }
            let second = first.map { $0 + 1 }
            let third = first.compactMap { $0 == 10 ? nil : $0 }
            let firstObserver = scheduler.createObserver(Int.self)
            let secondObserver = scheduler.createObserver(Int.self)
            let thirdObserver = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) {
                _ = first.subscribe(firstObserver)
                _ = second.subscribe(secondObserver)
                _ = third.subscribe(thirdObserver)
            }
            scheduler.start()
            #expect(firstObserver.events == [.next(210, 10), .next(230, 30), .completed(300)])
            #expect(secondObserver.events == [.next(210, 11), .next(230, 31), .completed(300)])
            #expect(thirdObserver.events == [.next(230, 30), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300), Subscription(200, 300), Subscription(200, 300)])
        }

        @Test func aFusedChainSubscribedTwiceRunsTwiceIndependently() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
            let chain = source.map { $0 + 1 }.filter { $0 != 3 }.map { $0 * 100 }
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = chain.subscribe(early) }
            scheduler.scheduleAt(215) { _ = chain.subscribe(late) }
            scheduler.start()
            #expect(early.events == [.next(210, 200), .next(230, 400), .completed(240)])
            #expect(late.events == [.next(225, 200), .next(245, 400), .completed(255)])
        }

        @Test func elementsOfEveryShapeSurviveTheSlot() {
            Token.live.store(0, ordering: .relaxed)
            do {
                let strings = Observable.of(1, 2, 3, 4).map { "#\($0)" }.filter { $0 != "#2" }.compactMap { $0 == "#3" ? nil : $0 + "!" }
                #expect(elements(of: strings) == ["#1!", "#4!"])
                let wide = Observable.of(1, 2, 3)
                    .map { Wide(a: $0, b: $0, c: $0, d: $0, e: $0, name: "w\($0)") }
                    .filter { $0.a != 2 }
                    .map { $0.name + "/\($0.e)" }
                #expect(elements(of: wide) == ["w1/1", "w3/3"])
                let tokens = Observable.of(1, 2, 3, 4, 5, 6)
                    .map { Token($0) }
                    .filter { $0.value != 2 }
                    .compactMap { $0.value == 3 ? nil : Token($0.value * 10) }
                    .map { token -> Token in
                        if token.value == 60 { throw TestError(id: 60) }
                        return token
                    }
                var seen: [Int] = []
                var failed = false
                _ = tokens.subscribe(onNext: { seen.append($0.value) }, onError: { _ in failed = true })
                #expect(seen == [10, 40, 50])
                #expect(failed)
                // Disposed while an element is between stages: the one in the slot is
                // destroyed, once.
                let subject = PublishSubject<Int>()
                var subscription: Disposable?
                var delivered: [Int] = []
                subscription = subject.map { Token($0) }
                    .map { token -> Token in
                        if token.value == 2 { subscription?.dispose() }
                        return token
                    }
                    .map { $0 }
                    .subscribe(onNext: { delivered.append($0.value) })
                subject.onNext(1)
                subject.onNext(2)
                subject.onNext(3)
                subscription = nil
                #expect(delivered == [1])
            }
            #expect(Token.live.load(ordering: .relaxed) == 0)
        }

        @Test func randomChainsBehaveAsUnfused() {
            var rng = SplitMix64(seed: 0x5EED_F0_5E)
            for round in 0..<300 {
                let length = rng.int(1...8)
                var specs: [StageSpec] = []
                for _ in 0..<length {
                    var spec = StageSpec(rng.pick(StageSpec.Kind.allCases), rng.int(2...5))
                    if rng.chance(15) { spec.throwsAt = rng.int(0...40) }
                    if rng.chance(15) { spec.disposesAt = rng.int(0...40) }
                    if rng.chance(15) { spec.reentersAt = rng.int(0...40) }
                    specs.append(spec)
                }
                let elements = (0..<rng.int(0...10)).map { _ in rng.int(0...20) }
                let endings: [Event<Int>?] = [.completed, .error(TestError(id: round)), nil]
                let ending = rng.pick(endings)
                expectSameAsUnfused(specs, Input(elements: elements, ending: ending))
            }
        }
    }
}
