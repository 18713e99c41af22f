import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SkipWhileTests {
        private static let events: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 1), .next(250, 5), .completed(260),
        ]

        @Test func dropsWhileThePredicateHoldsThenPassesEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.skip(while: { $0 < 4 }) }
            #expect(observer.events == [.next(230, 4), .next(240, 1), .next(250, 5), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func thePredicateIsNotAskedAgainOnceItFails() {
            let calls = Counter()
            let events = Observable.of(1, 2, 5, 1, 2).skip(while: { element in
                calls.increment()
                return element < 3
            }).recordSynchronously()
            #expect(events == [.next(5), .next(1), .next(2), .completed])
            #expect(calls.value == 3)
        }

        @Test func aPredicateThatAlwaysHoldsOnlyCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.skip(while: { _ in true }) }
            #expect(observer.events == [.completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aPredicateThatNeverHoldsPassesEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start { source.skip(while: { _ in false }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 1), .next(250, 5), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func anErrorPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError(id: 1))])
            let observer = scheduler.start { source.skip(while: { $0 < 5 }) }
            #expect(observer.events == [.error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aThrowingPredicateEndsTheSequenceWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start {
                source.skip(while: { (element: Int) -> Bool in
                    if element == 3 {
                        throw TestError(id: 2)
                    }
                    return true
                })
            }
            #expect(observer.events == [.error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events)
            let observer = scheduler.start(disposed: 245) { source.skip(while: { $0 < 3 }) }
            #expect(observer.events == [.next(220, 3), .next(230, 4), .next(240, 1)])
            #expect(source.subscriptions == [Subscription(200, 245)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.skip(while: { _ in true }) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func theDeprecatedNameBehavesLikeTheNewOne() {
            let aliases: any SkipWhileDeprecatedNames = SkipWhileDeprecatedCalls()
            #expect(aliases.skipWhile(Observable.of(1, 2, 3, 1)).recordSynchronously() == [.next(3), .next(1), .completed])
        }
    }
}

/// Calls the deprecated RxSwift 5 name through a protocol, so that the test can use
/// it without a deprecation warning (the build treats warnings as errors).
private protocol SkipWhileDeprecatedNames {
    func skipWhile(_ source: Observable<Int>) -> Observable<Int>
}

private struct SkipWhileDeprecatedCalls: SkipWhileDeprecatedNames {
    @available(*, deprecated, message: "exercises the deprecated name on purpose")
    func skipWhile(_ source: Observable<Int>) -> Observable<Int> {
        source.skipWhile { $0 < 3 }
    }
}
