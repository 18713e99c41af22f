import Testing
@testable import Ripple

extension RippleTests {
    /// `catch`'s handler, `retry(when:)`'s handler and the backoff's `shouldRetry`,
    /// written in main-actor code, run on the main queue though the errors are sent
    /// from a background queue and the subscription is made on one.
    @Suite struct ErrorHandlingIsolationTests {
        @MainActor
        @Test func catchsHandlerRunsOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(2)", "next(-1)", "completed"], calls: 1) { places in
                sentFromBackground([1, 2], thenError: TestError())
                    .catch { _ in
                        places.append(onMainQueueNow())
                        return Observable.just(-1)
                    }
                    .map { "\($0)" }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// The handler runs once per subscription, when it is made: the subscription
        /// made on a background queue moves to the main actor (and the attempts, which
        /// fail at once, then run there too).
        @MainActor
        @Test func retryWhensHandlerRunsOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(1)", "next(1)", "completed"], calls: 1) { places in
                subscribedFromBackground(
                    failingAtOnce(after: [1], with: TestError())
                        .retry(when: { (errors: Observable<Swift.Error>) -> Observable<Swift.Error> in
                            places.append(onMainQueueNow())
                            return errors.take(2)
                        })
                        .map { "\($0)" }
                )
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func theBackoffsShouldRetryRunsOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(1)", "next(1)", "error(TestError(3))"], calls: 2) { places in
                sentFromBackground([1], thenError: TestError(id: 3))
                    .retry(
                        maxAttempts: 3,
                        initialDelay: .milliseconds(1),
                        scheduler: SerialDispatchQueueScheduler(qos: .default),
                        shouldRetry: { _ in
                            places.append(onMainQueueNow())
                            return true
                        }
                    )
                    .map { "\($0)" }
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
