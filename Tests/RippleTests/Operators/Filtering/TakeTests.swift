import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TakeTests {
        private static let events: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        ]

        @Test func completesAtTheLastWantedElementAndDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.take(3) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func exactlyAsManyElementsAsWantedCompletesAtTheLastOne() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.take(5) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aShortSourceCompletesWhenItDoes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.take(10) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorBeforeTheCountPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.take(10) }
            #expect(observer.events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .error(300, TestError(id: 1)),
            ])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorAfterTheCountIsNeverSeen() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.error(300, TestError(id: 1))])
            let observer = scheduler.start { source.take(2) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start(disposed: 225) { source.take(3) }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func disposingAfterTheEndChangesNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start(disposed: 400) { source.take(1) }
            #expect(observer.events == [.next(210, 1), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.take(3) }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func takeZeroCompletesAtOnceWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.take(0) }
            #expect(observer.events == [.completed(200)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func aNegativeCountFailsAtSubscriptionWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.events + [.completed(300)])
            let observer = scheduler.start { source.take(-1) }
            #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func stopsAnEndlessSynchronousSource() {
            // Disposing the source at the count is what ends `repeatElement`.
            let events = Observable.repeatElement(7).take(3).recordSynchronously()
            #expect(events == [.next(7), .next(7), .next(7), .completed])
        }

        @Test func countsAnElementBeforeForwardingIt() {
            // The observer makes the source send again from inside `onNext`: the
            // nested element is the second and last one, and the outer call must not
            // complete a second time.
            let (received, completions) = feedReentrantly([1, 2], through: { $0.take(2) }, reentry: { $0 < 10 ? $0 + 10 : nil })
            #expect(received == [1, 11])
            #expect(completions == 1)
        }
    }
}
