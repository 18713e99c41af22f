import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ShareReplayScopeTests {
        @Test func shareSharesOneSubscriptionAndStartsOverAfterCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
            let shared = source.share()
            let (first, second, third) = scheduler.startObservers(of: shared, (200, 1000), (215, 1000), (300, 1000))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            #expect(second.events == [.next(220, 2), .next(230, 3), .completed(240)])
            #expect(third.events == [.next(310, 1), .next(320, 2), .next(330, 3), .completed(340)])
            #expect(source.subscriptions == [Subscription(200, 240), Subscription(300, 340)])
        }

        @Test func shareDisconnectsWhenTheLastObserverLeaves() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5), .next(270, 7),
            ])
            let shared = source.share()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            scheduler.scheduleSubscription(first, to: shared, at: 205, disposedAt: 225)
            scheduler.scheduleSubscription(second, to: shared, at: 215, disposedAt: 235)
            scheduler.scheduleSubscription(second, to: shared, at: 240, disposedAt: 260)
            scheduler.start()
            #expect(first.events == [.next(210, 1), .next(220, 2)])
            #expect(second.events == [.next(220, 2), .next(230, 3), .next(250, 5)])
            #expect(source.subscriptions == [Subscription(205, 235), Subscription(240, 260)])
        }

        @Test func shareForwardsAnErrorAndStartsOverAfterIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
            let shared = source.share(replay: 1)
            let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
            #expect(observer.events == [
                .next(210, 1), .error(220, TestError(id: 1)), .next(310, 1), .error(320, TestError(id: 1)),
            ])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
        }

        @Test func shareOfAnEmptySourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.share(replay: 1) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func shareReplayOneGivesALateObserverTheLatestElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5)])
            let shared = source.share(replay: 1)
            let (first, second) = scheduler.startObservers(of: shared, (200, 260), (225, 260))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5)])
            #expect(second.events == [.next(225, 2), .next(230, 3), .next(250, 5)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func whileConnectedForgetsTheReplayWhenEveryoneLeft() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5)])
            let shared = source.share(replay: 1, scope: .whileConnected)
            let (first, second) = scheduler.startObservers(of: shared, (200, 235), (240, 260))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(second.events == [.next(250, 5)])
            #expect(source.subscriptions == [Subscription(200, 235), Subscription(240, 260)])
        }

        @Test func foreverKeepsTheReplayWhenEveryoneLeft() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5)])
            let shared = source.share(replay: 1, scope: .forever)
            let (first, second) = scheduler.startObservers(of: shared, (200, 235), (240, 260))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(second.events == [.next(240, 3), .next(250, 5)])
            #expect(source.subscriptions == [Subscription(200, 235), Subscription(240, 260)])
        }

        @Test func whileConnectedStartsOverAfterCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(25, 3), .completed(30)])
            let shared = source.share(replay: 2, scope: .whileConnected)
            let (first, second) = scheduler.startObservers(of: shared, (200, 1000), (300, 1000))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(225, 3), .completed(230)])
            #expect(second.events == [.next(310, 1), .next(320, 2), .next(325, 3), .completed(330)])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
        }

        @Test func foreverReplaysAndEndsAtOnceAfterCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(25, 3), .completed(30)])
            let shared = source.share(replay: 2, scope: .forever)
            let (first, second) = scheduler.startObservers(of: shared, (200, 1000), (300, 1000))
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(225, 3), .completed(230)])
            #expect(second.events == [.next(300, 2), .next(300, 3), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func foreverReplaysAndFailsAtOnceAfterAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 2))])
            let shared = source.share(replay: 1, scope: .forever)
            let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
            #expect(observer.events == [
                .next(210, 1), .error(220, TestError(id: 2)), .next(300, 1), .error(300, TestError(id: 2)),
            ])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func foreverWithoutReplaySendsOnlyTheEndAfterCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = source.share(scope: .forever)
            let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
            #expect(observer.events == [.next(210, 1), .completed(220), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func resubscribingOnCompletionStartsANewConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = source.share(replay: 1)
            let observer = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(200) {
                bag.append(shared.do(onCompleted: { bag.append(shared.subscribe(observer)) }).subscribe(observer))
            }
            scheduler.scheduleAt(1000) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(observer.events == [.next(210, 1), .completed(220), .next(230, 1), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        }

        @Test func aNegativeReplayFailsEachObserver() {
            let source = Observable<Int>.never()
            for scope in [SubjectLifetimeScope.whileConnected, .forever] {
                let events = source.share(replay: -1, scope: scope).recordSynchronously()
                #expect(events == [Recorded(Event<Int>.error(RxError.argumentOutOfRange))])
            }
        }

        @Test func concurrentObserversOfShareKeepOneConnection() {
            for replay in [0, 1, 3] {
                let probe = ConnectionProbe()
                let shared = probe.makeSource().share(replay: replay)
                let keeper = shared.subscribe(onNext: { _ in })
                churn(shared)
                #expect(probe.made == 1)
                #expect(probe.open == 1)
                keeper.dispose()
                #expect(probe.open == 0)
                churn(shared)
                #expect(probe.open == 0)
            }
        }

        @Test func concurrentObserversReceiveEveryElementOnce() {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            let received = Counter()
            let keeper = shared.subscribe(onNext: { _ in received.increment() })
            let box = Unchecked((subject, shared))
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 0 {
                    for element in 0..<3000 {
                        box.value.0.onNext(element)
                    }
                } else {
                    for _ in 0..<1000 {
                        box.value.1.subscribe(onNext: { _ in }).dispose()
                    }
                }
            }
            #expect(received.value == 3000)
            keeper.dispose()
            #expect(!subject.hasObservers)
        }
    }
}
