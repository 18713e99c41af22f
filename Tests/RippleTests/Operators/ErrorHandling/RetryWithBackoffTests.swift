import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct RetryWithBackoffTests {
        /// A source that plays `failing` for the first `failures` subscriptions and
        /// `succeeding` after them.
        static func failingThenSucceeding(
            failures: Int, _ failing: TestableObservable<Int>, _ succeeding: TestableObservable<Int>
        ) -> Observable<Int> {
            let count = Counter()
            return Observable.deferred {
                count.increment() <= failures ? failing.asObservable() : succeeding.asObservable()
            }
        }

        /// Random numbers the test chooses, one per call.
        final class ScriptedRandom: Sendable {
            private let values: LockedValue<[Double]>
            init(_ values: [Double]) { self.values = LockedValue(values) }
            func next() -> Double { values.withLock { $0.removeFirst() } }
        }

        @Test func failuresAreRetriedAfterGrowingWaitsUntilAnAttemptSucceeds() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
            let succeeding = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let observer = scheduler.start {
                Self.failingThenSucceeding(failures: 2, failing, succeeding)
                    .retry(maxAttempts: 5, initialDelay: .seconds(10), scheduler: scheduler)
            }
            // Fails at 220, waits 10; fails at 250, waits 20; succeeds.
            #expect(observer.events == [.next(210, 1), .next(240, 1), .next(280, 2), .completed(290)])
            #expect(failing.subscriptions == [Subscription(200, 220), Subscription(230, 250)])
            #expect(succeeding.subscriptions == [Subscription(270, 290)])
        }

        @Test func theLastAttemptsErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 7))])
            let observer = scheduler.start {
                failing.asObservable().retry(maxAttempts: 3, initialDelay: .seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .next(240, 1), .next(280, 1), .error(290, TestError(id: 7))])
            #expect(failing.subscriptions == [Subscription(200, 220), Subscription(230, 250), Subscription(270, 290)])
        }

        @Test func oneAttemptMeansNoRetry() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
            let observer = scheduler.start {
                failing.asObservable().retry(maxAttempts: 1, initialDelay: .seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError())])
            #expect(failing.subscriptions == [Subscription(200, 220)])
        }

        @Test func maxDelayCapsTheWaits() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(20, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 5, initialDelay: .seconds(10), multiplier: 3, maxDelay: .seconds(20), scheduler: scheduler
                )
            }
            // Waits 10, then min(30, 20), min(90, 20), min(270, 20).
            #expect(observer.events == [.error(370, TestError())])
            #expect(failing.subscriptions == [
                Subscription(200, 220), Subscription(230, 250), Subscription(270, 290), Subscription(310, 330), Subscription(350, 370),
            ])
        }

        @Test func aMultiplierOfOneKeepsTheWaitConstant() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(5, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                failing.asObservable().retry(maxAttempts: 4, initialDelay: .seconds(15), multiplier: 1, scheduler: scheduler)
            }
            #expect(observer.events == [.error(265, TestError())])
            #expect(failing.subscriptions == [
                Subscription(200, 205), Subscription(220, 225), Subscription(240, 245), Subscription(260, 265),
            ])
        }

        @Test func subSecondDelaysAreExactAtAFinerResolution() {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)   // one tick per millisecond
            let failing = scheduler.createColdObservable([.error(1, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                failing.asObservable().retry(maxAttempts: 3, initialDelay: .milliseconds(250), multiplier: 1.5, scheduler: scheduler)
            }
            // Fails at 201, waits 250 ms; fails at 452, waits 375 ms; fails at 828.
            #expect(observer.events == [.error(828, TestError())])
            #expect(failing.subscriptions == [Subscription(200, 201), Subscription(451, 452), Subscription(827, 828)])
        }

        @Test func jitterSpreadsEachWaitWithTheInjectedRandomNumbers() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(20, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let random = ScriptedRandom([0, 0.75, 1.5])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 4, initialDelay: .seconds(20),
                    jitter: .proportional(0.5, random: { random.next() }), scheduler: scheduler
                )
            }
            // 20 × (0.5 + 0) = 10; 40 × (0.5 + 0.75) = 50; 80 × (0.5 + 1, clamped) = 120.
            #expect(observer.events == [.error(460, TestError())])
            #expect(failing.subscriptions == [
                Subscription(200, 220), Subscription(230, 250), Subscription(300, 320), Subscription(440, 460),
            ])
        }

        @Test func jitterSpreadsAroundTheCappedDelay() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(10, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 2, initialDelay: .seconds(100), maxDelay: .seconds(40),
                    jitter: .proportional(0.25, random: { 0.0 }), scheduler: scheduler
                )
            }
            // min(100, 40) × 0.75 = 30.
            #expect(failing.subscriptions == [Subscription(200, 210), Subscription(240, 250)])
            #expect(observer.events == [.error(250, TestError())])
        }

        @Test func theDefaultJitterStaysWithinItsSpread() {
            let jitter = RetryJitter.proportional(0.2)
            for _ in 0 ..< 1_000 {
                let spread = jitter.apply(to: 10)
                #expect(spread >= 8 && spread <= 12)
            }
            #expect(RetryJitter.none.apply(to: 10) == 10)
        }

        @Test func anErrorThatShouldNotBeRetriedEndsTheResultAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 5, initialDelay: .seconds(10), scheduler: scheduler, shouldRetry: { _ in false }
                )
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 1))])
            #expect(failing.subscriptions == [Subscription(200, 220)])
        }

        @Test func shouldRetrySeesEachErrorAndChoosesWhichToRetry() {
            let scheduler = TestScheduler(initialClock: 0)
            let transient = scheduler.createColdObservable([.error(10, TestError(id: 1))] as [RippleTest.Recorded<Event<Int>>])
            let permanent = scheduler.createColdObservable([.error(10, TestError(id: 2))] as [RippleTest.Recorded<Event<Int>>])
            let seen = ValueLog<Int>()
            let observer = scheduler.start {
                Self.failingThenSucceeding(failures: 2, transient, permanent)
                    .retry(maxAttempts: 10, initialDelay: .seconds(5), scheduler: scheduler, shouldRetry: { error in
                        let id = (error as? TestError)?.id ?? -1
                        seen.append(id)
                        return id == 1
                    })
            }
            #expect(seen.all == [1, 1, 2])
            #expect(observer.events == [.error(245, TestError(id: 2))])
            #expect(transient.subscriptions == [Subscription(200, 210), Subscription(215, 225)])
            #expect(permanent.subscriptions == [Subscription(235, 245)])
        }

        @Test func shouldRetryThatThrowsEndsTheResultWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 5, initialDelay: .seconds(10), scheduler: scheduler,
                    shouldRetry: { _ in throw TestError(id: 42) }
                )
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 42))])
            #expect(failing.subscriptions == [Subscription(200, 220)])
        }

        @Test func aSourceThatCompletesIsNotRetried() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let observer = scheduler.start {
                source.asObservable().retry(maxAttempts: 3, initialDelay: .seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.completed(5)] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                source.asObservable().retry(maxAttempts: 3, initialDelay: .seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.completed(205)])
            #expect(source.subscriptions == [Subscription(200, 205)])
        }

        @Test func disposingDuringAWaitCancelsTheNextAttempt() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
            let observer = scheduler.start(disposed: 235) {
                failing.asObservable().retry(maxAttempts: 5, initialDelay: .seconds(30), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1)])
            #expect(failing.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingDuringAnAttemptUnsubscribesIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
            let observer = scheduler.start(disposed: 245) {
                failing.asObservable().retry(maxAttempts: 5, initialDelay: .seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .next(240, 1)])
            #expect(failing.subscriptions == [Subscription(200, 220), Subscription(230, 245)])
        }

        @Test func invalidArgumentsFailAtSubscriptionWithoutSubscribing() {
            let invalid: [(Observable<Int>, SchedulerType) -> Observable<Int>] = [
                { $0.retry(maxAttempts: 0, initialDelay: .seconds(1), scheduler: $1) },
                { $0.retry(maxAttempts: -3, initialDelay: .seconds(1), scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(-1), scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .never, scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), multiplier: 0.5, scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), multiplier: .nan, scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), multiplier: .infinity, scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .milliseconds(-5), scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), jitter: .proportional(1.5), scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), jitter: .proportional(-0.1), scheduler: $1) },
                { $0.retry(maxAttempts: 3, initialDelay: .seconds(1), jitter: .proportional(.nan), scheduler: $1) },
            ]
            for makeRetrying in invalid {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
                let observer = scheduler.start { makeRetrying(source.asObservable(), scheduler) }
                #expect(observer.events == [.error(200, RxError.argumentOutOfRange)])
                #expect(source.subscriptions.isEmpty)
            }
        }

        @Test func boundaryArgumentsAreValid() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(10, TestError())] as [RippleTest.Recorded<Event<Int>>])
            let observer = scheduler.start {
                failing.asObservable().retry(
                    maxAttempts: 3, initialDelay: .seconds(5), multiplier: 1, maxDelay: .never,
                    jitter: .proportional(1, random: { 0.5 }), scheduler: scheduler
                )
            }
            // A fraction of 1 with random 0.5 is the exact delay; `.never` means no cap.
            #expect(observer.events == [.error(240, TestError())])
            #expect(failing.subscriptions == [Subscription(200, 210), Subscription(215, 225), Subscription(230, 240)])
        }

        @Test func theNextAttemptIsSubscribedOnTheScheduler() {
            let queue = MarkedQueue("retry-backoff")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "retry-backoff.serial")
            let onQueue = ValueLog<Bool>()
            let count = Counter()
            let source = Observable<String>.deferred {
                onQueue.append(queue.isCurrent)
                return count.increment() < 3 ? .error(TestError()) : .just("ok")
            }
            let recorder = EventRecorder<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = source
                // Long enough that the first attempt has surely returned when the wait
                // ends (an attempt still being set up would run the next one itself).
                .retry(maxAttempts: 3, initialDelay: .milliseconds(100), multiplier: 1, scheduler: scheduler)
                .do(afterCompleted: { done.signal() })
                .subscribe(recorder)
            #expect(waitFor(done))
            subscription.dispose()
            #expect(recorder.events == [.next("ok"), .completed])
            // The first attempt runs where `subscribe` was called; the retries on the scheduler.
            #expect(onQueue.all == [false, true, true])
        }
    }
}
