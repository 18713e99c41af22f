import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct FilterTests {
        @Test func sendsOnlyTheElementsThatPass() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            let observer = scheduler.start { source.filter { $0.isMultiple(of: 2) } }
            #expect(observer.events == [.next(210, 2), .next(230, 4), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError(id: 1))])
            let observer = scheduler.start { source.filter { $0.isMultiple(of: 2) } }
            #expect(observer.events == [.next(210, 2), .error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 4), .next(240, 6), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.filter { $0 > 0 } }
            #expect(observer.events == [.next(210, 2), .next(220, 4)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.filter { _ in true } }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.filter { _ in true } }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aThrowingPredicateEndsTheSequenceWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 6), .completed(250),
            ])
            let calls = Counter()
            let observer = scheduler.start {
                source.filter { element in
                    calls.increment()
                    if element == 4 {
                        throw TestError(id: 2)
                    }
                    return true
                }
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(230, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(calls.value == 3)
        }

        @Test func filtersASynchronousSource() {
            let events = Observable.from(1...10).filter { $0 % 3 == 0 }.recordSynchronously()
            #expect(events == [.next(3), .next(6), .next(9), .completed])
        }

        @Test func chainedFiltersEachApply() {
            let events = Observable.from(1...20).filter { $0.isMultiple(of: 2) }.filter { $0.isMultiple(of: 5) }.recordSynchronously()
            #expect(events == [.next(10), .next(20), .completed])
        }
    }
}
