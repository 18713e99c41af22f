import Testing
@testable import Ripple

extension RippleTests {
    /// The selectors of the combining operators (and of the trait forms generated with
    /// them), written in main-actor code, run on the main queue though the elements are
    /// sent from a background queue; the elements are still combined as they arrive.
    @Suite struct CombiningIsolationTests {
        @MainActor
        @Test func flatMapLatestAndWithLatestFromRunOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(2)", "next(3)", "completed"], calls: 3) { places in
                sentFromBackground([1, 2, 3]).flatMapLatest { element in
                    places.append(onMainQueueNow())
                    return Observable.just("\(element)")
                }
            }
            // `just("a")` sends during the subscription, before the background source.
            await expectOnMainActor(["next(1a)", "next(2a)", "next(3a)", "completed"], calls: 3) { places in
                sentFromBackground([1, 2, 3]).withLatestFrom(Observable.just("a")) { element, latest in
                    places.append(onMainQueueNow())
                    return "\(element)\(latest)"
                }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func combineLatestAndZipSelectorsRunOnTheMainActor() async {
            let baseline = Resources.total
            // The synchronous sources come first, so they send during the subscription,
            // before the background one is subscribed: the combinations are known.
            await expectOnMainActor(["next(11)", "next(12)", "next(13)", "completed"], calls: 3) { places in
                Observable.combineLatest(Observable.just(10), sentFromBackground([1, 2, 3])) { ten, element in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
            }
            await expectOnMainActor(["next(1-2-3-4-5-6-7-8)", "next(1-2-3-4-5-6-7-9)", "completed"], calls: 2) { places in
                Observable.combineLatest(
                    Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4),
                    Observable.just(5), Observable.just(6), Observable.just(7), sentFromBackground([8, 9])
                ) { a, b, c, d, e, f, g, h in
                    places.append(onMainQueueNow())
                    return [a, b, c, d, e, f, g, h].map(String.init).joined(separator: "-")
                }
            }
            await expectOnMainActor(["next([10, 1])", "next([10, 2])", "completed"], calls: 2) { places in
                Observable.combineLatest([Observable.just(10), sentFromBackground([1, 2])]) { latest in
                    places.append(onMainQueueNow())
                    return "\(latest)"
                }
            }
            await expectOnMainActor(["next(11)", "next(22)", "completed"], calls: 2) { places in
                Observable.zip(Observable.of(10, 20, 30), sentFromBackground([1, 2])) { tens, element in
                    places.append(onMainQueueNow())
                    return "\(element + tens)"
                }
            }
            await expectOnMainActor(["next(1-2-3-4-5-6-7-8)", "completed"], calls: 1) { places in
                Observable.zip(
                    Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4),
                    Observable.just(5), Observable.just(6), Observable.just(7), sentFromBackground([8])
                ) { a, b, c, d, e, f, g, h in
                    places.append(onMainQueueNow())
                    return [a, b, c, d, e, f, g, h].map(String.init).joined(separator: "-")
                }
            }
            await expectOnMainActor(["next([10, 1])", "next([20, 2])", "completed"], calls: 2) { places in
                Observable.zip([Observable.of(10, 20), sentFromBackground([1, 2])]) { group in
                    places.append(onMainQueueNow())
                    return "\(group)"
                }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// The trait forms generated with the Observable ones forward the isolation.
        @MainActor
        @Test func traitCombineLatestAndZipSelectorsRunOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(11)", "next(12)", "completed"], calls: 2) { places in
                Infallible.combineLatest(
                    Infallible.just(10),
                    sentFromBackground([1, 2]).asInfallible(onErrorJustReturn: 0)
                ) { ten, element in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
                .asObservable()
            }
            await expectOnMainActor(["next(11)", "completed"], calls: 1) { places in
                Infallible.zip(
                    Infallible.just(10),
                    sentFromBackground([1]).asInfallible(onErrorJustReturn: 0)
                ) { ten, element in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
                .asObservable()
            }
            await expectOnMainActor(["next(11)", "completed"], calls: 1) { places in
                Single.zip(Single.just(10), sentFromBackground([1]).asSingle()) { ten, element in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
                .asObservable()
            }
            await expectOnMainActor(["next(11)", "completed"], calls: 1) { places in
                Maybe.zip(Maybe.just(10), sentFromBackground([1]).asMaybe()) { ten, element in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
                .asObservable()
            }
            // A Driver delivers on the main queue already: this only shows that the
            // forms with a selector still send what they did (one element each, so the
            // order in which the two Drivers deliver does not matter).
            await expectOnMainActor(["next(11)", "completed"], calls: 1) { places in
                Driver.combineLatest(
                    sentFromBackground([1]).asDriver(onErrorJustReturn: 0),
                    Driver.just(10)
                ) { element, ten in
                    places.append(onMainQueueNow())
                    return "\(element + ten)"
                }
                .asObservable()
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
