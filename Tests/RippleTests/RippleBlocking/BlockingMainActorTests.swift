import Dispatch
import Testing
@testable import Ripple
import RippleBlocking

extension RippleTests {
    /// The blocking operators called from main-actor code, where Ripple runs the
    /// closures written there on the main actor: the wait must let that work through,
    /// or it would wait for itself.
    @Suite struct BlockingMainActorTests {
        /// A main-actor `map` after `observe(on:)` a background queue, waited for on the
        /// main actor: Swift Testing runs this inside a main-queue block, where only the
        /// wait itself can run the map.
        @MainActor
        @Test func aMainActorClosureRunsWhileTheMainActorWaits() throws {
            let places = ValueLog<Bool>()
            let doubled = try Observable.of(1, 2, 3)
                .observe(on: SerialDispatchQueueScheduler(qos: .default))
                .map { value in
                    places.append(onMainQueueNow())
                    return value * 2
                }
                .toBlocking(timeout: 10)
                .toArray()
            #expect(doubled == [2, 4, 6])
            #expect(places.all == [true, true, true])
        }

        /// The same with a main-actor `create` body subscribed on a background queue:
        /// the subscription hops back to the waiting main actor.
        @MainActor
        @Test func aMainActorCreateBodySubscribedElsewhereRunsWhileTheMainActorWaits() throws {
            let source = Observable<Int>.create { observer in
                observer.onNext(onMainQueueNow() ? 1 : -1)
                observer.onCompleted()
                return Disposables.create()
            }
            let values = try source
                .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                .toBlocking(timeout: 10)
                .toArray()
            #expect(values == [1])
        }
    }
}
