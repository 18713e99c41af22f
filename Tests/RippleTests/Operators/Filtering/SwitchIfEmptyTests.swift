import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SwitchIfEmptyTests {
        private static let otherEvents: [RippleTest.Recorded<Event<Int>>] = [
            .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .completed(50),
        ]

        @Test func aSourceWithElementsNeverSubscribesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(205, 1), .completed(210)])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.next(205, 1), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func anErrorAfterElementsPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(205, 1), .error(210, TestError(id: 1))])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.next(205, 1), .error(210, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func anErrorOfAnEmptySourcePassesThroughWithoutSwitching() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.error(210, TestError(id: 1))])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.error(210, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func anEmptySourceSwitchesToTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.next(220, 0), .next(230, 1), .next(240, 2), .next(250, 3), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [Subscription(210, 260)])
        }

        @Test func anErrorOfTheOtherPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let other = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .error(30, TestError(id: 2))])
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.next(220, 0), .next(230, 1), .error(240, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [Subscription(210, 240)])
        }

        @Test func anEmptyOtherJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let other: TestableObservable<Int> = scheduler.createColdObservable([.completed(30)])
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.completed(240)])
            #expect(other.subscriptions == [Subscription(210, 240)])
        }

        @Test func aSilentSourceNeverSwitches() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(0, 0)])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func disposingAfterTheSwitchDisposesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let other = scheduler.createColdObservable(Self.otherEvents)
            let observer = scheduler.start(disposed: 235) { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(observer.events == [.next(220, 0), .next(230, 1)])
            #expect(other.subscriptions == [Subscription(210, 235)])
        }

        @Test func worksOnSynchronousSources() {
            #expect(Observable<Int>.empty().ifEmpty(switchTo: .of(1, 2)).recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(Observable.of(7).ifEmpty(switchTo: .of(1, 2)).recordSynchronously() == [.next(7), .completed])
            #expect(Observable<Int>.empty().ifEmpty(switchTo: .empty()).recordSynchronously() == [.completed])
        }
    }
}
