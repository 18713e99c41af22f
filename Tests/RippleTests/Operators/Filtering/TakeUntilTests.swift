import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TakeUntilTests {
        private static let sourceEvents: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ]

        @Test func anElementOfTheOtherCompletesAndDisposesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(225)])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func anErrorOfTheOtherEndsTheSequenceWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .error(225, TestError(id: 1))])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(225, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func anOtherThatCompletesEmptyIsLetGo() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(225)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func aSilentOtherLetsTheSourceRunToItsEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(200, 250)])
        }

        @Test func anErrorOfTheSourcePassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(225, TestError(id: 2))])
            let other = scheduler.createHotObservable([.next(150, 1), .next(240, 2)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .error(225, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func aSilentSourceCompletesWhenTheOtherFires() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.completed(225)])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func aSilentSourceFailsWhenTheOtherFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .error(225, TestError(id: 3))])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.error(225, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func twoSilentSequencesSendNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1)])
            let other: TestableObservable<Int> = scheduler.createHotObservable([.next(150, 1), .completed(225)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func theOtherFiringBeforeTheFirstElementCompletesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
            let other = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [Subscription(200, 210)])
        }

        @Test func anEmptySourceCompletesAndDisposesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(230)])
            let other = scheduler.createHotObservable([.next(250, 1)])
            let observer = scheduler.start { source.take(until: other) }
            #expect(observer.events == [.completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(other.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingMidwayDisposesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(245, 1)])
            let observer = scheduler.start(disposed: 225) { source.take(until: other) }
            #expect(observer.events == [.next(210, 2), .next(220, 3)])
            #expect(source.subscriptions == [Subscription(200, 225)])
            #expect(other.subscriptions == [Subscription(200, 225)])
        }

        @Test func theOtherIsSubscribedBeforeTheSource() {
            var order: [String] = []
            let source = Observable<Int>.create { _ in
                order.append("source")
                return Disposables.create()
            }
            let other = Observable<Int>.create { _ in
                order.append("other")
                return Disposables.create()
            }
            source.take(until: other).subscribe().dispose()
            #expect(order == ["other", "source"])
        }

        @Test func anOtherFiringDuringItsSubscriptionLetsNoElementThrough() {
            #expect(Observable.of(1, 2, 3).take(until: Observable.just("stop")).recordSynchronously() == [.completed])
            // Both are trampolined; the other, subscribed first, sends first.
            #expect(Observable.of(1, 2, 3).take(until: Observable.of("stop")).recordSynchronously() == [.completed])
        }

        @Test func aSynchronousSourceWithASilentOtherPassesThrough() {
            #expect(Observable.of(1, 2, 3).take(until: Observable<Int>.never()).recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
            #expect(Observable.of(1, 2, 3).take(until: Observable<Int>.empty()).recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func theOtherFiringFromInsideOnNextCompletesRightAfterTheElement() {
            var otherFeed: AnyObserver<String>?
            var sourceFeed: AnyObserver<Int>?
            let source = Observable<Int>.create { observer in
                sourceFeed = observer
                return Disposables.create()
            }
            let other = Observable<String>.create { observer in
                otherFeed = observer
                return Disposables.create()
            }
            var log: [String] = []
            let subscription = source.take(until: other).subscribe(
                onNext: { element in
                    log.append("next \(element)")
                    if element == 2 {
                        otherFeed?.onNext("stop")
                        log.append("other fired")
                    }
                },
                onCompleted: { log.append("completed") }
            )
            sourceFeed?.onNext(1)
            sourceFeed?.onNext(2)
            sourceFeed?.onNext(3)
            subscription.dispose()
            sourceFeed = nil  // they hold the chain, whose observer's closure holds them
            otherFeed = nil
            #expect(log == ["next 1", "next 2", "other fired", "completed"])
        }

        @Test func theDeprecatedNameBehavesLikeTheNewOne() {
            let aliases: any TakeUntilDeprecatedNames = TakeUntilDeprecatedCalls()
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.sourceEvents)
            let other = scheduler.createHotObservable([.next(225, 99)])
            let observer = scheduler.start { aliases.takeUntil(source.asObservable(), other.asObservable()) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(225)])
        }

        // MARK: Real threads

        @Test func theOtherFiringOnAnotherThreadEndsAnUnbrokenPrefix() {
            for round in 0..<200 {
                let source = TimeRace.Feed<Int>()
                let other = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let sent = Counter()
                let subscription = source.observable.take(until: other.observable).subscribe(probe)
                TimeRace.race({
                    for value in 0..<50 {
                        source.send(value)
                        sent.increment()
                    }
                    source.complete()
                }, {
                    // Fires somewhere in the stream: after a few elements, and in
                    // every third round while one is being delivered.
                    _ = eventuallyBlocking(timeout: .seconds(1)) { sent.value >= min(round % 55, 50) }
                    if round % 3 == 0 {
                        _ = eventuallyBlocking(timeout: .seconds(1)) { probe.isBusy || probe.isTerminated }
                    }
                    if round.isMultiple(of: 2) {
                        other.send(0)
                    } else {
                        other.fail(TestError(id: 4))
                    }
                })
                subscription.dispose()
                let elements = probe.elements
                #expect(elements == Array(0..<elements.count))
                #expect(probe.endedOnce)
                #expect(probe.overlaps == 0)
                #expect(source.disposals.value == 1)
                #expect(other.disposals.value == 1)
            }
        }

        @Test func theOtherFiringWhileAnElementIsDeliveredWaitsForIt() {
            for fails in [false, true] {
                let source = TimeRace.Feed<Int>()
                let other = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>(whileBusy: { element in
                    guard element == 1 else { return }
                    // Fires the other sequence from another thread while element 1 is
                    // still being delivered, and waits until that call has returned.
                    let done = DispatchSemaphore(value: 0)
                    Thread {
                        if fails {
                            other.fail(TestError(id: 5))
                        } else {
                            other.send(0)
                        }
                        done.signal()
                    }.start()
                    done.wait()
                })
                let subscription = source.observable.take(until: other.observable).subscribe(probe)
                source.send(0)
                source.send(1)
                source.send(2)
                subscription.dispose()
                let expectedEnd: Event<Int> = fails ? .error(TestError(id: 5)) : .completed
                #expect(probe.events == [.next(0), .next(1), expectedEnd])
                #expect(probe.overlaps == 0)
                #expect(source.disposals.value == 1)
                #expect(other.disposals.value == 1)
            }
        }
    }
}

/// Calls the deprecated RxSwift 5 name through a protocol, so that the test can use
/// it without a deprecation warning (the build treats warnings as errors).
private protocol TakeUntilDeprecatedNames {
    func takeUntil(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int>
}

private struct TakeUntilDeprecatedCalls: TakeUntilDeprecatedNames {
    @available(*, deprecated, message: "exercises the deprecated name on purpose")
    func takeUntil(_ source: Observable<Int>, _ other: Observable<Int>) -> Observable<Int> {
        source.takeUntil(other)
    }
}
