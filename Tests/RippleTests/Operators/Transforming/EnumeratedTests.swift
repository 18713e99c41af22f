import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct EnumeratedTests {
        /// Tuples are not `Equatable`: records each `(index, element)` as `"index:element"`.
        static func start(
            _ scheduler: TestScheduler,
            disposed: TestTime = 1000,
            _ create: @escaping () -> Observable<(index: Int, element: String)>
        ) -> [RippleTest.Recorded<Event<String>>] {
            scheduler.start(disposed: disposed, create: create).events.map { recorded in
                RippleTest.Recorded(time: recorded.time, value: recorded.value.map { "\($0.index):\($0.element)" })
            }
        }

        @Test func pairsEachElementWithItsIndex() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300),
            ])
            let events = Self.start(scheduler) { source.enumerated() }
            #expect(events == [.next(210, "0:a"), .next(220, "1:b"), .next(230, "2:c"), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func theTupleHasNamedMembers() {
            var seen: [String] = []
            _ = Observable.of("x", "y").enumerated().subscribe(onNext: { pair in
                seen.append("\(pair.index)\(pair.element)")
            })
            #expect(seen == ["0x", "1y"])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .error(250, TestError())])
            let events = Self.start(scheduler) { source.enumerated() }
            #expect(events == [.next(210, "0:a"), .next(220, "1:b"), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])
            let events = Self.start(scheduler, disposed: 225) { source.enumerated() }
            #expect(events == [.next(210, "0:a"), .next(220, "1:b")])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, "z"), .completed(300)])
            let events = Self.start(scheduler) { source.enumerated() }
            #expect(events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func eachSubscriptionCountsFromZero() {
            let indexed = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
            #expect(indexed.recordSynchronously() == [.next("0a"), .next("1b"), .completed])
            #expect(indexed.recordSynchronously() == [.next("0a"), .next("1b"), .completed])
        }

        @Test func anIndexThatWouldReachIntMaxEndsWithOverflow() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])
            let events = Self.start(scheduler) { source.enumerated(firstIndex: Int.max - 1) }
            #expect(events == [.next(210, "\(Int.max - 1):a"), .error(220, RxError.overflow)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }
    }
}
