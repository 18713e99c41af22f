import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ThrottleTests {
        @Test func theFirstElementGoesAtOnceAndTheLatestOfEachWindowAtItsEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(230, 2), .next(260, 3), .next(400, 4), .completed(500),
            ])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            // 2 is replaced by 3, sent when the window opened at 210 ends; 4 comes 90
            // after that and waits the 10 left.
            #expect(observer.events == [.next(210, 1), .next(310, 3), .next(410, 4), .completed(500)])
            #expect(source.subscriptions == [Subscription(200, 500)])
        }

        @Test func completionWaitsForTheKeptElementAndComesWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(260)])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(310, 2), .completed(310)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func completionWithNothingKeptIsForwardedAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anElementOnTheTickTheWindowEndsIsSentAndTheKeptOneDropped() {
            // The source's event at 310 runs before the timer started at 250: the
            // window is over, so 3 goes at once and replaces the kept 2.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(310, 3), .completed(400)])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(310, 3), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func withoutLatestElementsInsideTheWindowAreDropped() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(250, 2), .next(290, 3), .next(320, 4), .next(350, 5), .completed(400),
            ])
            let observer = scheduler.start { source.throttle(.seconds(100), latest: false, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(320, 4), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func withoutLatestCompletionIsNeverDelayed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(260)])
            let observer = scheduler.start { source.throttle(.seconds(100), latest: false, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func anErrorIsForwardedAtOnceAndTheKeptElementDropped() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, TestError())])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .error(260, TestError())])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func disposingCancelsTheKeptElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(400)])
            let observer = scheduler.start(disposed: 300) { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func zeroDueTimeLetsEveryElementThroughAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(210, 2), .next(220, 3), .completed(230),
            ])
            let observer = scheduler.start { source.throttle(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aBurstOnOneTickSendsItsFirstAtOnceAndItsLastAtTheWindowEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(210, 2), .next(210, 3), .completed(500),
            ])
            let observer = scheduler.start { source.throttle(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(260, 3), .completed(500)])
            #expect(source.subscriptions == [Subscription(200, 500)])
        }

        @Test func theWindowAfterAKeptElementStartsWhenItIsSent() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(270, 3), .next(300, 4), .completed(500),
            ])
            let observer = scheduler.start { source.throttle(.seconds(50), scheduler: scheduler) }
            // 2 is sent at 260; 3 then waits until 310, and 4 replaces it.
            #expect(observer.events == [.next(210, 1), .next(260, 2), .next(310, 4), .completed(500)])
            #expect(source.subscriptions == [Subscription(200, 500)])
        }

        @Test func aColdSourceIsThrottledFromItsFirstElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .next(15, 2), .next(25, 3), .completed(30)])
            let observer = scheduler.start { source.throttle(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(205, 1), .next(225, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .completed(300)])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0)])
            let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func timersOnOtherThreadsNeverOverlapOrReorderWhatIsSent() {
            expectTimersOnOtherThreadsKeepTheGrammar { source, scheduler in
                source.throttle(.microseconds(50), scheduler: scheduler)
            } check: { elements, count in
                #expect(elements == elements.sorted() && Set(elements).count == elements.count)
                #expect(elements.first == 0)
                #expect(elements.last == count - 1)
            }
        }
    }
}
