import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SingleElementTests {
        @Test func anOnlyElementIsSentAtOnceThenTheCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
            let observer = scheduler.start { source.single() }
            #expect(observer.events == [.next(210, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceFailsWithNoElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.single() }
            #expect(observer.events == [.error(250, RxError.noElements)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSecondElementFailsWithMoreThanOneElementAndDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
            let observer = scheduler.start { source.single() }
            #expect(observer.events == [.next(210, 2), .error(220, RxError.moreThanOneElement)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func anErrorPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.error(210, TestError(id: 1))])
            let observer = scheduler.start { source.single() }
            #expect(observer.events == [.error(210, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.single() }
            #expect(observer.events == [.next(210, 2)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func withAPredicateOnlyMatchingElementsCount() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
            let observer = scheduler.start { source.single { $0.isMultiple(of: 2) } }
            #expect(observer.events == [.next(220, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func withAPredicateASecondMatchFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
            let observer = scheduler.start { source.single { $0.isMultiple(of: 2) } }
            #expect(observer.events == [.next(210, 2), .error(230, RxError.moreThanOneElement)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func withAPredicateNoMatchFailsWithNoElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .completed(250)])
            let observer = scheduler.start { source.single { $0.isMultiple(of: 2) } }
            #expect(observer.events == [.error(250, RxError.noElements)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingPredicateEndsTheSequenceWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start {
                source.single { (element: Int) -> Bool in
                    if element == 2 {
                        throw TestError(id: 2)
                    }
                    return true
                }
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func worksOnSynchronousSources() {
            #expect(Observable.just(5).single().recordSynchronously() == [.next(5), .completed])
            #expect(Observable<Int>.empty().single().recordSynchronously() == [.error(String(describing: RxError.noElements))])
            #expect(Observable.from(1...1000).single().recordSynchronously() == [.next(1), .error(String(describing: RxError.moreThanOneElement))])
        }
    }
}
