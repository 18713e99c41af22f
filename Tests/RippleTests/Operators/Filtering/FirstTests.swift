import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct FirstTests {
        @Test func sendsTheFirstElementThenCompletesAndDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
            let observer = scheduler.start { source.first().asObservable() }
            #expect(observer.events == [.next(210, Optional(2)), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func anEmptySourceGivesNil() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.first().asObservable() }
            #expect(observer.events == [.next(250, nil), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorBeforeTheFirstElementPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.error(230, TestError(id: 1))])
            let observer = scheduler.start { source.first().asObservable() }
            #expect(observer.events == [.error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.first().asObservable() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingBeforeTheFirstElementSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(240, 1), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.first().asObservable() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func stopsAnEndlessSynchronousSource() {
            #expect(Observable.repeatElement(3).first().asObservable().recordSynchronously() == [.next(3), .completed])
        }

        @Test func anOptionalSourceGivesADoubleOptional() {
            let events = Observable<Int?>.of(nil, 1).first().asObservable().recordSynchronously()
            #expect(events == [.next(.some(nil)), .completed])
        }
    }
}
