import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SkipUntilTests {
        private static let sourceEvents: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ]

        @Test func passesTheElementsAfterTheOtherFires() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events == [.next(230, 4), .next(240, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func anErrorOfTheOtherEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .error(225, TestError(id: 1))])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events == [.error(225, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func anErrorOfTheSourcePassesThroughEvenBeforeTheOtherFires() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, TestError(id: 2))])
            let other = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(250)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events == [.error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
            #expect(other.subscriptions == [Subscription(200, 220)])
        }

        @Test func anOtherThatCompletesEmptyKeepsTheGateClosed() {
            // As in RxSwift, the source's completion is then swallowed too.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(225)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func aSourceCompletingBeforeTheOtherFiresEndsSilently() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .error(300, TestError(id: 3))])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSourceCompletingWithASilentOtherEndsSilently() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSilentSourceStaysSilentAfterTheOtherFires() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func aSilentSourceFailsWhenTheOtherFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .error(225, TestError(id: 4))])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events == [.error(225, TestError(id: 4))])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func twoSilentSequencesSendNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
            #expect(other.subscriptions == [Subscription(200, 1000)])
        }

        @Test func theOtherIsDisposedAsSoonAsItFires() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createColdObservable([.next(15, 1), .error(16, TestError(id: 5))])
            let observer = scheduler.start { source.skip(until: other) }
            #expect(observer.events == [.next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(other.subscriptions == [Subscription(200, 215)])
        }

        @Test func disposingMidwayDisposesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(215, 1)])
            let observer = scheduler.start(disposed: 235) { source.skip(until: other) }
            #expect(observer.events == [.next(220, 3), .next(230, 4)])
            #expect(source.subscriptions == [Subscription(200, 235)])
            #expect(other.subscriptions == [Subscription(200, 215)])
        }

        @Test func disposingBeforeTheOtherFiresDisposesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(245, 1)])
            let observer = scheduler.start(disposed: 235) { source.skip(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 235)])
            #expect(other.subscriptions == [Subscription(200, 235)])
        }

        @Test func theSourceIsSubscribedBeforeTheOther() {
            var order: [String] = []
            let source = Observable<Int>.create { _ in
                order.append("source")
                return Disposables.create()
            }
            let other = Observable<Int>.create { _ in
                order.append("other")
                return Disposables.create()
            }
            source.skip(until: other).subscribe().dispose()
            #expect(order == ["source", "other"])
        }

        @Test func synchronousSourcesInterleaveAsOnTheTrampoline() {
            // `just` sends during its subscription, before the trampolined source runs.
            #expect(Observable.of(1, 2, 3).skip(until: Observable.just("go")).recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
            // Both trampolined: they take turns, one element each. The source,
            // subscribed first, sends 1 (dropped), then the other fires, then 2 and 3
            // pass.
            #expect(Observable.of(1, 2, 3).skip(until: Observable.of("go")).recordSynchronously() == [.next(2), .next(3), .completed])
        }

        @Test func theDeprecatedNameBehavesLikeTheNewOne() {
            let aliases: any SkipUntilDeprecatedNames = SkipUntilDeprecatedCalls()
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(225, 99)])
            let observer = scheduler.start { aliases.skipUntil(source.asObservable(), other.asObservable()) }
            #expect(observer.events == [.next(230, 4), .next(240, 5), .completed(250)])
        }

        // MARK: Real threads

        @Test func theGateOpeningOnAnotherThreadLetsThroughAnUnbrokenTail() {
            for round in 0..<200 {
                let source = TimeRace.Feed<Int>()
                let other = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let sent = Counter()
                let subscription = source.observable.skip(until: other.observable).subscribe(probe)
                TimeRace.race({
                    for value in 0..<50 {
                        source.send(value)
                        sent.increment()
                    }
                    source.complete()
                }, {
                    // Opens the gate somewhere in the stream (or after its end).
                    _ = eventuallyBlocking(timeout: .seconds(1)) { sent.value >= min(round % 55, 50) }
                    other.send(0)
                })
                subscription.dispose()
                let elements = probe.elements
                #expect(elements == Array((50 - elements.count)..<50))
                if !elements.isEmpty {
                    #expect(probe.completedOnce)
                } else {
                    #expect(probe.events.isEmpty || probe.completedOnce)
                }
                #expect(probe.overlaps == 0)
                #expect(source.disposals.value == 1)
                #expect(other.disposals.value == 1)
            }
        }

        @Test func anErrorOfTheOtherRacingTheSourcesEndLetsOneThrough() {
            for round in 0..<200 {
                let source = TimeRace.Feed<Int>()
                let other = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = source.observable.skip(until: other.observable).subscribe(probe)
                let sent = Counter()
                TimeRace.race({
                    for value in 0..<20 {
                        source.send(value)
                        sent.increment()
                    }
                    if round.isMultiple(of: 2) {
                        source.complete()
                    } else {
                        source.fail(TestError(id: 6))
                    }
                }, {
                    _ = eventuallyBlocking(timeout: .seconds(1)) { sent.value >= round % 21 }
                    other.fail(TestError(id: 7))
                })
                subscription.dispose()
                // No element passes (the gate never opens); at most one end.
                #expect(probe.elements.isEmpty)
                #expect(probe.events.isEmpty || probe.failedOnce)
                #expect(probe.overlaps == 0)
                #expect(source.disposals.value == 1)
                #expect(other.disposals.value == 1)
            }
        }
    }
}

/// Calls the deprecated RxSwift 5 name through a protocol, so that the test can use
/// it without a deprecation warning (the build treats warnings as errors).
private protocol SkipUntilDeprecatedNames {
    func skipUntil(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int>
}

private struct SkipUntilDeprecatedCalls: SkipUntilDeprecatedNames {
    @available(*, deprecated, message: "exercises the deprecated name on purpose")
    func skipUntil(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        source.skipUntil(other)
    }
}
