import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct MapTests {
        @Test func transformsEachElementAndPassesCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
            ])
            let observer = scheduler.start { source.map { $0 * 3 } }
            #expect(observer.events == [.next(210, 0), .next(220, 3), .next(230, 6), .next(240, 12), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func changesTheElementType() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 7), .next(220, 42), .completed(230)])
            let observer = scheduler.start { source.map { "#\($0)" } }
            #expect(observer.events == [.next(210, "#7"), .next(220, "#42"), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .error(300, TestError()), .next(310, 3),
            ])
            let observer = scheduler.start { source.map { $0 + 1 } }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(300, TestError())])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(300, 3), .completed(400),
            ])
            let observer = scheduler.start(disposed: 290) { source.map { $0 * 10 } }
            #expect(observer.events == [.next(210, 10), .next(220, 20)])
            #expect(source.subscriptions == [Subscription(200, 290)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(300)])
            let observer = scheduler.start { source.map { $0 * 2 } }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aSilentSourceSendsNothingUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.map { $0 * 2 } }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aThrowingTransformEndsWithItsErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .completed(300),
            ])
            var calls = 0
            let observer = scheduler.start {
                source.map { element -> Int in
                    calls += 1
                    if element == 2 { throw TestError(id: 2) }
                    return element * 2
                }
            }
            #expect(observer.events == [.next(210, 0), .next(220, 2), .error(230, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(calls == 3)
        }

        @Test func twoMapsCompose() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let observer = scheduler.start { source.map { $0 * 10 }.map { $0 + 1 } }
            #expect(observer.events == [.next(210, 11), .next(220, 21), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func theSecondOfTwoMapsThrowingUnsubscribesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let observer = scheduler.start {
                source.map { $0 * 10 }.map { element -> Int in
                    if element > 10 { throw TestError() }
                    return element
                }
            }
            #expect(observer.events == [.next(210, 10), .error(220, TestError())])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func acceptsAKeyPath() {
            #expect(Observable.of("a", "bcd").map(\.count).recordSynchronously() == [.next(1), .next(3), .completed])
        }

        @Test func eachSubscriptionRunsTheTransformAnew() {
            let calls = Counter()
            let mapped = Observable.of(1, 2).map { element -> Int in
                calls.increment()
                return element * 2
            }
            #expect(mapped.recordSynchronously() == [.next(2), .next(4), .completed])
            #expect(mapped.recordSynchronously() == [.next(2), .next(4), .completed])
            #expect(calls.value == 4)
        }

        @Test func anObserverFromOutsideRippleReceivesEvents() {
            // `EventRecorder` is a plain `ObserverType`: elements reach it as `.next`.
            let recorder = EventRecorder<String>()
            Observable.of(1, 2).map { String($0) }.subscribe(recorder).dispose()
            #expect(recorder.events == [.next("1"), .next("2"), .completed])
        }

        @Test func twoThousandChainedMapsSubscribeAndDeliver() {
            var chain = Observable.of(0, 1, 2)
            for _ in 0..<2_000 {
                chain = chain.map { $0 + 1 }
            }
            #expect(chain.recordSynchronously() == [.next(2_000), .next(2_001), .next(2_002), .completed])
        }

        /// Twenty `map`s run as one fused sink, which is what keeps a long chain cheap
        /// per element (its speed is `ripple-bench`'s `deep_chain`, in Benchmarks.md).
        @Test(.takesAFastPath) func twentyChainedMapsOverAHundredThousandElementsRunAsOneFusedSink() {
            var chain = Observable.range(start: 0, count: 100_000)
            for _ in 0..<20 {
                chain = chain.map { $0 &+ 1 }
            }
            #expect(chain is FusedProducer<Int, Int>)
            var count = 0
            var sum = 0
            var completed = false
            _ = chain.subscribe(
                onNext: { element in
                    count += 1
                    sum &+= element
                },
                onCompleted: { completed = true }
            )
            #expect(count == 100_000)
            #expect(sum == (0..<100_000).reduce(0, +) + 20 * 100_000)
            #expect(completed)
        }
    }
}
