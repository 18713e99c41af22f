import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SkipTimeTests {
        @Test func dropsElementsDuringTheDurationThenPassesTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(225, 2), .next(240, 3), .next(260, 4), .completed(280),
            ])
            let observer = scheduler.start { source.skip(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(240, 3), .next(260, 4), .completed(280)])
            #expect(source.subscriptions == [Subscription(200, 280)])
        }

        @Test func aZeroDurationPassesElementsFromTheNextTickOn() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { source.skip(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aZeroDurationStillDropsAnElementSentAtTheSubscriptionInstant() {
            // The gate opens one tick after the subscription, on TestScheduler.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(0, 1), .next(10, 2), .completed(20)])
            let observer = scheduler.start { source.skip(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 2), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aCompletionDuringTheDurationPassesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anErrorDuringTheDurationPassesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 3))])
            let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.error(220, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aHotElementAtTheLastInstantIsStillDropped() {
            // The hot element was scheduled when the source was created, before the
            // timer, so at 250 it comes while the gate is still closed.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(250, 1), .next(251, 2)])
            let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(251, 2)])
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aColdElementAtTheLastInstantPasses() {
            // The timer is scheduled before subscribing, so at 250 it opens the gate
            // before the cold element scheduled by the subscription arrives.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(49, 1), .next(50, 2), .completed(60)])
            let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(250, 2), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func disposingStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(240, 1), .next(255, 2), .next(270, 3)])
            let observer = scheduler.start(disposed: 260) { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(255, 2)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func disposingBeforeTheGateOpensSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(240, 1), .next(255, 2)])
            let observer = scheduler.start(disposed: 245) { source.skip(.seconds(50), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 245)])
        }

        @Test func theGateOpeningOnAnotherThreadLetsThroughAnUnbrokenTail() {
            TimeRace.timerFiresWhileFiftyElementsArrive { source, timers in
                source.skip(.seconds(1), scheduler: timers)
            } check: { probe, _ in
                let elements = probe.elements
                #expect(elements == Array((50 - elements.count)..<50))
                #expect(probe.completedOnce)
                #expect(probe.overlaps == 0)
            }
        }
    }
}
