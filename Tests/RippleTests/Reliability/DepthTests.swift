import Foundation
import Testing
@testable import Ripple

/// Runs a deep synchronous workload on three stacks: the test's own thread, a dispatch
/// worker (`DispatchQueue.global().async`; its stack is 512 KB on Apple platforms) and
/// a `Thread` whose stack is set to 512 KB. Unlike the per-operator depth tests, every
/// stack gets the full depth.
private enum Stacks {
    struct Run {
        let stack: String
        /// `nil` when the workload did not finish within a minute.
        let result: String?
    }

    private final class Slot: Sendable {
        private let value = LockedValue<String?>(nil)
        func put(_ text: String) { value.withLock { $0 = text } }
        var contents: String? { value.withLock { $0 } }
    }

    /// `small` replaces `body` on the 512 KB thread when given.
    static func runEverywhere(_ body: @escaping @Sendable () -> String, small: (@Sendable () -> String)? = nil) -> [Run] {
        var runs = [Run(stack: "test thread", result: body())]

        let worker = Slot()
        let workerDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            worker.put(body())
            workerDone.signal()
        }
        let workerFinished = workerDone.wait(timeout: .now() + 60) == .success
        runs.append(Run(stack: "dispatch worker", result: workerFinished ? worker.contents : nil))

        let smallSlot = Slot()
        let smallDone = DispatchSemaphore(value: 0)
        let smallBody = small ?? body
        let thread = Thread {
            smallSlot.put(smallBody())
            smallDone.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        let smallFinished = smallDone.wait(timeout: .now() + 60) == .success
        runs.append(Run(stack: "512 KB Thread", result: smallFinished ? smallSlot.contents : nil))
        return runs
    }
}

/// Subscribes, tallies what arrives synchronously and disposes: "count sum end".
private func tally(_ observable: Observable<Int>) -> String {
    var count = 0
    var sum = 0
    var end = "none"
    observable.subscribe(
        onNext: { count += 1; sum &+= $0 },
        onError: { end = "error \($0)" },
        onCompleted: { end = "completed" }
    ).dispose()
    return "\(count) \(sum) \(end)"
}

private func expected(_ values: some Sequence<Int>, end: String = "completed") -> String {
    var count = 0
    var sum = 0
    for value in values {
        count += 1
        sum &+= value
    }
    return "\(count) \(sum) \(end)"
}

/// Fails `failures` times, synchronously, then sends `failures` and completes.
private func failing(times failures: Int) -> Observable<Int> {
    let attempts = Counter()
    return Observable.deferred {
        let attempt = attempts.increment()
        return attempt <= failures ? Observable.error(TestError(id: attempt)) : Observable.just(attempt - 1)
    }
}

/// `error.catch { error.catch { … just(7) } }`, `links` deep, each level made when reached.
private func catchChain(_ links: Int) -> Observable<Int> {
    links == 0 ? .just(7) : Observable<Int>.error(TestError(id: links)).catch { _ in catchChain(links - 1) }
}

extension RippleTests {
    @Suite struct DepthTests {
        static let inners = 100_000
        static let chained = 2_000

        private func check(_ label: String, expect expectation: String, _ body: @escaping @Sendable () -> String) {
            for run in Stacks.runEverywhere(body) {
                #expect(run.result == expectation, "\(label) on the \(run.stack)")
            }
        }

        /// For chains of operators: `chain(length)` runs at full length on the test
        /// thread and the dispatch worker, and at `smallLength` on the 512 KB thread.
        /// Subscribing to a chain, and passing an event down it, is one nested call per
        /// operator (that is what a chain is), so its stack grows with the chain's
        /// length, unlike the number of inners, retries or pages above; see
        /// `aChainedOperatorCostsABoundedAmountOfStack`.
        private func checkChain(_ label: String, smallLength: Int, expect expectation: @escaping (Int) -> String, _ chain: @escaping @Sendable (Int) -> String) {
            let runs = Stacks.runEverywhere({ chain(Self.chained) }, small: { chain(smallLength) })
            for run in runs {
                let length = run.stack == "512 KB Thread" ? smallLength : Self.chained
                #expect(run.result == expectation(length), "\(label) (\(length) long) on the \(run.stack)")
            }
        }

        @Test func concatOfAHundredThousandSynchronousSources() {
            check("concat", expect: expected(0..<Self.inners)) {
                tally(Observable.concat((0..<Self.inners).map { Observable.just($0) }))
            }
        }

        @Test func concatMapOverAHundredThousandSynchronousInners() {
            check("concatMap", expect: expected(0..<Self.inners)) {
                tally(Observable.range(start: 0, count: Self.inners).concatMap { Observable.just($0) })
            }
        }

        @Test func mergeOfAHundredThousandSynchronousSources() {
            check("merge", expect: expected(0..<Self.inners)) {
                tally(Observable.merge((0..<Self.inners).map { Observable.just($0) }))
            }
        }

        @Test func flatMapOverAHundredThousandSynchronousInners() {
            check("flatMap", expect: expected(0..<Self.inners)) {
                tally(Observable.range(start: 0, count: Self.inners).flatMap { Observable.just($0) })
            }
        }

        @Test func flatMapLatestOverAHundredThousandSynchronousInners() {
            check("flatMapLatest", expect: expected(0..<Self.inners)) {
                tally(Observable.range(start: 0, count: Self.inners).flatMapLatest { Observable.just($0) })
            }
        }

        @Test func retryForeverThroughAHundredThousandSynchronousFailures() {
            check("retry()", expect: expected([Self.inners])) {
                tally(failing(times: Self.inners).retry())
            }
        }

        @Test func retryCountedThroughAHundredThousandSynchronousFailures() {
            check("retry(n)", expect: expected([Self.inners])) {
                tally(failing(times: Self.inners).retry(Self.inners + 1))
            }
        }

        @Test func aHundredThousandNestedCatchHandlers() {
            check("catch chain", expect: expected([7])) {
                tally(catchChain(Self.inners))
            }
        }

        @Test func catchSequenceOfAHundredThousandFailingSources() {
            check("catch(sequence:)", expect: expected([-1])) {
                let failures = (0..<Self.inners).map { Observable<Int>.error(TestError(id: $0)) }
                return tally(Observable.catch(sequence: failures + [Observable.just(-1)]))
            }
        }

        @Test(arguments: Pager.Form.unfolded)
        func aHundredThousandRecursivePages(_ form: Pager.Form) {
            // Each `concat` unfolds the next page's `deferred` (or `just(…).flatMap`, which
            // is one) in its own sink: constant stack, whatever the number of pages.
            check(form.rawValue, expect: expected(0...Self.inners)) {
                tally(Pager(form: form, last: Self.inners, hidden: false, journal: nil) { .just($0) }.page(0))
            }
        }

        /// Chain lengths on a 512 KB stack in a debug build (the tests' build): mixed and
        /// flattening chains at about four fifths of where that stack runs out, cold
        /// (Guarantees.md, "Depth", from `ripple-soak --depth`); maps fuse, sixty-four to a
        /// sink, and run out far later.
        static let smallStackMaps = 600 / addressSanitizerStackFactor
        static let smallStackMixed = 400 / addressSanitizerStackFactor
        static let smallStackFlattening = 250 / addressSanitizerStackFactor
        /// Maps over a source that sends while it is being subscribed: the elements and
        /// the completion travel down the chain from the deepest frame of its subscription.
        static let smallStackMapsOverASynchronousSource = 400 / addressSanitizerStackFactor
        /// Under the Address Sanitizer (CI's `--sanitize=address` pass) every frame
        /// carries red zones around its locals, several times the plain build's stack
        /// per operator, so the 512 KB thread runs a quarter of the lengths. Detected by
        /// the sanitizer's runtime being loaded, so no build flag is needed.
        static let addressSanitizerStackFactor: Int = {
            let program = dlopen(nil, RTLD_NOW)
            defer { if let program { dlclose(program) } }
            return dlsym(program, "__asan_init") == nil ? 1 : 4
        }()

        /// Chains of one non-fusing operator over a source that sends while subscribed,
        /// subscribed first thing in a fresh process on a 512 KB thread (a child process
        /// per test): nothing of the chain's runtime metadata is known yet, so the first
        /// element also makes the runtime work out each sink's element type. About four
        /// fifths of where the debug build runs out there (skip and take 500, distinct 390,
        /// do 280); Guarantees.md ("Depth") has the figures.
        @Test func aColdChainOfSkipsOnASmallStack() async {
            await #expect(processExitsWith: .success) { coldChain(length: 400 / DepthTests.addressSanitizerStackFactor) { $0.skip(0) } }
        }

        @Test func aColdChainOfTakesOnASmallStack() async {
            await #expect(processExitsWith: .success) { coldChain(length: 400 / DepthTests.addressSanitizerStackFactor) { $0.take(1_000) } }
        }

        @Test func aColdChainOfDistinctUntilChangedOnASmallStack() async {
            await #expect(processExitsWith: .success) { coldChain(length: 300 / DepthTests.addressSanitizerStackFactor) { $0.distinctUntilChanged() } }
        }

        @Test func aColdChainOfDoOnASmallStack() async {
            await #expect(processExitsWith: .success) { coldChain(length: 200 / DepthTests.addressSanitizerStackFactor) { $0.do(onNext: { _ in }) } }
        }

        @Test func twoThousandChainedMaps() {
            checkChain("maps", smallLength: Self.smallStackMaps, expect: { length in expected((0..<100).map { $0 + length }) }) { length in
                var chain = Observable.range(start: 0, count: 100)
                for _ in 0..<length {
                    chain = chain.map { $0 + 1 }
                }
                return tally(chain)
            }
        }

        @Test func twoThousandChainedMapsOverASourceThatSendsDuringSubscribe() {
            checkChain("maps over create", smallLength: Self.smallStackMapsOverASynchronousSource, expect: { length in expected([length]) }) { length in
                var chain = Observable<Int>.create { observer in
                    observer.onNext(0)
                    observer.onCompleted()
                    return Disposables.create()
                }
                for _ in 0..<length {
                    chain = chain.map { $0 + 1 }
                }
                return tally(chain)
            }
        }

        @Test func twoThousandChainedMixedOperators() {
            // map, filter, distinctUntilChanged, skip(0), take, concat, materialize and
            // dematerialize, do, round-robin.
            checkChain("mixed operators", smallLength: Self.smallStackMixed, expect: { _ in expected(0..<100) }) { length in
                var chain = Observable.range(start: 0, count: 100)
                for index in 0..<length {
                    switch index % 8 {
                    case 0: chain = chain.map { $0 }
                    case 1: chain = chain.filter { _ in true }
                    case 2: chain = chain.distinctUntilChanged()
                    case 3: chain = chain.skip(0)
                    case 4: chain = chain.take(1_000)
                    case 5: chain = chain.concat(Observable.empty())
                    case 6: chain = chain.materialize().dematerialize()
                    default: chain = chain.do(onNext: { _ in })
                    }
                }
                return tally(chain)
            }
        }

        @Test func twoThousandChainedFlatteningOperators() {
            checkChain("flattening operators", smallLength: Self.smallStackFlattening, expect: { _ in expected(0..<10) }) { length in
                var chain = Observable.range(start: 0, count: 10)
                for index in 0..<length {
                    switch index % 3 {
                    case 0: chain = chain.flatMap { Observable.just($0) }
                    case 1: chain = chain.concatMap { Observable.just($0) }
                    default: chain = chain.flatMapLatest { Observable.just($0) }
                    }
                }
                return tally(chain)
            }
        }

        @Test func aChainedOperatorCostsABoundedAmountOfStack() {
            // The deepest stack address reached by a chain of 2 000 operators over `range`
            // (which sends from the trampoline, once the subscription has returned), on a
            // thread with room to spare: while the chain is subscribed, while an element
            // travels down it, and while its completion travels down and the chain is
            // disposed. The chain repeats map, map, skip(0): three or more adjacent maps
            // would be fused into one sink (Fusion.swift), and this measures what one
            // ordinary sink costs.
            let figures = Slot()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let top = stackAddress()
                let subscribed = Deepest(top)
                let delivered = Deepest(top)
                let disposed = Deepest(top)
                var chain = Observable.range(start: 0, count: 1)
                    .do(onSubscribe: { subscribed.note(stackAddress()) }, onDispose: { disposed.note(stackAddress()) })
                for index in 0..<Self.chained {
                    chain = index % 3 == 2 ? chain.skip(0) : chain.map { $0 + 1 }
                }
                _ = chain.subscribe(onNext: { _ in delivered.note(stackAddress()) })
                let perOperator = [subscribed, delivered, disposed].map { String((top - $0.value) / UInt(Self.chained)) }
                figures.put(perOperator.joined(separator: " "))
                done.signal()
            }
            thread.stackSize = 64 << 20
            thread.start()
            #expect(done.wait(timeout: .now() + 60) == .success)
            let bytes = (figures.contents ?? "").split(separator: " ").compactMap { Int($0) }
            print("DepthTests: one chained operator costs \(bytes) bytes of stack (subscription, element, completion and disposal)")
            // Debug builds measure about 670, 320 and 180 bytes (release 340, 100 and
            // 210); 1 KB and 512 bytes catch a regression without depending on the
            // optimiser.
            #expect(bytes.count == 3)
            #expect(bytes.first ?? .max < 1_024, "subscribing costs \(bytes) bytes of stack per operator")
            #expect(bytes.dropFirst().allSatisfy { $0 < 512 }, "delivering costs \(bytes) bytes of stack per operator")
        }
    }
}

/// Holds one value handed over from another thread.
private final class Slot: Sendable {
    private let value = LockedValue<String?>(nil)
    func put(_ text: String) { value.withLock { $0 = text } }
    var contents: String? { value.withLock { $0 } }
}

/// The lowest stack address seen (stacks grow down on every platform Ripple runs on).
private final class Deepest: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread only, the measuring thread.
    private(set) var value: UInt
    init(_ start: UInt) { value = start }
    func note(_ address: UInt) { value = min(value, address) }
}

/// The address of a local variable in the caller's frame, roughly the stack pointer.
@inline(never)
private func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// Builds `length` of `step` over a source that sends one element and completes while
/// subscribed, subscribes it on a 512 KB thread and stops the process unless the element
/// and the completion arrive: the body of a child process.
private func coldChain(length: Int, _ step: (Observable<Int>) -> Observable<Int>) {
    var chain = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
    }
    for _ in 0..<length {
        chain = step(chain)
    }
    let result = Unchecked(chain)
    let outcome = LockedValue<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.withLock { $0 = tally(result.value) }
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    precondition(outcome.withLock { $0 } == "1 1 completed", "the chain sent \(outcome.withLock { $0 } ?? "nothing")")
}

