import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct IgnoreElementsTests {
        @Test func passesOnlyTheCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
            ])
            let observer = scheduler.start { source.ignoreElements() }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func passesOnlyTheError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError(id: 1))])
            let observer = scheduler.start { source.ignoreElements() }
            #expect(observer.events == [.error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<String> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.ignoreElements() }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSourceThatNeverEndsSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            let observer = scheduler.start { source.ignoreElements() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingMidwayDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.ignoreElements() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func theResultIsAnObservableOfNever() {
            let result: Observable<Never> = Observable.from(1...1000).ignoreElements()
            var completed = false
            _ = result.subscribe(onCompleted: { completed = true })
            #expect(completed)
        }
    }
}
