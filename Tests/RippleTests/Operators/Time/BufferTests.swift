import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct BufferTests {
        @Test func arraysGoOutWhenFullOrWhenTheTimeSpanEnds() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3),
                .next(260, 4), .next(330, 5), .next(340, 6), .completed(420),
            ])
            let observer = scheduler.start { source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
            // Full at 230, which restarts the span (the one due at 250 never ends);
            // then spans end at 280, 330 (after the element of that tick), 380.
            #expect(observer.events == [
                .next(230, [1, 2, 3]), .next(280, [4]), .next(330, [5]), .next(380, [6]),
                .next(420, []), .completed(420),
            ])
            #expect(source.subscriptions == [Subscription(200, 420)])
        }

        @Test func spansWithoutElementsSendEmptyArrays() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .completed(330)])
            let observer = scheduler.start { source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
            #expect(observer.events == [.next(250, []), .next(300, []), .next(330, []), .completed(330)])
            #expect(source.subscriptions == [Subscription(200, 330)])
        }

        @Test func completionSendsTheArrayBeingFilledThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
            #expect(observer.events == [.next(230, [1, 2]), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anErrorIsForwardedAtOnceAndTheArrayBeingFilledDropped() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .error(270, TestError())])
            let observer = scheduler.start { source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler) }
            #expect(observer.events == [.next(250, [1]), .error(270, TestError())])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func disposingStopsTheTimerAndTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(400),
            ])
            let observer = scheduler.start(disposed: 275) {
                source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            #expect(observer.events == [.next(230, [1, 2, 3])])
            #expect(source.subscriptions == [Subscription(200, 275)])
        }

        @Test func aCountOfOneSendsEachElementAtOnceAndRestartsTheSpan() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            let observer = scheduler.start { source.buffer(timeSpan: .seconds(50), count: 1, scheduler: scheduler) }
            #expect(observer.events == [
                .next(210, [1]), .next(215, [2]), .next(265, []), .next(300, []), .completed(300),
            ])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func zeroTimeSpanEndsASpanEveryTick() {
            // A span due now ends at the next tick (the test scheduler's processing
            // delay); the source's element at 202 comes before the span ending then.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(202, 1)])
            let observer = scheduler.start(disposed: 205) {
                source.buffer(timeSpan: .seconds(0), count: 10, scheduler: scheduler)
            }
            #expect(observer.events == [.next(201, []), .next(202, [1]), .next(203, []), .next(204, [])])
            #expect(source.subscriptions == [Subscription(200, 205)])
        }

        @Test func aSilentSourceSendsEmptyArraysUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0)])
            let observer = scheduler.start(disposed: 400) {
                source.buffer(timeSpan: .seconds(100), count: 3, scheduler: scheduler)
            }
            #expect(observer.events == [.next(300, [])])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func aCountOfZeroOrLessFailsWithoutSubscribingToTheSource() {
            for count in [0, -1, Int.min] {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
                let observer = scheduler.start {
                    source.buffer(timeSpan: .seconds(50), count: count, scheduler: scheduler)
                }
                #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
                #expect(source.subscriptions.isEmpty)
            }
        }

        @Test func timersOnOtherThreadsNeverOverlapOrReorderWhatIsSent() {
            expectTimersOnOtherThreadsKeepTheGrammar { source, scheduler in
                source.buffer(timeSpan: .microseconds(50), count: 7, scheduler: scheduler)
            } check: { arrays, count in
                #expect(arrays.flatMap { $0 } == Array(0..<count))
                #expect(arrays.allSatisfy { $0.count <= 7 })
            }
        }
    }
}
