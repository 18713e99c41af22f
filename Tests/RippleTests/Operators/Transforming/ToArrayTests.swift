import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ToArrayTests {
        @Test func sendsEveryElementAsOneArrayAtCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
            ])
            let observer = scheduler.start { source.toArray().asObservable() }
            #expect(observer.events == [.next(250, [2, 3, 4]), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceGivesAnEmptyArray() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.toArray().asObservable() }
            #expect(observer.events == [.next(250, []), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func forwardsTheSourceErrorAndDropsTheElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, TestError())])
            let observer = scheduler.start { source.toArray().asObservable() }
            #expect(observer.events == [.error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingBeforeCompletionSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let observer = scheduler.start(disposed: 260) { source.toArray().asObservable() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
            let observer = scheduler.start { source.toArray().asObservable() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func eachSubscriptionCollectsItsOwnElements() {
            let collected = Observable.of("a", "b").toArray().asObservable()
            #expect(collected.recordSynchronously() == [.next(["a", "b"]), .completed])
            #expect(collected.recordSynchronously() == [.next(["a", "b"]), .completed])
        }

        @Test func collectsALongSynchronousSource() {
            let events = Observable.range(start: 0, count: 50_000).toArray().asObservable().recordSynchronously()
            #expect(events == [.next(Array(0..<50_000)), .completed])
        }
    }
}
