import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `multicast`'s subject factories, written in main-actor code, run on the main
    /// queue though the subscription, or `connect()`, is made on a background queue.
    @Suite struct SharingIsolationTests {
        /// `connect()` called on a background queue moves to the main actor, and so
        /// does the subscription that first needs the subject.
        @MainActor
        @Test func multicastsMakeSubjectRunsOnTheMainActor() async {
            let baseline = Resources.total
            do {
                let places = Places()
                let connectable = sentFromBackground([1, 2, 3]).multicast(makeSubject: {
                    places.append(onMainQueueNow())
                    return ReplaySubject<Int>.createUnbounded()
                })
                let shared = Unchecked(connectable)
                let connection = Guarded<Disposable?>(nil)
                DispatchQueue.global().sync {
                    let made = shared.value.connect()
                    connection.withLock { $0 = made }
                }
                #expect(await events(of: connectable.map { "\($0)" }) == ["next(1)", "next(2)", "next(3)", "completed"])
                #expect(places.count == 1)
                #expect(places.all.allSatisfy { $0 })
                connection.withLock { $0?.dispose() }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func multicastsSubjectSelectorAndSelectorRunOnTheMainActor() async {
            let baseline = Resources.total
            await expectOnMainActor(["next(1)", "next(2)", "next(3)", "completed"], calls: 2) { places in
                subscribedFromBackground(
                    sentFromBackground([1, 2, 3]).multicast(
                        {
                            places.append(onMainQueueNow())
                            return PublishSubject<Int>()
                        },
                        selector: { shared in
                            places.append(onMainQueueNow())
                            return shared.map { "\($0)" }
                        }
                    )
                )
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
