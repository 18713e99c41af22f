import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TakeLastTests {
        @Test func sendsTheLastElementsWhenTheSourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
            ])
            let observer = scheduler.start { source.takeLast(2) }
            #expect(observer.events == [.next(250, 3), .next(250, 4), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aShortSourceHasAllItsElementsSent() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start { source.takeLast(5) }
            #expect(observer.events == [.next(250, 1), .next(250, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func takeLastZeroOnlyCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start { source.takeLast(0) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorPassesThroughAndDropsTheKeptElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(240, TestError(id: 1))])
            let observer = scheduler.start { source.takeLast(2) }
            #expect(observer.events == [.error(240, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func disposingBeforeTheEndSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.takeLast(2) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.takeLast(3) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start { source.takeLast(3) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aNegativeCountFailsAtSubscriptionWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let observer = scheduler.start { source.takeLast(-2) }
            #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func keepsTheLatestElementsInOrderAfterTheRingWrapsAround() {
            #expect(Observable.from(1...10).takeLast(3).recordSynchronously() == [.next(8), .next(9), .next(10), .completed])
            #expect(Observable.from(1...9).takeLast(3).recordSynchronously() == [.next(7), .next(8), .next(9), .completed])
            #expect(Observable.from(1...1000).takeLast(1).recordSynchronously() == [.next(1000), .completed])
        }

        @Test func aHugeCountKeepsOnlyWhatArrives() {
            #expect(Observable.of(1, 2, 3).takeLast(Int.max).recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func disposingWhileTheKeptElementsAreSentStopsThem() {
            var feed: AnyObserver<Int>?
            let source = Observable<Int>.create { observer in
                feed = observer
                return Disposables.create()
            }
            var received: [Int] = []
            var completed = false
            var subscription: Disposable?
            subscription = source.takeLast(3).subscribe(
                onNext: { element in
                    received.append(element)
                    subscription?.dispose()
                },
                onCompleted: { completed = true }
            )
            for element in 1...4 {
                feed?.onNext(element)
            }
            feed?.onCompleted()
            #expect(received == [2])
            #expect(!completed)
        }
    }
}
