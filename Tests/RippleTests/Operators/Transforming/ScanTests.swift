import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ScanTests {
        // MARK: scan(_:accumulator:)

        @Test func sendsEachIntermediateValue() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
            ])
            let observer = scheduler.start { source.scan(42) { $0 + $1 } }
            #expect(observer.events == [.next(210, 44), .next(220, 47), .next(230, 51), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func theAccumulatedTypeMayDifferFromTheElementType() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start { source.scan("") { $0 + String($1) } }
            #expect(observer.events == [.next(210, "1"), .next(220, "12"), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 2), .next(220, 3), .error(250, TestError()),
            ])
            let observer = scheduler.start { source.scan(0) { $0 + $1 } }
            #expect(observer.events == [.next(210, 2), .next(220, 5), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
            ])
            let observer = scheduler.start(disposed: 225) { source.scan(0) { $0 + $1 } }
            #expect(observer.events == [.next(210, 2), .next(220, 5)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func anEmptySourceCompletesWithoutSendingTheSeed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.scan(42) { $0 + $1 } }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.scan(42) { $0 + $1 } }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aThrowingAccumulatorEndsWithItsErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            let observer = scheduler.start {
                source.scan(0) { total, element -> Int in
                    if element == 4 { throw TestError(id: 4) }
                    return total + element
                }
            }
            #expect(observer.events == [.next(210, 2), .next(220, 5), .error(230, TestError(id: 4))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func eachSubscriptionStartsFromTheSeed() {
            let running = Observable.of(1, 2, 3).scan(10) { $0 + $1 }
            #expect(running.recordSynchronously() == [.next(11), .next(13), .next(16), .completed])
            #expect(running.recordSynchronously() == [.next(11), .next(13), .next(16), .completed])
        }

        // MARK: scan(into:accumulator:)

        @Test func intoMutatesTheAccumulatorInPlace() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
            ])
            let observer = scheduler.start { source.scan(into: [Int]()) { $0.append($1) } }
            #expect(observer.events == [.next(210, [1]), .next(220, [1, 2]), .next(230, [1, 2, 3]), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func intoForwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
            let observer = scheduler.start { source.scan(into: 0) { $0 += $1 } }
            #expect(observer.events == [.next(210, 1), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func intoDisposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let observer = scheduler.start(disposed: 221) { source.scan(into: 0) { $0 += $1 } }
            #expect(observer.events == [.next(210, 1), .next(220, 3)])
            #expect(source.subscriptions == [Subscription(200, 221)])
        }

        @Test func intoOnAnEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { source.scan(into: 7) { $0 += $1 } }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func intoWithAThrowingAccumulatorEndsWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
            let observer = scheduler.start {
                source.scan(into: 0) { total, element in
                    if element == 2 { throw TestError(id: 2) }
                    total += element
                }
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func intoGivesEachSubscriptionItsOwnCopyOfTheSeed() {
            let collected = Observable.of("a", "b").scan(into: [String]()) { $0.append($1) }
            #expect(collected.recordSynchronously() == [.next(["a"]), .next(["a", "b"]), .completed])
            #expect(collected.recordSynchronously() == [.next(["a"]), .next(["a", "b"]), .completed])
        }

        @Test func intoLeavesValuesAlreadySentUntouched() {
            // Downstream keeps each array; the next mutation must not change them.
            var kept: [[Int]] = []
            _ = Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }.subscribe(onNext: { kept.append($0) })
            #expect(kept == [[1], [1, 2], [1, 2, 3]])
        }

        @Test func aLongSynchronousSourceIsScannedWithoutGrowingTheStack() {
            var last = 0
            var count = 0
            _ = Observable.range(start: 1, count: 100_000).scan(0) { $0 &+ $1 }.subscribe(onNext: {
                last = $0
                count += 1
            })
            #expect(count == 100_000)
            #expect(last == 100_000 * 100_001 / 2)
        }
    }
}
