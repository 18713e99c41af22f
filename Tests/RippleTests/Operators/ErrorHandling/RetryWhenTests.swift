import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct RetryWhenTests {
        /// An error type of its own, for the typed variant.
        struct RetryError: Error, Equatable {
            var id = 0
        }

        /// An error type the typed handlers do not ask for.
        struct OtherError: Error, Equatable {}

        /// A trigger that counts the errors and sends the count, or fails (with
        /// `TestError(id: 99)`) or completes on the `endAt`-th error.
        static func countingTrigger<Failure>(_ errors: Observable<Failure>, endAt: Int, failing: Bool) -> Observable<Int> {
            Observable.create { observer in
                var count = 0
                return errors.subscribe(onNext: { _ in
                    count += 1
                    if count < endAt {
                        observer.onNext(count)
                    } else if failing {
                        observer.onError(TestError(id: 99))
                    } else {
                        observer.onCompleted()
                    }
                })
            }
        }

        @Test func aTriggerThatCompletesBeforeAnyFailureLetsTheSourceComplete() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let trigger = scheduler.createHotObservable([.next(150, 1), .completed(210)])
            let observer = scheduler.start(disposed: 300) {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(trigger.subscriptions == [Subscription(200, 210)])
        }

        @Test func aSilentTriggerLeavesTheResultWaitingAfterAFailure() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, RetryError()),
            ])
            let trigger = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(trigger.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aSourceThatCompletesEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            let trigger = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(trigger.subscriptions == [Subscription(200, 250)])
        }

        @Test func aColdSourceThatCompletesIsSubscribedOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
            let trigger = scheduler.createHotObservable([.next(150, 0), .completed(0)])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
            #expect(source.subscriptions == [Subscription(200, 450)])
        }

        @Test func aFailingTriggerFailsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, RetryError()), .completed(40),
            ])
            let observer = scheduler.start(disposed: 300) {
                source.asObservable().retry(when: { (errors: Observable<RetryError>) in
                    Self.countingTrigger(errors, endAt: 2, failing: true)
                })
            }
            #expect(observer.events == [
                .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, TestError(id: 99)),
            ])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
        }

        @Test func aTriggerCompletingAtTheFailureCompletesTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, RetryError()), .completed(40),
            ])
            let trigger = scheduler.createHotObservable([.next(150, 1), .completed(230)])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger.asObservable() })
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aTriggerCompletingOnTheSecondFailureCompletesTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, RetryError()), .completed(40),
            ])
            let observer = scheduler.start(disposed: 300) {
                source.asObservable().retry(when: { (errors: Observable<RetryError>) in
                    Self.countingTrigger(errors, endAt: 2, failing: false)
                })
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
        }

        @Test func aTriggerThatNeverFiresStopsAfterTheFirstFailure() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, RetryError()), .completed(40),
            ])
            let trigger = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anIncreasingBackOffWithTimers() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError(id: 1))])
            let maxAttempts = 4
            let observer = scheduler.start(disposed: 800) {
                source.asObservable().retry(when: { (errors: Observable<Swift.Error>) in
                    Observable<Int>.create { trigger in
                        let timers = CompositeDisposable()
                        var failures = 0
                        let errorsSubscription = errors.subscribe(onNext: { error in
                            failures += 1
                            if failures >= maxAttempts {
                                trigger.onError(error)
                                return
                            }
                            _ = timers.insert(Observable<Int>
                                .timer(.seconds(failures * 50), scheduler: scheduler)
                                .subscribe(onNext: { trigger.onNext($0) }))
                        })
                        return Disposables.create(errorsSubscription, timers)
                    }
                })
            }
            #expect(observer.events == [
                .next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, RetryError(id: 1)),
            ])
            #expect(source.subscriptions == [
                Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
            ])
        }

        @Test func anErrorOfAnotherTypeEndsTheResultAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError())])
            var handlerErrors: [String] = []
            let observer = scheduler.start(disposed: 800) {
                source.asObservable().retry(when: { (errors: Observable<OtherError>) in
                    errors.do(onNext: { handlerErrors.append("\($0)") })
                })
            }
            #expect(observer.events == [.next(205, 1), .error(210, RetryError())])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(handlerErrors.isEmpty)
        }

        @Test func theUntypedHandlerSeesEveryError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .error(10, OtherError())])
            var seen: [String] = []
            let observer = scheduler.start(disposed: 232) {
                source.asObservable().retry(when: { errors in
                    errors.do(onNext: { seen.append("\($0)") })
                })
            }
            #expect(observer.events == [.next(205, 1), .next(215, 1), .next(225, 1)])
            #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230), Subscription(230, 232)])
            #expect(seen == ["OtherError()", "OtherError()", "OtherError()"])
        }

        @Test func aTriggerFailingBeforeAnyFailureFailsTheResultAtTheFirstFailure() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .error(50, RetryError())])
            let trigger = scheduler.createHotObservable([.next(205, 0), .error(220, TestError(id: 7))])
            let observer = scheduler.start {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 1), .next(240, 2), .error(250, TestError(id: 7))])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(trigger.subscriptions == [Subscription(200, 220)])
        }

        @Test func triggerElementsBeforeAFailureAreIgnored() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, RetryError())])
            let trigger = scheduler.createHotObservable([.next(205, 0), .next(215, 0), .next(250, 0)])
            let observer = scheduler.start(disposed: 265) {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 1), .next(260, 1)])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(250, 265)])
        }

        @Test func disposingWhileAwaitingTheTriggerUnsubscribesIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, RetryError())])
            let trigger = scheduler.createHotObservable([.next(400, 0)])
            let observer = scheduler.start(disposed: 300) {
                source.asObservable().retry(when: { (_: Observable<RetryError>) in trigger })
            }
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 220)])
            #expect(trigger.subscriptions == [Subscription(200, 300)])
        }

        @Test func theHandlerRunsAndTheTriggerIsSubscribedBeforeTheSourceForEachSubscription() {
            let log = SideEffectLog()
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            let retrying = source.retry(when: { errors -> Observable<Int> in
                log.append("handler")
                return Observable.create { _ in
                    log.append("trigger subscribed")
                    return Disposables.create { log.append("trigger disposed") }
                }
            })
            retrying.subscribe(log.observer()).dispose()
            retrying.subscribe(log.observer()).dispose()
            let once = [
                "handler", "trigger subscribed", "source subscribed",
                "observer: next(1)", "observer: completed", "trigger disposed",
            ]
            #expect(log.all == once + once)
        }

        @Test func aSourceThatFailsDuringSubscribeIsRetriedOnceSubscribeReturns() {
            var subscriptions = 0
            let source = Observable<Int>.create { observer in
                subscriptions += 1
                observer.onNext(0)
                observer.onNext(1)
                observer.onNext(2)
                if subscriptions < 2 {
                    observer.onError(RetryError())
                }
                observer.onNext(3)
                observer.onNext(4)
                observer.onNext(5)
                observer.onCompleted()
                return Disposables.create()
            }
            let events = source.retry(when: { errors in errors }).recordSynchronously()
            #expect(events == [
                .next(0), .next(1), .next(2), .next(0), .next(1), .next(2), .next(3), .next(4), .next(5), .completed,
            ])
        }

        @Test func twentyThousandSynchronousRetriesKeepTheStackFlat() {
            let attempts = Counter()
            let events = ErrorHandlingSupport.failing(20_000, attempts: attempts)
                .retry(when: { errors in errors })
                .recordSynchronously()
            #expect(events == [.next(20_001), .completed])
        }

        @Test func twentyThousandSynchronousRetriesFitAWorkerThreadsStack() {
            let succeeded = ErrorHandlingSupport.onWorkerThread {
                let attempts = Counter()
                return ErrorHandlingSupport.failing(20_000, attempts: attempts)
                    .retry(when: { errors in errors })
                    .recordSynchronously() == [.next(20_001), .completed]
            }
            #expect(succeeded == true)
        }

        @Test func aTriggerEndingOnAnotherThreadWhileTheSourceFailsEndsTheResultOnce() {
            for round in 0..<TimeRace.rounds {
                let source = TimeRace.Feed<Int>()
                let trigger = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = source.observable
                    .retry(when: { (_: Observable<Swift.Error>) in trigger.observable })
                    .subscribe(probe)
                TimeRace.race({
                    if round.isMultiple(of: 2) {
                        trigger.complete()
                    } else {
                        trigger.fail(TestError(id: 2))
                    }
                }, {
                    source.fail(TestError(id: 1))
                })
                #expect(probe.endedOnce)
                #expect(probe.overlaps == 0)
                subscription.dispose()
                #expect(source.disposals.value == source.subscriptions.value)
                #expect(trigger.disposals.value == trigger.subscriptions.value)
            }
        }

        @Test func aTriggerFiringOnAnotherThreadWhileTheSourceFailsStartsOneAttempt() {
            for _ in 0..<TimeRace.rounds {
                let source = TimeRace.Feed<Int>()
                let trigger = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = source.observable
                    .retry(when: { (_: Observable<Swift.Error>) in trigger.observable })
                    .subscribe(probe)
                TimeRace.race({
                    trigger.send(1)
                }, {
                    source.fail(TestError(id: 1))
                })
                // Either the trigger came first and was ignored, or it restarted the
                // source exactly once.
                #expect(source.subscriptions.value <= 2)
                #expect(probe.events.isEmpty)
                subscription.dispose()
                #expect(source.disposals.value == source.subscriptions.value)
            }
        }
    }
}
