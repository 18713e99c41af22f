import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct AmbTests {
        @Test func theLeftSequenceWinsByReactingFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let right = scheduler.createColdObservable([.next(15, 10), .completed(40)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(left.subscriptions == [Subscription(200, 230)])
            #expect(right.subscriptions == [Subscription(200, 210)])
        }

        @Test func theRightSequenceWinsByReactingFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(25, 1), .completed(30)])
            let right = scheduler.createColdObservable([.next(15, 10), .next(35, 20), .completed(40)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events == [.next(215, 10), .next(235, 20), .completed(240)])
            #expect(left.subscriptions == [Subscription(200, 215)])
            #expect(right.subscriptions == [Subscription(200, 240)])
        }

        @Test func aCompletionCanWinTheRace() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.completed(5, Int.self)])
            let right = scheduler.createColdObservable([.next(10, 10), .completed(40)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events == [.completed(205)])
            #expect(left.subscriptions == [Subscription(200, 205)])
            #expect(right.subscriptions == [Subscription(200, 205)])
        }

        @Test func anErrorCanWinTheRace() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(10, 1), .completed(30)])
            let right = scheduler.createColdObservable([.error(5, TestError(id: 2), Int.self)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events == [.error(205, TestError(id: 2))])
            #expect(left.subscriptions == [Subscription(200, 205)])
            #expect(right.subscriptions == [Subscription(200, 205)])
        }

        @Test func theWinnersErrorEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
            let right = scheduler.createColdObservable([.next(15, 10), .completed(40)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 1))])
            #expect(left.subscriptions == [Subscription(200, 220)])
            #expect(right.subscriptions == [Subscription(200, 210)])
        }

        @Test func twoSilentSequencesStaySilent() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createHotObservable([.next(150, 1)])
            let right = scheduler.createHotObservable([.next(160, 2)])
            let observer = scheduler.start { left.amb(right) }
            #expect(observer.events.isEmpty)
            #expect(left.subscriptions == [Subscription(200, 1000)])
            #expect(right.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingBeforeTheRaceIsDecidedDisposesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(100, 1), .completed(130)])
            let right = scheduler.createColdObservable([.next(150, 10), .completed(140)])
            let observer = scheduler.start(disposed: 250) { left.amb(right) }
            #expect(observer.events.isEmpty)
            #expect(left.subscriptions == [Subscription(200, 250)])
            #expect(right.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingAfterTheRaceDisposesTheWinner() {
            let scheduler = TestScheduler(initialClock: 0)
            let left = scheduler.createColdObservable([.next(10, 1), .next(60, 2), .completed(130)])
            let right = scheduler.createColdObservable([.next(20, 10), .completed(140)])
            let observer = scheduler.start(disposed: 250) { left.amb(right) }
            #expect(observer.events == [.next(210, 1)])
            #expect(left.subscriptions == [Subscription(200, 250)])
            #expect(right.subscriptions == [Subscription(200, 210)])
        }

        @Test func theStaticAmbRacesAllSourcesAndDisposesTheLosers() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(30, 1), .completed(40)])
            let b = scheduler.createColdObservable([.next(20, 2), .next(50, 3), .completed(60)])
            let c = scheduler.createColdObservable([.next(25, 4), .completed(30)])
            let observer = scheduler.start { Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()]) }
            #expect(observer.events == [.next(220, 2), .next(250, 3), .completed(260)])
            #expect(a.subscriptions == [Subscription(200, 220)])
            #expect(b.subscriptions == [Subscription(200, 260)])
            #expect(c.subscriptions == [Subscription(200, 220)])
        }

        @Test func theStaticAmbOfOneSourceMirrorsIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(30, 1), .completed(40)])
            let observer = scheduler.start { Observable.amb(AnySequence([a.asObservable()])) }
            #expect(observer.events == [.next(230, 1), .completed(240)])
            #expect(a.subscriptions == [Subscription(200, 240)])
        }

        @Test func theStaticAmbOfNoSourcesNeverSendsAnything() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable<Int>.amb([]) }
            #expect(observer.events.isEmpty)
        }

        @Test func aSourceWinningDuringSubscriptionStillLetsTheOthersBeSubscribedAndDisposed() {
            // As in RxSwift: every source is subscribed, and a loser's subscription is
            // disposed at once.
            let loser = ManualSource<Int>()
            let events = Observable.just(1).amb(loser.observable).recordSynchronously()
            #expect(events == [.next(1), .completed])
            #expect(loser.subscriptions.value == 1)
            #expect(loser.disposals.value == 1)
            loser.release()
        }

        @Test func synchronousSourcesRaceInTrampolineOrder() {
            // Both `of`s queue their first step during subscription; the first queued
            // sends first and wins.
            #expect(Observable.of(1, 2).amb(Observable.of(10, 20)).recordSynchronously()
                == [.next(1), .next(2), .completed])
            #expect(Observable.amb([Observable.never(), Observable.of(10, 20), Observable.of(1)]).recordSynchronously()
                == [.next(10), .next(20), .completed])
        }
    }
}
