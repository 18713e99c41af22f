import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TakeTimeTests {
        @Test func passesElementsUntilTheDurationThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(205, 1), .next(215, 2), .next(235, 3), .completed(260),
            ])
            let observer = scheduler.start { source.take(for: .seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(205, 1), .next(215, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aSourceThatCompletesFirstCompletesTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { source.take(for: .seconds(60), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anErrorBeforeTheDurationPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 2))])
            let observer = scheduler.start { source.take(for: .seconds(60), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aZeroDurationCompletesOneTickAfterSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
            let observer = scheduler.start { source.take(for: .seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.completed(201)])
            #expect(source.subscriptions == [Subscription(200, 201)])
        }

        @Test func aSilentSourceCompletesAtTheEndOfTheDuration() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            let observer = scheduler.start { source.take(for: .seconds(40), scheduler: scheduler) }
            #expect(observer.events == [.completed(240)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func anEmptySourceCompletesWhenItDoes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createColdObservable([.completed(5)])
            let observer = scheduler.start { source.take(for: .seconds(40), scheduler: scheduler) }
            #expect(observer.events == [.completed(205)])
            #expect(source.subscriptions == [Subscription(200, 205)])
        }

        @Test func aHotElementAtTheLastInstantStillPasses() {
            // The hot element was scheduled when the source was created, before the
            // timer, so at 250 it comes first.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(260, 3)])
            let observer = scheduler.start { source.take(for: .seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(250, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aColdElementAtTheLastInstantIsCutOff() {
            // The timer is scheduled before subscribing, so at 250 it comes before the
            // cold element scheduled by the subscription.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
            let observer = scheduler.start { source.take(for: .seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingBeforeTheDurationStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let observer = scheduler.start(disposed: 230) { source.take(for: .seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func theShorterOfTwoChainedDurationsWins() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(270),
            ])
            let observer = scheduler.start {
                source.take(for: .seconds(45), scheduler: scheduler).take(for: .seconds(25), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(225)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func aTimerOnAnotherThreadCompletesOnceAfterTheElementInFlight() {
            TimeRace.timerFiresWhileFiftyElementsArrive { source, timers in
                source.take(for: .seconds(1), scheduler: timers)
            } check: { probe, feed in
                let elements = probe.elements
                #expect(elements == Array(0..<elements.count))
                #expect(probe.completedOnce)
                #expect(probe.overlaps == 0)
                #expect(feed.disposals.value == 1)
            }
        }
    }
}
