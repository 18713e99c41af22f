import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct CatchTests {
        @Test func anErrorHandsOverToTheHandlersSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError(id: 1)),
            ])
            let second = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            var handled: [(time: Int, error: String)] = []
            let observer = scheduler.start {
                first.asObservable().catch { error in
                    handled.append((scheduler.clock, "\(error)"))
                    return second.asObservable()
                }
            }
            #expect(handled.map(\.time) == [230])
            #expect(handled.map(\.error) == ["TestError(1)"])
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 250)])
        }

        @Test func aThrowingHandlerFailsWithTheThrownError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError(id: 1)),
            ])
            let observer = scheduler.start {
                source.asObservable().catch { _ in throw TestError(id: 2) }
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(230, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aSourceThatCompletesNeverCallsTheHandler() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .completed(230)])
            let other = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            var calls = 0
            let observer = scheduler.start {
                source.asObservable().catch { _ in
                    calls += 1
                    return other.asObservable()
                }
            }
            #expect(calls == 0)
            #expect(observer.events == [.next(210, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func anEmptySourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(230)])
            let observer = scheduler.start { source.asObservable().catchAndReturn(0) }
            #expect(observer.events == [.completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func theHandlersSequenceErrorIsNotCaughtAgain() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(240, 2), .error(260, TestError(id: 2))])
            var calls = 0
            let observer = scheduler.start {
                first.asObservable().catch { _ in
                    calls += 1
                    return second.asObservable()
                }
            }
            #expect(calls == 1)
            #expect(observer.events == [.next(210, 1), .next(240, 2), .error(260, TestError(id: 2))])
            #expect(second.subscriptions == [Subscription(230, 260)])
        }

        @Test func disposingBeforeTheErrorUnsubscribesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(240, 2), .completed(250)])
            let observer = scheduler.start(disposed: 225) {
                first.asObservable().catch { _ in second.asObservable() }
            }
            #expect(observer.events == [.next(210, 1)])
            #expect(first.subscriptions == [Subscription(200, 225)])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func disposingAfterTheHandOverUnsubscribesTheHandlersSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(240, 2), .next(250, 3), .completed(260)])
            let observer = scheduler.start(disposed: 245) {
                first.asObservable().catch { _ in second.asObservable() }
            }
            #expect(observer.events == [.next(210, 1), .next(240, 2)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 245)])
        }

        @Test func catchAndReturnEndsWithTheElementInsteadOfFailing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError(id: 1)),
            ])
            let observer = scheduler.start { source.asObservable().catchAndReturn(100) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 100), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func catchAndReturnPassesACompletingSourceThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let observer = scheduler.start { source.asObservable().catchAndReturn(100) }
            #expect(observer.events == [.next(210, 1), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func synchronousSourcesHandOverDuringSubscribe() {
            let caught = Observable<Int>.error(TestError(id: 1))
                .catch { _ in Observable.of(1, 2) }
                .recordSynchronously()
            #expect(caught == [.next(1), .next(2), .completed])
            let returned = Observable<Int>.error(TestError(id: 1)).catchAndReturn(5).recordSynchronously()
            #expect(returned == [.next(5), .completed])
        }

        @Test func theHandOverHappensInsideTheErrorCall() {
            // As in RxSwift: the handler runs, and its sequence is subscribed, while the
            // source is still inside its `onError` call.
            let log = SideEffectLog()
            let source = Observable<Int>.create { observer in
                log.append("source fails")
                observer.onError(TestError(id: 1))
                log.append("source's onError returned")
                return Disposables.create()
            }
            let replacement = Observable<Int>.create { observer in
                log.append("replacement subscribed")
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            source
                .catch { _ in
                    log.append("handler")
                    return replacement
                }
                .subscribe(log.observer())
                .dispose()
            #expect(log.all == [
                "source fails", "handler", "replacement subscribed",
                "observer: next(1)", "observer: completed", "source's onError returned",
            ])
        }

        @Test func aCatchReturnedByTheHandlerCatchesItsOwnSourceOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(240, 2), .error(250, TestError(id: 2))])
            let third = scheduler.createHotObservable([.next(260, 3), .error(270, TestError(id: 3))])
            var handled: [String] = []
            let observer = scheduler.start {
                first.asObservable().catch { error in
                    handled.append("outer \(error)")
                    return second.asObservable().catch { error in
                        handled.append("inner \(error)")
                        return third.asObservable()
                    }
                }
            }
            #expect(handled == ["outer TestError(1)", "inner TestError(2)"])
            #expect(observer.events == [.next(210, 1), .next(240, 2), .next(260, 3), .error(270, TestError(id: 3))])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 250)])
            #expect(third.subscriptions == [Subscription(250, 270)])
        }

        @Test func aThrowingHandlerDeepInAChainFails() {
            let events = Observable<Int>.error(TestError(id: 1))
                .catch { _ in
                    Observable<Int>.error(TestError(id: 2)).catch { _ in throw TestError(id: 3) }
                }
                .recordSynchronously()
            #expect(events == [.error(TestError(id: 3))])
        }

        @Test func disposingInsideAChainOfFallbacksStopsIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            var handlerCalls = 0
            let observer = scheduler.start(disposed: 205) {
                Observable<Int>.error(TestError(id: 1)).catch { _ in
                    handlerCalls += 1
                    return Observable<Int>.error(TestError(id: 2)).catch { _ in
                        handlerCalls += 1
                        return second.asObservable()
                    }
                }
            }
            #expect(handlerCalls == 2)
            #expect(observer.events.isEmpty)
            #expect(second.subscriptions == [Subscription(200, 205)])
        }

        @Test func aHundredThousandSynchronousHandOversKeepTheStackFlat() {
            let events = ErrorHandlingSupport.fallbackChain(100_000).recordSynchronously()
            #expect(events == [.next(7), .completed])
        }

        @Test func aHundredThousandSynchronousHandOversFitAWorkerThreadsStack() {
            let succeeded = ErrorHandlingSupport.onWorkerThread {
                ErrorHandlingSupport.fallbackChain(100_000).recordSynchronously() == [.next(7), .completed]
            }
            #expect(succeeded == true)
        }

        @Test func anErrorFromAnotherThreadRacingDisposalLeavesNothingSubscribed() {
            for _ in 0..<TimeRace.rounds {
                let feed = TimeRace.Feed<Int>()
                let fallback = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = Unchecked(feed.observable
                    .catch { _ in fallback.observable }
                    .subscribe(probe))
                TimeRace.race({
                    feed.fail(TestError(id: 1))
                }, {
                    subscription.value.dispose()
                })
                #expect(probe.overlaps == 0)
                #expect(feed.disposals.value == feed.subscriptions.value)
                #expect(fallback.disposals.value == fallback.subscriptions.value)
                #expect(fallback.subscriptions.value <= 1)
            }
        }
    }
}
