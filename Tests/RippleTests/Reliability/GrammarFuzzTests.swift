import Foundation
import Testing
@testable import Ripple
import RippleTest

/// Seeds and run counts for the grammar fuzzer. Replay one failing run with
/// `RIPPLE_FUZZ_SEED=<seed> RIPPLE_FUZZ_RUNS=1 swift test --filter GrammarFuzzTests`;
/// search wider with a larger `RIPPLE_FUZZ_RUNS`.
private enum FuzzSettings {
    static let environment = ProcessInfo.processInfo.environment

    static func firstSeed(default value: UInt64) -> UInt64 {
        guard let text = environment["RIPPLE_FUZZ_SEED"] else { return value }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? value }
        return UInt64(text) ?? value
    }

    static func runs(default value: Int) -> Int {
        environment["RIPPLE_FUZZ_RUNS"].flatMap(Int.init) ?? value
    }

    static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }
}

extension RippleTests {
    @Suite struct GrammarFuzzTests {
        /// A random pipeline of synchronous operators over a `PublishSubject`, fed a random
        /// event list and disposed at a random point; returns a failure message or `nil`.
        static func runSynchronous(seed: UInt64) -> String? {
            var rng = SplitMix64(seed: seed)
            var mayEmitOnSubscribe = false
            var stages: [SyncStage] = []
            for _ in 0..<rng.int(1...6) {
                stages.append(SyncCatalogue.randomStage(&rng, mayEmitOnSubscribe: &mayEmitOnSubscribe))
            }
            var input: [Recorded<Int>] = []
            for _ in 0..<rng.int(0...8) { input.append(.next(rng.int(0...20))) }
            switch rng.int(0...9) {
            case 0..<4: input.append(.completed)
            case 4..<7: input.append(.error(TestError(id: 99)))
            default: break
            }
            let disposeAfter = rng.chance(35) ? rng.int(0...input.count) : input.count
            let expected = stages.reduce(Array(input.prefix(disposeAfter))) { $1.model($0) }

            let before = Resources.total
            let (actual, violations) = { () -> ([Recorded<Int>], [String]) in
                let subject = PublishSubject<Int>()
                let pipeline = stages.reduce(subject.asObservable()) { $1.apply($0) }
                let probe = GrammarProbe()
                let subscription = probe.subscribe(pipeline)
                for event in input.prefix(disposeAfter) { subject.on(event.event) }
                subscription.dispose()
                probe.disposeDidReturn()
                for event in input.dropFirst(disposeAfter) { subject.on(event.event) }
                return (probe.events, probe.finalViolations)
            }()
            let after = Resources.total

            var problems = violations
            if actual != expected { problems.append("expected \(describe(expected)), got \(describe(actual))") }
            if after != before { problems.append("Resources.total \(before) before the run, \(after) after it") }
            guard !problems.isEmpty else { return nil }
            let pipeline = (["subject"] + stages.map(\.name)).joined(separator: " → ")
            return "seed \(FuzzSettings.hex(seed)): \(pipeline); input \(describe(input)), disposed after \(disposeAfter) events: "
                + problems.joined(separator: "; ")
        }

        /// A random pipeline from the whole catalogue on a `TestScheduler`, over random hot
        /// and cold sources, disposed at a random virtual time; returns a failure message
        /// or `nil`. Checks the grammar, `onDisposed` and `Resources.total`.
        static func runTimed(seed: UInt64) -> String? {
            var rng = SplitMix64(seed: seed)
            let before = Resources.total
            let (names, events, violations, disposeAt) = { () -> ([String], [Recorded<Int>], [String], Int) in
                let scheduler = TestScheduler(initialClock: 0)
                let source = TimedCatalogue.randomSource(&rng, scheduler: scheduler)
                var names = [source.name]
                var pipeline = source.observable
                for _ in 0..<rng.int(1...5) {
                    let stage = TimedCatalogue.randomStage(pipeline, &rng, scheduler: scheduler)
                    names.append(stage.name)
                    pipeline = stage.observable
                }
                let disposeAt = rng.chance(50) ? rng.int(200...500) : 1000
                let probe = GrammarProbe()
                var subscription: Disposable?
                scheduler.scheduleAt(200) { subscription = probe.subscribe(pipeline) }
                scheduler.scheduleAt(disposeAt) {
                    subscription?.dispose()
                    probe.disposeDidReturn()
                }
                scheduler.start()
                return (names, probe.events, probe.finalViolations, disposeAt)
            }()
            let after = Resources.total

            var problems = violations
            if after != before { problems.append("Resources.total \(before) before the run, \(after) after it") }
            guard !problems.isEmpty else { return nil }
            return "seed \(FuzzSettings.hex(seed)): \(names.joined(separator: " → ")), disposed at \(disposeAt); got \(describe(events)): "
                + problems.joined(separator: "; ")
        }

        private static func fuzz(runs: Int, firstSeed: UInt64, _ run: (UInt64) -> String?) -> Int {
            var failures = 0
            for index in 0..<runs {
                let seed = firstSeed &+ UInt64(index)
                guard let message = run(seed) else { continue }
                Issue.record(Comment(rawValue: message))
                failures += 1
                if failures == 5 { break }
            }
            return failures
        }

        @Test func synchronousPipelinesObeyTheGrammarAndMatchTheListModel() {
            let runs = FuzzSettings.runs(default: 2_000)
            let failures = Self.fuzz(runs: runs, firstSeed: FuzzSettings.firstSeed(default: 0x5EED_0000), Self.runSynchronous)
            #expect(failures == 0)
        }

        @Test func timedPipelinesObeyTheGrammarAndReleaseEverything() {
            let runs = FuzzSettings.runs(default: 1_500)
            let failures = Self.fuzz(runs: runs, firstSeed: FuzzSettings.firstSeed(default: 0x71ED_0000), Self.runTimed)
            #expect(failures == 0)
        }

        @Test func theGeneratorIsReproducible() {
            var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42)
            let a = (0..<8).map { _ in first.next() }
            let b = (0..<8).map { _ in second.next() }
            #expect(a == b)
            #expect(Set(a).count == 8)
        }

        @Test func theProbeCatchesEventsAfterTheEnd() {
            let probe = GrammarProbe()
            probe.on(.completed)
            probe.on(.next(1))
            probe.disposeDidReturn()
            probe.on(.completed)
            #expect(probe.finalViolations.count == 4)
        }
    }
}

extension Recorded where Element == Int {
    /// The `Event` this recorded event stands for (errors become ``TestError``s with the
    /// id they were recorded with).
    var event: Event<Int> {
        switch self {
        case .next(let value): .next(value)
        case .completed: .completed
        case .error(let description):
            .error(TestError(id: Int(description.dropFirst("TestError(".count).dropLast()) ?? -1))
        }
    }
}
