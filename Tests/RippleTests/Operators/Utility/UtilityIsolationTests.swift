import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `do`'s actions and `using`'s factories, written in main-actor code, run on the
    /// main queue though the events are sent from, and the subscription is made on, a
    /// background queue.
    @Suite struct UtilityIsolationTests {
        /// Every action: the event ones with the events, `onSubscribe`/`onSubscribed`
        /// with the subscription (moved to the main actor), `onDispose` after it.
        @MainActor
        @Test func everyActionOfDoRunsOnTheMainActor() async {
            let baseline = Resources.total
            do {
                let log = ValueLog<String>()
                let record: @MainActor (String) -> Void = { log.append("\($0) main=\(onMainQueueNow())") }
                let received = await events(of: subscribedFromBackground(
                    sentFromBackground([1, 2])
                        .do(
                            onNext: { record("onNext(\($0))") },
                            afterNext: { record("afterNext(\($0))") },
                            onCompleted: { record("onCompleted") },
                            afterCompleted: { record("afterCompleted") },
                            onSubscribe: { record("onSubscribe") },
                            onSubscribed: { record("onSubscribed") },
                            onDispose: { record("onDispose") }
                        )
                        .map { "\($0)" }
                ))
                #expect(received == ["next(1)", "next(2)", "completed"])
                #expect(await eventually { log.count == 9 })
                #expect(Array(log.all.prefix(7)) == [
                    "onSubscribe main=true", "onSubscribed main=true",
                    "onNext(1) main=true", "afterNext(1) main=true",
                    "onNext(2) main=true", "afterNext(2) main=true",
                    "onCompleted main=true",
                ])
                // `onDispose` runs before `afterCompleted` when the `map` after `do`
                // disposes it, here, on completion; after it when the subscriber's
                // disposal, sent to the background queue by `subscribe(on:)`, gets
                // there first (then it hops back). Both happen without isolation too.
                #expect(Set(log.all.suffix(2)) == ["afterCompleted main=true", "onDispose main=true"])

                let errors = ValueLog<String>()
                let failed = await events(of: sentFromBackground([Int](), thenError: TestError())
                    .do(
                        onError: { errors.append("onError \($0) main=\(onMainQueueNow())") },
                        afterError: { errors.append("afterError \($0) main=\(onMainQueueNow())") }
                    )
                    .map { "\($0)" })
                #expect(failed == ["error(TestError(0))"])
                #expect(errors.all == ["onError TestError(0) main=true", "afterError TestError(0) main=true"])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// `do(onDispose:)` alone leaves the events where they are, and runs its action
        /// on the main actor, here after a disposal made on a background queue (the
        /// completion's, sent from there once the subscription is made).
        @MainActor
        @Test func doOnDisposeAloneMovesOnlyTheAction() async {
            let baseline = Resources.total
            do {
                let places = Places()
                let elementsOnMain = ValueLog<Bool>()
                let disposed = ValueLog<Bool>()
                let subject = PublishSubject<Int>()
                let subscription = subject
                    .do(onDispose: {
                        places.append(onMainQueueNow())
                        disposed.append(true)
                    })
                    .subscribe(recordingPlaces(into: elementsOnMain))
                let feed = Unchecked(subject)
                DispatchQueue.global().async {
                    feed.value.onNext(1)
                    feed.value.onNext(2)
                    feed.value.onCompleted()
                }
                #expect(await eventually { disposed.count == 1 })
                #expect(places.all == [true])
                #expect(elementsOnMain.all == [false, false])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func usingsFactoriesRunOnTheMainActor() async {
            let baseline = Resources.total
            do {
                let resourceDisposedOnMain = ValueLog<Bool>()
                await expectOnMainActor(["next(from the resource)", "completed"], calls: 2) { places in
                    subscribedFromBackground(Observable.using(
                        {
                            places.append(onMainQueueNow())
                            return PlaceRecordingResource(places: resourceDisposedOnMain)
                        },
                        observableFactory: { _ in
                            places.append(onMainQueueNow())
                            return Observable.just("from the resource")
                        }
                    ))
                }
                #expect(await eventually { resourceDisposedOnMain.count == 1 })
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}

/// A resource for `using` that records whether it is disposed on the main queue.
private final class PlaceRecordingResource: Disposable {
    private let places: ValueLog<Bool>

    init(places: ValueLog<Bool>) {
        self.places = places
    }

    func dispose() {
        places.append(onMainQueueNow())
    }
}

/// An observer (no closure of the caller's, so no isolation) that records for each
/// element whether it arrived on the main queue.
private func recordingPlaces(into log: ValueLog<Bool>) -> AnyObserver<Int> {
    AnyObserver { event in
        if case .next = event {
            log.append(onMainQueueNow())
        }
    }
}
