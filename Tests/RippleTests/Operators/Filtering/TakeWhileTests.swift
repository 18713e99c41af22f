import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TakeWhileTests {
        private static let events: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ]

        // MARK: take(until:behavior:) with a predicate

        @Test func untilExclusiveCompletesAtTheMatchingElementWithoutIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.take(until: { $0 == 4 }, behavior: .exclusive) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func untilInclusiveSendsTheMatchingElementThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.take(until: { $0 == 4 }, behavior: .inclusive) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func untilIsExclusiveByDefault() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.take(until: { $0 == 3 }) }
            #expect(observer.events == [.next(210, 2), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func untilAPredicateThatNeverMatchesPassesEverything() {
            for behavior in [TakeBehavior.exclusive, .inclusive] {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createHotObservable(Self.events)
                let observer = scheduler.start { source.take(until: { _ in false }, behavior: behavior) }
                #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
                #expect(source.subscriptions == [Subscription(200, 250)])
            }
        }

        @Test func untilAPredicateThatMatchesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let exclusive = scheduler.start { source.take(until: { _ in true }, behavior: .exclusive) }
            #expect(exclusive.events == [.completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])

            let scheduler2 = TestScheduler(initialClock: 0)
            let source2 = scheduler2.createHotObservable(Self.events)
            let inclusive = scheduler2.start { source2.take(until: { _ in true }, behavior: .inclusive) }
            #expect(inclusive.events == [.next(210, 2), .completed(210)])
            #expect(source2.subscriptions == [Subscription(200, 210)])
        }

        @Test func untilAnErrorBeforeTheMatchPassesThrough() {
            for behavior in [TakeBehavior.exclusive, .inclusive] {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(225, TestError(id: 1))])
                let observer = scheduler.start { source.take(until: { $0 == 4 }, behavior: behavior) }
                #expect(observer.events == [.next(210, 2), .next(220, 3), .error(225, TestError(id: 1))])
                #expect(source.subscriptions == [Subscription(200, 225)])
            }
        }

        @Test func aThrowingPredicateEndsTheSequenceWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start {
                source.take(until: { (element: Int) -> Bool in
                    if element == 3 {
                        throw TestError(id: 2)
                    }
                    return false
                }, behavior: .inclusive)
            }
            #expect(observer.events == [.next(210, 2), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start(disposed: 225) { source.take(until: { $0 == 5 }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.take(while: { _ in true }) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        // MARK: take(while:behavior:)

        @Test func whileCompletesAtTheFirstFailingElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.take(while: { $0 < 4 }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func whileInclusiveSendsTheFirstFailingElementToo() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.take(while: { $0 < 4 }, behavior: .inclusive) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func whileStopsForGoodAtTheFirstFailingElement() {
            let events = Observable.of(1, 2, 5, 1, 2).take(while: { $0 < 3 }).recordSynchronously()
            #expect(events == [.next(1), .next(2), .completed])
        }

        @Test func whileAsksThePredicateOncePerElementUntilItStops() {
            let calls = Counter()
            let events = Observable.from(1...10).take(while: { element in
                calls.increment()
                return element < 4
            }).recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
            #expect(calls.value == 4)
        }

        @Test func whileAThrowingPredicateEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start {
                source.take(while: { (element: Int) -> Bool in
                    if element == 4 {
                        throw TestError(id: 3)
                    }
                    return true
                })
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(230, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anElementSentReentrantlyAfterTheLastOneIsIgnored() {
            let (received, completions) = feedReentrantly(
                [1, 3],
                through: { $0.take(while: { $0 < 3 }, behavior: .inclusive) },
                reentry: { $0 == 3 ? 1 : nil }
            )
            #expect(received == [1, 3])
            #expect(completions == 1)
        }

        // MARK: RxSwift 5 names

        @Test func theDeprecatedNamesBehaveLikeTheNewOnes() {
            let aliases: any TakeWhileDeprecatedNames = TakeWhileDeprecatedCalls()
            #expect(aliases.takeWhile(Observable.of(1, 2, 3, 1)).recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(aliases.takeUntilInclusive(Observable.of(1, 2, 3, 1)).recordSynchronously() == [.next(1), .next(2), .completed])
        }
    }
}

/// Calls the deprecated RxSwift 5 names through a protocol, so that the tests can use
/// them without a deprecation warning (the build treats warnings as errors).
private protocol TakeWhileDeprecatedNames {
    func takeWhile(_ source: Observable<Int>) -> Observable<Int>
    func takeUntilInclusive(_ source: Observable<Int>) -> Observable<Int>
}

private struct TakeWhileDeprecatedCalls: TakeWhileDeprecatedNames {
    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func takeWhile(_ source: Observable<Int>) -> Observable<Int> {
        source.takeWhile { $0 < 3 }
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func takeUntilInclusive(_ source: Observable<Int>) -> Observable<Int> {
        source.takeUntil(.inclusive) { $0 == 2 }
    }
}
