import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct RetryTests {
        @Test func aCompletingSourceIsSubscribedOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
            let observer = scheduler.start { source.asObservable().retry() }
            #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
            #expect(source.subscriptions == [Subscription(200, 450)])
        }

        @Test func aSourceThatNeverEndsStaysSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])
            let observer = scheduler.start { source.asObservable().retry() }
            #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3)])
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func aFailingSourceIsSubscribedAgainUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(100, 1), .next(150, 2), .next(200, 3), .error(250, TestError(id: 1)),
            ])
            let observer = scheduler.start(disposed: 1100) { source.asObservable().retry() }
            #expect(observer.events == [
                .next(300, 1), .next(350, 2), .next(400, 3),
                .next(550, 1), .next(600, 2), .next(650, 3),
                .next(800, 1), .next(850, 2), .next(900, 3),
                .next(1050, 1),
            ])
            #expect(source.subscriptions == [
                Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
            ])
        }

        @Test func anEmptySourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createColdObservable([.completed(10)])
            let observer = scheduler.start { source.asObservable().retry() }
            #expect(observer.events == [.completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func aCountLimitsTheAttemptsAndTheLastErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError(id: 1)),
            ])
            let observer = scheduler.start { source.asObservable().retry(3) }
            #expect(observer.events == [
                .next(205, 1), .next(210, 2), .next(215, 3),
                .next(225, 1), .next(230, 2), .next(235, 3),
                .next(245, 1), .next(250, 2), .next(255, 3),
                .error(260, TestError(id: 1)),
            ])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
        }

        @Test func disposingDuringAnAttemptUnsubscribesIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError(id: 1)),
            ])
            let observer = scheduler.start(disposed: 231) { source.asObservable().retry(3) }
            #expect(observer.events == [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 231)])
        }

        @Test func aCountedRetryOfACompletingSourceSubscribesOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
            let observer = scheduler.start { source.asObservable().retry(3) }
            #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
            #expect(source.subscriptions == [Subscription(200, 450)])
        }

        @Test func aSucceedingRetryEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let attempts = Counter()
            let failing = scheduler.createColdObservable([.next(5, 0), .error(10, TestError(id: 1))])
            let succeeding = scheduler.createColdObservable([.next(5, 1), .completed(10)])
            let observer = scheduler.start {
                Observable.deferred {
                    attempts.increment() < 3 ? failing.asObservable() : succeeding.asObservable()
                }
                .retry(5)
            }
            #expect(observer.events == [.next(205, 0), .next(215, 0), .next(225, 1), .completed(230)])
            #expect(failing.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
            #expect(succeeding.subscriptions == [Subscription(220, 230)])
        }

        @Test func retryOneSubscribesOnceAndFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .error(20, TestError(id: 1))])
            let observer = scheduler.start { source.asObservable().retry(1) }
            #expect(observer.events == [.next(205, 1), .error(220, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func retryZeroNeverSubscribesAndCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .error(20, TestError(id: 1))])
            let observer = scheduler.start { source.asObservable().retry(0) }
            #expect(observer.events == [.completed(200)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func aNegativeCountFailsAtSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(5, 1), .completed(20)])
            let observer = scheduler.start { source.asObservable().retry(-1) }
            #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func aSourceThatFailsDuringSubscribeIsRetriedOnceSubscribeReturns() {
            // The source keeps sending after its error; `create` drops that, and the
            // next attempt starts once the failed `subscribe` has returned.
            var subscriptions = 0
            let source = Observable<Int>.create { observer in
                subscriptions += 1
                observer.onNext(0)
                observer.onNext(1)
                observer.onNext(2)
                if subscriptions < 2 {
                    observer.onError(TestError(id: 1))
                }
                observer.onNext(3)
                observer.onNext(4)
                observer.onNext(5)
                observer.onCompleted()
                return Disposables.create()
            }
            #expect(source.retry().recordSynchronously() == [
                .next(0), .next(1), .next(2), .next(0), .next(1), .next(2), .next(3), .next(4), .next(5), .completed,
            ])
            #expect(subscriptions == 2)
        }

        @Test func resubscribingHappensAtOnceNotBehindOtherTrampolinedWork() {
            // As RxSwift's gate: the next attempt starts inside the failed one's error,
            // so its elements come before the outer sequence's next element, which
            // waits on the current thread's trampoline.
            let log = SideEffectLog()
            let attempts = Counter()
            let inner = Observable<Int>.deferred {
                attempts.increment() == 1 ? .error(TestError(id: 1)) : .just(10)
            }
            var inners: [Disposable] = []
            let outer = Observable.of(1, 2).subscribe(onNext: { value in
                log.append("outer \(value)")
                if value == 1 {
                    inners.append(inner.retry(2).subscribe(onNext: { log.append("inner \($0)") }))
                }
            })
            outer.dispose()
            inners.forEach { $0.dispose() }
            #expect(log.all == ["outer 1", "inner 10", "outer 2"])
        }

        @Test func disposingOnAnotherThreadWhileTheSourceFailsLeavesNothingSubscribed() {
            for _ in 0..<TimeRace.rounds {
                let feed = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = Unchecked(feed.observable.retry().subscribe(probe))
                TimeRace.race({
                    feed.fail(TestError(id: 1))
                }, {
                    subscription.value.dispose()
                })
                #expect(probe.events.isEmpty)
                #expect(feed.subscriptions.value <= 2)
                #expect(feed.disposals.value == feed.subscriptions.value)
            }
        }

        @Test func twentyThousandSynchronousFailuresKeepTheStackFlat() {
            let attempts = Counter()
            let events = ErrorHandlingSupport.failing(20_000, attempts: attempts).retry().recordSynchronously()
            #expect(events == [.next(20_001), .completed])
            let counted = Counter()
            let limited = ErrorHandlingSupport.failing(20_000, attempts: counted).retry(20_000).recordSynchronously()
            #expect(limited == [.error(TestError(id: 20_000))])
        }

        @Test func twentyThousandSynchronousFailuresFitAWorkerThreadsStack() {
            let succeeded = ErrorHandlingSupport.onWorkerThread {
                let attempts = Counter()
                return ErrorHandlingSupport.failing(20_000, attempts: attempts).retry().recordSynchronously()
                    == [.next(20_001), .completed]
            }
            #expect(succeeded == true)
        }

        @Test func nestedRetriesMultiplyTheAttempts() {
            let attempts = Counter()
            let events = ErrorHandlingSupport.failing(100, attempts: attempts).retry(2).retry(3).recordSynchronously()
            #expect(events == [.error(TestError(id: 6))])
            #expect(attempts.value == 6)
        }
    }
}
