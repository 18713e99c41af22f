import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DebounceTests {
        @Test func elementsFartherApartThanTheDueTimeAreEachSentAfterIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .completed(300),
            ])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .next(260, 2), .next(290, 3), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aBurstSendsOnlyItsLastElementOnceTheBurstIsOver() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(215, 2), .next(225, 3),
                .next(260, 4), .next(275, 5), .next(290, 6),
                .completed(400),
            ])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(245, 3), .next(310, 6), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func completionSendsTheWaitingElementFirstThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(260)])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .next(260, 2), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func anErrorIsForwardedAtOnceAndTheWaitingElementIsDropped() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, TestError())])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .error(260, TestError())])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func disposingCancelsTheWaitingElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(400)])
            let observer = scheduler.start(disposed: 260) { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func anElementArrivingOnTheTickItsPredecessorIsDueReplacesIt() {
            // The source's event at 230 was scheduled before the timer started at 210,
            // so it runs first on that tick and restarts the timer: 1 is never sent.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(250, 2), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func withZeroDueTimeTheLastElementOfATickIsSentOneTickLater() {
            // A timer due now runs at the next tick (the test scheduler's processing delay).
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(210, 2), .next(220, 3), .completed(230),
            ])
            let observer = scheduler.start { source.debounce(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(211, 2), .next(221, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func withZeroDueTimeACompletionOnTheSameTickFlushesTheElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(210)])
            let observer = scheduler.start { source.debounce(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func aColdSourceIsDebouncedFromTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(30, 2), .next(60, 3), .completed(70),
            ])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(250, 2), .next(270, 3), .completed(270)])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .completed(300)])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0)])
            let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func timersOnOtherThreadsNeverOverlapOrReorderWhatIsSent() {
            expectTimersOnOtherThreadsKeepTheGrammar { source, scheduler in
                source.debounce(.microseconds(50), scheduler: scheduler)
            } check: { elements, count in
                #expect(elements == elements.sorted() && Set(elements).count == elements.count)
                #expect(elements.last == count - 1)
            }
        }
    }
}
