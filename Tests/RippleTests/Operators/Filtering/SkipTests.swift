import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SkipTests {
        private static let events: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        ]

        @Test func dropsTheFirstElementsThenPassesTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.skip(2) }
            #expect(observer.events == [.next(230, 3), .next(240, 4), .next(250, 5), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func skippingMoreThanThereIsOnlyCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.skip(20) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func skippingExactlyAllOnlyCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.skip(5) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func skipZeroPassesEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.skip(0) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorWhileSkippingPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.skip(20) }
            #expect(observer.events == [.error(300, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorAfterSkippingPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.skip(4) }
            #expect(observer.events == [.next(250, 5), .error(300, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start(disposed: 235) { source.skip(1) }
            #expect(observer.events == [.next(220, 2), .next(230, 3)])
            #expect(source.subscriptions == [Subscription(200, 235)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.skip(3) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aNegativeCountFailsAtSubscriptionWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.skip(-1) }
            #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func skipsASynchronousSource() {
            #expect(Observable.from(1...5).skip(3).recordSynchronously() == [.next(4), .next(5), .completed])
        }
    }
}
