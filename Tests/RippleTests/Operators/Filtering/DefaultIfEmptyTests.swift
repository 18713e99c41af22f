import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DefaultIfEmptyTests {
        @Test func aSourceWithElementsPassesThroughUnchanged() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
            let observer = scheduler.start { source.ifEmpty(default: 99) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceGivesTheDefault() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.ifEmpty(default: 99) }
            #expect(observer.events == [.next(250, 99), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorPassesThroughWithoutTheDefault() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.error(230, TestError(id: 1))])
            let observer = scheduler.start { source.ifEmpty(default: 99) }
            #expect(observer.events == [.error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.ifEmpty(default: 99) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.ifEmpty(default: 99) }
            #expect(observer.events == [.next(210, 2)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func worksOnSynchronousSources() {
            #expect(Observable<String>.empty().ifEmpty(default: "none").recordSynchronously() == [.next("none"), .completed])
            #expect(Observable.of("a").ifEmpty(default: "none").recordSynchronously() == [.next("a"), .completed])
        }
    }
}
