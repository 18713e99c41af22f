import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ReduceTests {
        // MARK: reduce(_:accumulator:)

        @Test func sendsTheFinalValueAtCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 24), .next(220, 25), .next(230, 26), .next(240, 27), .completed(250),
            ])
            let observer = scheduler.start { source.reduce(42, accumulator: +) }
            #expect(observer.events == [.next(250, 42 + 24 + 25 + 26 + 27), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceGivesTheSeed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.reduce(42, accumulator: +) }
            #expect(observer.events == [.next(250, 42), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func forwardsTheSourceErrorAndDropsTheValue() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, TestError())])
            let observer = scheduler.start { source.reduce(42, accumulator: +) }
            #expect(observer.events == [.error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingBeforeCompletionSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let observer = scheduler.start(disposed: 260) { source.reduce(0, accumulator: +) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.reduce(42, accumulator: +) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aThrowingAccumulatorEndsWithItsErrorAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
            ])
            var calls = 0
            let observer = scheduler.start {
                source.reduce(0) { total, element -> Int in
                    calls += 1
                    if element == 2 { throw TestError(id: 2) }
                    return total + element
                }
            }
            #expect(observer.events == [.error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
            #expect(calls == 2)
        }

        // MARK: reduce(_:accumulator:mapResult:)

        @Test func mapResultTransformsTheFinalValue() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 24), .next(220, 25), .completed(250),
            ])
            let observer = scheduler.start { source.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
            #expect(observer.events == [.next(250, "sum 49"), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func mapResultOfAnEmptySourceMapsTheSeed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.reduce(42, accumulator: +, mapResult: { $0 * 2 }) }
            #expect(observer.events == [.next(250, 84), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func mapResultIsNotCalledOnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
            var mapped = false
            let observer = scheduler.start {
                source.reduce(0, accumulator: +, mapResult: { total -> Int in
                    mapped = true
                    return total
                })
            }
            #expect(observer.events == [.error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(!mapped)
        }

        @Test func mapResultDisposingBeforeCompletionSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start(disposed: 250) { source.reduce(0, accumulator: +, mapResult: { $0 }) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingMapResultEndsWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start {
                source.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError(id: 9) })
            }
            #expect(observer.events == [.error(250, TestError(id: 9))])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func eachSubscriptionStartsFromTheSeed() {
            let total = Observable.of(1, 2, 3).reduce(10, accumulator: +)
            #expect(total.recordSynchronously() == [.next(16), .completed])
            #expect(total.recordSynchronously() == [.next(16), .completed])
        }
    }
}
