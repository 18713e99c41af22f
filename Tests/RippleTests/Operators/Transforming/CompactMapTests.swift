import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct CompactMapTests {
        @Test func sendsTheNonNilResultsAndPassesCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .next(240, ""), .completed(300),
            ])
            let observer = scheduler.start { source.compactMap { Int($0) } }
            #expect(observer.events == [.next(210, 1), .next(230, 3), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .error(300, TestError()),
            ])
            let observer = scheduler.start { source.compactMap { $0 % 2 == 1 ? $0 * 10 : nil } }
            #expect(observer.events == [.next(210, 10), .next(230, 30), .error(300, TestError())])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(300, 5), .completed(400),
            ])
            let observer = scheduler.start(disposed: 250) { source.compactMap { $0 % 2 == 1 ? $0 : nil } }
            #expect(observer.events == [.next(210, 1), .next(230, 3)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(300)])
            let observer = scheduler.start { source.compactMap { $0 } }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aSourceOfOnlyNilResultsSendsNothingButTheEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let observer = scheduler.start { source.compactMap { _ -> String? in nil } }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aThrowingTransformEndsWithItsErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
            ])
            var calls = 0
            let observer = scheduler.start {
                source.compactMap { element -> Int? in
                    calls += 1
                    if element == 3 { throw TestError(id: 3) }
                    return element == 2 ? nil : element
                }
            }
            #expect(observer.events == [.next(210, 1), .error(230, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(calls == 3)
        }

        @Test func optionalElementsAreUnwrapped() {
            let elements: [Int?] = [1, nil, 3]
            #expect(Observable.from(elements).compactMap { $0 }.recordSynchronously() == [.next(1), .next(3), .completed])
        }
    }
}
