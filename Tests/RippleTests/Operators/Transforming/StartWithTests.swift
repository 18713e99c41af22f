import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct StartWithTests {
        @Test func sendsTheElementsAtSubscriptionThenTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(230, 3), .completed(250)])
            let observer = scheduler.start { source.startWith(7, 8, 9) }
            #expect(observer.events == [
                .next(200, 7), .next(200, 8), .next(200, 9), .next(220, 2), .next(230, 3), .completed(250),
            ])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func noElementsIsTheSourceItself() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(220, 2), .completed(250)])
            let observer = scheduler.start { source.startWith() }
            #expect(observer.events == [.next(220, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(220, 2), .error(250, TestError())])
            let observer = scheduler.start { source.startWith(1) }
            #expect(observer.events == [.next(200, 1), .next(220, 2), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(220, 2), .next(230, 3), .completed(250)])
            let observer = scheduler.start(disposed: 225) { source.startWith(1) }
            #expect(observer.events == [.next(200, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func anEmptySourceSendsTheElementsThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .completed(250)])
            let observer = scheduler.start { source.startWith(1, 2) }
            #expect(observer.events == [.next(200, 1), .next(200, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aColdSourceIsSubscribedAfterTheElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let observer = scheduler.start { source.startWith(1) }
            #expect(observer.events == [.next(200, 1), .next(210, 2), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func chainedStartWithsPutTheLastOneFirst() {
            let events = Observable.of(3).startWith(2).startWith(0, 1).recordSynchronously()
            #expect(events == [.next(0), .next(1), .next(2), .next(3), .completed])
        }

        @Test func eachSubscriptionGetsTheElementsAgain() {
            let sequence = Observable.of(3, 4).startWith(1, 2)
            #expect(sequence.recordSynchronously() == [.next(1), .next(2), .next(3), .next(4), .completed])
            #expect(sequence.recordSynchronously() == [.next(1), .next(2), .next(3), .next(4), .completed])
        }
    }
}
