import Testing
@testable import Ripple

/// An object for `withUnretained` to hold weakly.
private final class Owner {}

extension RippleTests {
    /// The closures of the transforming operators, written in main-actor code, run on the
    /// main queue though the elements are sent from a background queue.
    @Suite struct TransformingIsolationTests {
        @MainActor
        @Test func compactMapScanReduceGroupByAndWithUnretainedRunOnTheMainActor() async {
            let baseline = Resources.total
            let source = [1, 2, 3, 4]
            await expectOnMainActor(["next(2)", "next(4)", "completed"], calls: 4) { places in
                sentFromBackground(source).compactMap { element in
                    places.append(onMainQueueNow())
                    return element.isMultiple(of: 2) ? "\(element)" : nil
                }
            }
            await expectOnMainActor(["next(1)", "next(3)", "next(6)", "next(10)", "completed"], calls: 4) { places in
                sentFromBackground(source)
                    .scan(0) { total, element in
                        places.append(onMainQueueNow())
                        return total + element
                    }
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next([1])", "next([1, 2])", "next([1, 2, 3])", "next([1, 2, 3, 4])", "completed"], calls: 4) { places in
                sentFromBackground(source)
                    .scan(into: [Int]()) { elements, element in
                        places.append(onMainQueueNow())
                        elements.append(element)
                    }
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(sum 10)", "completed"], calls: 5) { places in
                sentFromBackground(source).reduce(
                    0,
                    accumulator: { total, element in
                        places.append(onMainQueueNow())
                        return total + element
                    },
                    mapResult: { total in
                        places.append(onMainQueueNow())
                        return "sum \(total)"
                    }
                )
            }
            await expectOnMainActor(["next(10)", "completed"], calls: 4) { places in
                sentFromBackground(source)
                    .reduce(0) { total, element in
                        places.append(onMainQueueNow())
                        return total + element
                    }
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(1:1)", "next(0:2)", "next(1:3)", "next(0:4)", "completed"], calls: 4) { places in
                sentFromBackground(source)
                    .groupBy { element in
                        places.append(onMainQueueNow())
                        return element % 2
                    }
                    .flatMap { group in group.map { "\(group.key):\($0)" } }
            }
            let owner = Owner()
            await expectOnMainActor(["next(1)", "next(2)", "next(3)", "next(4)", "completed"], calls: 4) { places in
                sentFromBackground(source).withUnretained(owner) { pair in
                    places.append(onMainQueueNow())
                    return "\(pair.1)"
                }
            }
            withExtendedLifetime(owner) {}
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func theSelectorsOfTheFlatMapFamilyRunOnTheMainActor() async {
            let baseline = Resources.total
            let expected = ["next(1)", "next(2)", "next(3)", "completed"]
            await expectOnMainActor(expected, calls: 3) { places in
                sentFromBackground([1, 2, 3]).flatMap { element in
                    places.append(onMainQueueNow())
                    return Observable.just("\(element)")
                }
            }
            await expectOnMainActor(expected, calls: 3) { places in
                sentFromBackground([1, 2, 3]).flatMapFirst { element in
                    places.append(onMainQueueNow())
                    return Observable.just("\(element)")
                }
            }
            await expectOnMainActor(expected, calls: 3) { places in
                sentFromBackground([1, 2, 3]).concatMap { element in
                    places.append(onMainQueueNow())
                    return Observable.just("\(element)")
                }
            }
            // `just(x).flatMap` takes a shortcut of its own (a deferred selector, which a
            // `concat` can unfold): the selector runs at subscription, moved to the actor.
            await expectOnMainActor(["next(7)", "completed"], calls: 1) { places in
                subscribedFromBackground(Observable.just(7).flatMap { element in
                    places.append(onMainQueueNow())
                    return Observable.just("\(element)")
                })
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// `filter`, `map` and `compactMap` written on the main actor still fuse (one
        /// producer behind one hop), and every closure of the run is called there.
        @MainActor
        @Test(.takesAFastPath) func mainActorFilterMapAndCompactMapStillFuse() async {
            let baseline = Resources.total
            do {
                let places = Places()
                let run = sentFromBackground([1, 2, 3, 4])
                    .filter { places.append(onMainQueueNow()); return $0 > 1 }
                    .map { places.append(onMainQueueNow()); return $0 * 10 }
                    .compactMap { places.append(onMainQueueNow()); return $0 == 30 ? nil : "\($0)" }
                #expect(run is FusedProducer<Int, String>)
                #expect(await events(of: run) == ["next(20)", "next(40)", "completed"])
                #expect(places.count == 4 + 3 + 3)
                #expect(places.all.allSatisfy { $0 })

                let pair = sentFromBackground([1, 2, 3])
                    .map { places.append(onMainQueueNow()); return $0 * 2 }
                    .filter { places.append(onMainQueueNow()); return $0 != 4 }
                #expect(pair is MapFilterProducer<Int, Int>)
                #expect(await events(of: pair) == ["next(2)", "next(6)", "completed"])
                #expect(places.all.allSatisfy { $0 })
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
