import Testing
@testable import Ripple

extension RippleTests {
    /// `deferred`'s factory and `generate`'s closures, written in main-actor code, run on
    /// the main queue though the subscription is made on a background queue, or the
    /// steps are scheduled on one.
    @Suite struct CreationIsolationTests {
        @MainActor
        @Test func deferredsFactoryRunsOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(made)", "completed"], calls: 1) { places in
                subscribedFromBackground(Observable.deferred {
                    places.append(onMainQueueNow())
                    return Observable.just("made")
                })
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Pages written on the main actor, each concatenating the next behind
        /// `deferred` (or `just(page).flatMap`), still unfold in `concat`: every
        /// factory runs at the same depth of the stack, not one level deeper per page.
        @MainActor
        @Test func recursivePagesWrittenOnTheMainActorKeepTheStackFlat() {
            let lastPage = 300
            var depths: [UInt] = []
            func page(_ number: Int) -> Observable<Int> {
                Observable.just(number).concat(Observable.deferred {
                    depths.append(stackAddress())
                    return number < lastPage ? page(number + 1) : Observable.empty()
                })
            }
            func load(_ number: Int) -> Observable<Int> {
                Observable.just(number).flatMap { number in
                    depths.append(stackAddress())
                    return Observable.just(number).concat(number < lastPage ? load(number + 1) : Observable.empty())
                }
            }
            for pages in [page(0), load(0)] {
                depths = []
                var received = 0
                pages.subscribe(onNext: { _ in received += 1 }).dispose()
                #expect(received == lastPage + 1)
                #expect(depths.count >= lastPage)
                let spread = (depths.max() ?? 0) - (depths.min() ?? 0)
                #expect(spread < 64 * 1024, "the factories ran \(spread) bytes of stack apart")
            }
        }

        /// With the default scheduler, the subscription moves to the main actor and the
        /// loop runs there.
        @MainActor
        @Test func generateWithTheDefaultSchedulerRunsItsLoopOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(0)", "next(1)", "next(2)", "completed"], calls: 4 + 3) { places in
                subscribedFromBackground(
                    Observable.generate(
                        initialState: 0,
                        condition: { state in
                            places.append(onMainQueueNow())
                            return state < 3
                        },
                        iterate: { state in
                            places.append(onMainQueueNow())
                            return state + 1
                        }
                    )
                    .map { "\($0)" }
                )
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Subscribed on the main actor, it stays synchronous: every state is sent
        /// before `subscribe` returns, as without isolation.
        @MainActor
        @Test func generateSubscribedOnTheMainActorIsStillSynchronous() {
            var states: [Int] = []
            let subscription = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })
                .subscribe(onNext: { states.append($0) })
            #expect(states == [0, 1, 2])
            subscription.dispose()
        }

        /// With another scheduler, each step is still scheduled there, then runs on the
        /// main actor.
        @MainActor
        @Test func generateOnABackgroundSchedulerRunsEachStepOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(0)", "next(1)", "next(2)", "completed"], calls: 4 + 3) { places in
                Observable.generate(
                    initialState: 0,
                    condition: { state in
                        places.append(onMainQueueNow())
                        return state < 3
                    },
                    scheduler: SerialDispatchQueueScheduler(qos: .default),
                    iterate: { state in
                        places.append(onMainQueueNow())
                        return state + 1
                    }
                )
                .map { "\($0)" }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// The same on a custom actor: the steps run on its executor.
        @Test func generateOnABackgroundSchedulerRunsEachStepOnItsActor() async {
            let baseline = Resources.total
            do {
                let places = Places()
                let actor = MarkedActor()
                let received = await actor.record { actor in
                    Observable.generate(
                        initialState: 0,
                        condition: { state in
                            places.append(actor.isCurrent)
                            return state < 3
                        },
                        scheduler: SerialDispatchQueueScheduler(qos: .default),
                        iterate: { state in
                            places.append(actor.isCurrent)
                            return state + 1
                        }
                    )
                }
                #expect(received == ["next(0)", "next(1)", "next(2)", "completed"])
                #expect(places.count == 4 + 3)
                #expect(places.all.allSatisfy { $0 })
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}

/// An address in the caller's stack frame, to compare how deep two calls ran.
@inline(never)
private func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
