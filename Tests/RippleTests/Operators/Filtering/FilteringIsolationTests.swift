import Testing
@testable import Ripple

extension RippleTests {
    /// The closures of the filtering operators, written in main-actor code, run on the
    /// main queue though the elements are sent from a background queue.
    @Suite struct FilteringIsolationTests {
        private let source = [1, 1, 2, 2, 3, 1]

        @MainActor
        @Test func filterAndDistinctUntilChangedRunOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(2)", "next(2)", "next(3)", "completed"], calls: 6) { places in
                sentFromBackground(source)
                    .filter { element in
                        places.append(onMainQueueNow())
                        return element > 1
                    }
                    .map { "\($0)" }
            }
            let distinct = ["next(1)", "next(2)", "next(3)", "next(1)", "completed"]
            await expectOnMainActor(distinct, calls: 6) { places in
                sentFromBackground(source)
                    .distinctUntilChanged { (element: Int) -> Int in
                        places.append(onMainQueueNow())
                        return element
                    }
                    .map { "\($0)" }
            }
            await expectOnMainActor(distinct, calls: 5) { places in
                sentFromBackground(source)
                    .distinctUntilChanged { (last: Int, next: Int) -> Bool in
                        places.append(onMainQueueNow())
                        return last == next
                    }
                    .map { "\($0)" }
            }
            await expectOnMainActor(distinct, calls: 6 + 5) { places in
                sentFromBackground(source)
                    .distinctUntilChanged(
                        { element in
                            places.append(onMainQueueNow())
                            return element * 10
                        },
                        comparer: { last, next in
                            places.append(onMainQueueNow())
                            return last == next
                        }
                    )
                    .map { "\($0)" }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func takeWhileTakeUntilSkipWhileAndSingleRunOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(1)", "next(2)", "next(2)", "completed"], calls: 5) { places in
                sentFromBackground(source)
                    .take(while: { element in
                        places.append(onMainQueueNow())
                        return element < 3
                    })
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(1)", "next(1)", "next(2)", "completed"], calls: 3) { places in
                sentFromBackground(source)
                    .take(until: { element in
                        places.append(onMainQueueNow())
                        return element == 2
                    }, behavior: .inclusive)
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(2)", "next(2)", "next(3)", "next(1)", "completed"], calls: 3) { places in
                sentFromBackground(source)
                    .skip(while: { element in
                        places.append(onMainQueueNow())
                        return element < 2
                    })
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(3)", "completed"], calls: 6) { places in
                sentFromBackground(source)
                    .single { element in
                        places.append(onMainQueueNow())
                        return element == 3
                    }
                    .map { "\($0)" }
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
