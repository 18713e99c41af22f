import Testing
@testable import Ripple
import RippleTest

// The generated fixed-arity `combineLatest` and `zip` of Driver and Signal
// (SharedSequence+Combining+arity.swift), in virtual time. Source K sends 10K + 1, then
// 10K + 2: every element says which source it came from, so a source passed to the
// wrong slot of the operator (or of its result selector, or of the tuple) changes the
// recorded arrays and fails the test.
extension RippleTests {
    @Suite struct SharedSequenceArityTests {
        typealias Events = [RippleTest.Recorded<Event<[Int]>>]

        /// `n` hot sources wrapped as they are (a Driver made from a hot test source
        /// delivers in virtual time, not on the main queue): source K sends 10K + 1 at
        /// 200 + 10K, 10K + 2 at 300 + 10K, and completes at 400 + K.
        static func sources(_ scheduler: TestScheduler, _ n: Int) -> [TestableObservable<Int>] {
            (1...n).map { k in
                scheduler.createHotObservable([.next(200 + 10 * k, 10 * k + 1), .next(300 + 10 * k, 10 * k + 2), .completed(400 + k)])
            }
        }

        /// combineLatest: the first result once the last source has sent, one more for
        /// each second element, completion when the last source completes.
        static func combineLatestEvents(_ n: Int) -> Events {
            let first = (1...n).map { 10 * $0 + 1 }
            var events: Events = [.next(200 + 10 * n, first)]
            for k in 1...n {
                events.append(.next(300 + 10 * k, (1...n).map { 10 * $0 + ($0 <= k ? 2 : 1) }))
            }
            events.append(.completed(400 + n))
            return events
        }

        /// zip: the first elements together, the second elements together, then
        /// completion once every source has completed.
        static func zipEvents(_ n: Int) -> Events {
            [.next(200 + 10 * n, (1...n).map { 10 * $0 + 1 }), .next(300 + 10 * n, (1...n).map { 10 * $0 + 2 }), .completed(400 + n)]
        }

        /// Runs `make` over `n` fresh sources as shared sequences of one kind and checks
        /// the recorded events, and that every source was subscribed once, at 200.
        static func expect<Strategy: SharingStrategyProtocol>(
            _ n: Int, _ expected: (Int) -> Events,
            _ make: @escaping ([SharedSequence<Strategy, Int>]) -> SharedSequence<Strategy, [Int]>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let scheduler = TestScheduler(initialClock: 0)
            let hot = sources(scheduler, n)
            let observer = scheduler.start { make(hot.map { SharedSequence(raw: $0.asObservable()) }) }
            let events = expected(n)
            #expect(observer.events == events, "\(n) sources", sourceLocation: sourceLocation)
            // Each source is unsubscribed when it completes (400 + K) or when the result
            // ends, whichever comes first.
            let end = events.last!.time
            for (k, source) in zip(1..., hot) {
                #expect(source.subscriptions == [Subscription(200, min(400 + k, end))], "source \(k) of \(n)", sourceLocation: sourceLocation)
            }
        }

        static func expectDriver(
            _ n: Int, _ expected: (Int) -> Events, _ make: @escaping ([Driver<Int>]) -> Driver<[Int]>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            expect(n, expected, make, sourceLocation: sourceLocation)
        }

        static func expectSignal(
            _ n: Int, _ expected: (Int) -> Events, _ make: @escaping ([Signal<Int>]) -> Signal<[Int]>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            expect(n, expected, make, sourceLocation: sourceLocation)
        }

        @Test func combineLatestWithAResultSelectorAtEveryArity() {
            let expected = Self.combineLatestEvents
            Self.expectDriver(2, expected) { s in Driver.combineLatest(s[0], s[1]) { [$0, $1] } }
            Self.expectDriver(3, expected) { s in Driver.combineLatest(s[0], s[1], s[2]) { [$0, $1, $2] } }
            Self.expectDriver(4, expected) { s in Driver.combineLatest(s[0], s[1], s[2], s[3]) { [$0, $1, $2, $3] } }
            Self.expectDriver(5, expected) { s in Driver.combineLatest(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4] } }
            Self.expectDriver(6, expected) { s in Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5] } }
            Self.expectDriver(7, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6] }
            }
            Self.expectDriver(8, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
            }
        }

        @Test func combineLatestAsTuplesAtEveryArity() {
            let expected = Self.combineLatestEvents
            Self.expectDriver(2, expected) { s in Driver.combineLatest(s[0], s[1]).map { [$0.0, $0.1] } }
            Self.expectDriver(3, expected) { s in Driver.combineLatest(s[0], s[1], s[2]).map { [$0.0, $0.1, $0.2] } }
            Self.expectDriver(4, expected) { s in Driver.combineLatest(s[0], s[1], s[2], s[3]).map { [$0.0, $0.1, $0.2, $0.3] } }
            Self.expectDriver(5, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { [$0.0, $0.1, $0.2, $0.3, $0.4] }
            }
            Self.expectDriver(6, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] }
            }
            Self.expectDriver(7, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6] }
            }
            Self.expectDriver(8, expected) { s in
                Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }
            }
        }

        @Test func zipWithAResultSelectorAtEveryArity() {
            let expected = Self.zipEvents
            Self.expectDriver(2, expected) { s in Driver.zip(s[0], s[1]) { [$0, $1] } }
            Self.expectDriver(3, expected) { s in Driver.zip(s[0], s[1], s[2]) { [$0, $1, $2] } }
            Self.expectDriver(4, expected) { s in Driver.zip(s[0], s[1], s[2], s[3]) { [$0, $1, $2, $3] } }
            Self.expectDriver(5, expected) { s in Driver.zip(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4] } }
            Self.expectDriver(6, expected) { s in Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5] } }
            Self.expectDriver(7, expected) { s in Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6] } }
            Self.expectDriver(8, expected) { s in
                Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
            }
        }

        @Test func zipAsTuplesAtEveryArity() {
            let expected = Self.zipEvents
            Self.expectSignal(2, expected) { s in Signal.zip(s[0], s[1]).map { [$0.0, $0.1] } }
            Self.expectSignal(3, expected) { s in Signal.zip(s[0], s[1], s[2]).map { [$0.0, $0.1, $0.2] } }
            Self.expectSignal(4, expected) { s in Signal.zip(s[0], s[1], s[2], s[3]).map { [$0.0, $0.1, $0.2, $0.3] } }
            Self.expectSignal(5, expected) { s in Signal.zip(s[0], s[1], s[2], s[3], s[4]).map { [$0.0, $0.1, $0.2, $0.3, $0.4] } }
            Self.expectSignal(6, expected) { s in
                Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] }
            }
            Self.expectSignal(7, expected) { s in
                Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6] }
            }
            Self.expectSignal(8, expected) { s in
                Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }
            }
        }

        @Test func signalCombineLatestTakesTheSameSlotsAsDriver() {
            Self.expectSignal(3, Self.combineLatestEvents) { s in Signal.combineLatest(s[0], s[1], s[2]) { [$0, $1, $2] } }
            Self.expectSignal(8, Self.combineLatestEvents) { s in
                Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }
            }
        }

        @Test func sourcesOfDifferentTypesKeepTheirSlots() {
            // Each slot has its own element type here, so a swapped argument would not
            // compile; the values check the order within the result as well.
            let scheduler = TestScheduler(initialClock: 0)
            let numbers = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let names = scheduler.createHotObservable([.next(220, "b"), .completed(300)])
            let flags = scheduler.createHotObservable([.next(230, true), .completed(300)])
            let observer = scheduler.start {
                Driver.zip(Driver(raw: numbers.asObservable()), Driver(raw: names.asObservable()), Driver(raw: flags.asObservable()))
                    .map { "\($0.0) \($0.1) \($0.2)" }
            }
            #expect(observer.events == [.next(230, "1 b true"), .completed(300)])
        }

        @Test func aThrowingResultSelectorEndsTheResultWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
            let b = scheduler.createHotObservable([.next(220, 10), .completed(300)])
            let observer = scheduler.start {
                Driver.combineLatest(Driver(raw: a.asObservable()), Driver(raw: b.asObservable())) { x, y -> Int in
                    if x == 2 { throw TestError(id: 2) }
                    return x + y
                }
            }
            #expect(observer.events == [.next(220, 11), .error(230, TestError(id: 2))])
            #expect(a.subscriptions == [Subscription(200, 230)])
            #expect(b.subscriptions == [Subscription(200, 230)])
        }

        @Test func theResultIsSharedAmongSubscribers() {
            // A Driver's result shares one subscription to its sources and replays the
            // latest element to a later subscriber.
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
            let b = scheduler.createHotObservable([.next(220, 10)])
            let zipped = Driver.combineLatest(Driver(raw: a.asObservable()), Driver(raw: b.asObservable())) { $0 + $1 }
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(zipped.asObservable().subscribe(first)) }
            scheduler.scheduleAt(230) { subscriptions.append(zipped.asObservable().subscribe(second)) }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            #expect(first.events == [.next(220, 11), .next(240, 12)])
            #expect(second.events == [.next(230, 11), .next(240, 12)])
            #expect(a.subscriptions == [Subscription(200, 300)])
            #expect(b.subscriptions == [Subscription(200, 300)])
        }
    }
}
