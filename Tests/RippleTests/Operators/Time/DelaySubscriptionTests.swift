import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DelaySubscriptionTests {
        @Test func subscribesAfterTheDueTimeThenPassesEverythingThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(40, 1), .next(55, 2), .completed(70)])
            let observer = scheduler.start { source.delaySubscription(.seconds(25), scheduler: scheduler) }
            #expect(observer.events == [.next(265, 1), .next(280, 2), .completed(295)])
            #expect(source.subscriptions == [Subscription(225, 295)])
        }

        @Test func anErrorPassesThroughUndelayedOnceSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(40, 1), .error(60, TestError(id: 1))])
            let observer = scheduler.start { source.delaySubscription(.seconds(25), scheduler: scheduler) }
            #expect(observer.events == [.next(265, 1), .error(285, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(225, 285)])
        }

        @Test func aHotSourceIsMissedUntilTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(229, 2), .next(230, 3), .next(260, 4), .completed(300),
            ])
            let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
            // The element at 230 was scheduled before the delayed subscription, so it
            // is sent just before the subscription at the same instant, and missed.
            #expect(observer.events == [.next(260, 4), .completed(300)])
            #expect(source.subscriptions == [Subscription(230, 300)])
        }

        @Test func disposingBeforeTheDueTimeNeverSubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let observer = scheduler.start(disposed: 229) {
                source.delaySubscription(.seconds(30), scheduler: scheduler)
            }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions.isEmpty)
        }

        @Test func disposingAfterTheSubscriptionUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(40, 1), .next(60, 2), .completed(80)])
            let observer = scheduler.start(disposed: 270) {
                source.delaySubscription(.seconds(25), scheduler: scheduler)
            }
            #expect(observer.events == [.next(265, 1)])
            #expect(source.subscriptions == [Subscription(225, 270)])
        }

        @Test func aZeroDueTimeSubscribesOneTickLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(0, 1), .next(10, 2), .completed(20)])
            let observer = scheduler.start { source.delaySubscription(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(201, 1), .next(211, 2), .completed(221)])
            #expect(source.subscriptions == [Subscription(201, 221)])
        }

        @Test func anEmptySourceCompletesAfterTheDelay() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createColdObservable([.completed(10)])
            let observer = scheduler.start { source.delaySubscription(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.completed(260)])
            #expect(source.subscriptions == [Subscription(250, 260)])
        }

        @Test func aNeverSourceStaysSubscribedUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createColdObservable([])
            let observer = scheduler.start { source.delaySubscription(.seconds(50), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(250, 1000)])
        }

        @Test func eachSubscriptionWaitsFromItsOwnStart() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, "a"), .completed(10)])
            let delayed = source.delaySubscription(.seconds(20), scheduler: scheduler)
            let first = scheduler.createObserver(String.self)
            let second = scheduler.createObserver(String.self)
            scheduler.scheduleAt(100) { _ = delayed.subscribe(first) }
            scheduler.scheduleAt(150) { _ = delayed.subscribe(second) }
            scheduler.start()
            #expect(first.events == [.next(125, "a"), .completed(130)])
            #expect(second.events == [.next(175, "a"), .completed(180)])
            #expect(source.subscriptions == [Subscription(120, 130), Subscription(170, 180)])
        }

        @Test func disposingWhileTheTimerFiresOnAnotherThreadLeavesNoSubscriptionBehind() {
            for _ in 0..<TimeRace.rounds {
                let timers = TimeRace.ManualTimers()
                let feed = TimeRace.Feed<Int>()
                let subscription = Unchecked(feed.observable
                    .delaySubscription(.seconds(1), scheduler: timers)
                    .subscribe(onNext: { _ in }))
                TimeRace.race({
                    subscription.value.dispose()
                }, {
                    timers.fire()
                })
                timers.fire()
                #expect(feed.subscriptions.value <= 1)
                #expect(feed.disposals.value == feed.subscriptions.value)
                #expect(timers.pendingCount == 0)
            }
        }
    }
}
