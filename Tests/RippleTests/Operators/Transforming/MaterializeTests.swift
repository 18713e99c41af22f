import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct MaterializeTests {
        // MARK: materialize

        @Test func turnsElementsAndCompletionIntoElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
            let observer = scheduler.start { source.materialize() }
            #expect(observer.events == [
                .next(210, .next(2)), .next(220, .next(3)), .next(250, .completed), .completed(250),
            ])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func turnsTheErrorIntoAnElementThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .error(250, TestError(id: 1))])
            let observer = scheduler.start { source.materialize() }
            #expect(observer.events == [.next(210, .next(2)), .next(250, .error(TestError(id: 1))), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceGivesOneCompletedElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.materialize() }
            #expect(observer.events == [.next(250, .completed), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
            let observer = scheduler.start(disposed: 215) { source.materialize() }
            #expect(observer.events == [.next(210, .next(2))])
            #expect(source.subscriptions == [Subscription(200, 215)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.materialize() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func anErrorFromASynchronousSourceIsAnElement() {
            let events = Observable<Int>.error(TestError(id: 3)).materialize().recordSynchronously()
            #expect(events == [.next(.error(TestError(id: 3))), .completed])
        }

        // MARK: dematerialize

        @Test func dematerializeTurnsElementsBackIntoEventsUpToACompletedElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, Event.next(41)), .next(210, Event.next(42)), .next(220, Event.next(43)),
                .next(230, Event.completed), .next(240, Event.next(44)),
            ])
            let observer = scheduler.start { source.dematerialize() }
            #expect(observer.events == [.next(210, 42), .next(220, 43), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func dematerializeEndsWithAnErrorElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, Event.next(42)), .next(230, Event<Int>.error(TestError(id: 2))), .next(240, Event.next(44)),
            ])
            let observer = scheduler.start { source.dematerialize() }
            #expect(observer.events == [.next(210, 42), .error(230, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func dematerializePassesTheSourceCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, Event.next(42)), .completed(250)])
            let observer = scheduler.start { source.dematerialize() }
            #expect(observer.events == [.next(210, 42), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func dematerializeForwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, Event.next(42)), .error(250, TestError())])
            let observer = scheduler.start { source.dematerialize() }
            #expect(observer.events == [.next(210, 42), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func dematerializeDisposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, Event.next(42)), .next(220, Event.next(43)), .next(230, Event.completed),
            ])
            let observer = scheduler.start(disposed: 215) { source.dematerialize() }
            #expect(observer.events == [.next(210, 42)])
            #expect(source.subscriptions == [Subscription(200, 215)])
        }

        @Test func dematerializeOfAnEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, Event.next(1)), .completed(250)])
            let observer = scheduler.start { source.dematerialize() }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        // MARK: round trip

        @Test func roundTripGivesACompletingSourceBack() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
            let observer = scheduler.start { source.materialize().dematerialize() }
            #expect(observer.events == [.next(210, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func roundTripGivesAFailingSourceBack() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 3), .error(260, TestError())])
            let observer = scheduler.start { source.materialize().dematerialize() }
            #expect(observer.events == [.next(210, 3), .error(260, TestError())])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func roundTripOfANeverEndingSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable<Int>.never().materialize().dematerialize() }
            #expect(observer.events.isEmpty)
        }
    }
}
