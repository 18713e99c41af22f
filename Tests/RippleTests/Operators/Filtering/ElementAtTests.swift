import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ElementAtTests {
        private static let events: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 0), .next(210, 10), .next(220, 11), .next(230, 12), .next(240, 13),
        ]

        @Test func sendsTheElementAtTheIndexThenCompletesAndDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.element(at: 2) }
            #expect(observer.events == [.next(230, 12), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func indexZeroIsTheFirstElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.element(at: 0) }
            #expect(observer.events == [.next(210, 10), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func aSourceThatCompletesTooSoonFailsWithArgumentOutOfRange() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.element(at: 4) }
            #expect(observer.events == [.error(300, RxError.argumentOutOfRange)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anEmptySourceFailsWithArgumentOutOfRange() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.element(at: 0) }
            #expect(observer.events == [.error(250, RxError.argumentOutOfRange)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorBeforeTheIndexPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.element(at: 10) }
            #expect(observer.events == [.error(300, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorAfterTheIndexIsNeverSeen() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.element(at: 1) }
            #expect(observer.events == [.next(220, 11), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingBeforeTheIndexSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start(disposed: 225) { source.element(at: 3) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func aNegativeIndexFailsAtSubscriptionWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.element(at: -1) }
            #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func stopsAnEndlessSynchronousSource() {
            #expect(Observable.repeatElement("x").element(at: 3).recordSynchronously() == [.next("x"), .completed])
        }

        @Test func anElementSentReentrantlyAfterTheWantedOneIsIgnored() {
            let (received, completions) = feedReentrantly([1, 2], through: { $0.element(at: 1) }, reentry: { $0 + 1 })
            #expect(received == [2])
            #expect(completions == 1)
        }
    }
}
