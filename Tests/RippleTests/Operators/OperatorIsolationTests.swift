import Testing
@testable import Ripple

extension RippleTests {
    /// The operators' closures written in nonisolated code still run where the event is
    /// sent (or the subscription made), as in RxSwift; written on a custom actor, they
    /// run on its executor.
    @Suite struct OperatorIsolationTests {
        /// `elements`, then completion (or `error`), sent on `sender`.
        private func sent<Element>(on sender: MarkedQueue, _ elements: [Element], thenError error: Swift.Error? = nil) -> Observable<Element> {
            let elements = Observable.from(elements)
            let all = error.map { elements.concat(Observable.error($0)) } ?? elements
            return all.subscribe(on: SerialDispatchQueueScheduler(queue: sender.queue, internalSerialQueueName: "OperatorIsolationTests.sender"))
        }

        @Test func nonisolatedClosuresRunOnTheSendingQueue() async {
            let baseline = Resources.total
            do {
                let sender = MarkedQueue("OperatorIsolationTests.sender")
                let places = Places()
                let here = { places.append(sender.isCurrent) }
                let chain = sent(on: sender, [1, 2, 3, 4])
                    .filter { here(); return $0 != 3 }
                    .compactMap { here(); return $0 * 2 }
                    .scan(0) { here(); return $0 + $1 }
                    .distinctUntilChanged { here(); return $0 }
                    .take(while: { here(); return $0 < 100 })
                    .skip(while: { here(); return $0 < 0 })
                    .do(onNext: { _ in here() })
                    .flatMap { here(); return Observable.just($0) }
                    .withLatestFrom(Observable.just(1000)) { here(); return $0 + $1 }
                    .reduce(0, accumulator: { here(); return $0 + $1 }, mapResult: { here(); return "\($0)" })
                // 1, 2, 4 pass the filter: 2, 6, 14 after scan, 1002, 1006, 1014 after
                // withLatestFrom. `skip(while:)` is asked once only.
                #expect(await events(of: chain) == ["next(3022)", "completed"])
                #expect(places.count == 4 + 3 * 4 + 1 + 3 * 3 + 3 + 1)
                #expect(places.all.allSatisfy { $0 }, "\(places.all)")

                let failing = sent(on: sender, [1], thenError: TestError())
                    .catch { _ in here(); return Observable.just(0) }
                // `just(10)` first: it sends during the subscription, before `failing` is
                // subscribed, so every combination is made on the sender.
                let combined = Observable.combineLatest(Observable.just(10), failing) { here(); return "\($0 + $1)" }
                #expect(await events(of: combined) == ["next(11)", "next(10)", "completed"])
                #expect(places.all.allSatisfy { $0 }, "\(places.all)")
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Written in an actor's code, per-event closures run on its executor, and so do
        /// the closures that run at subscription, for a subscription made elsewhere.
        @Test func closuresWrittenOnACustomActorRunOnIt() async {
            let baseline = Resources.total
            do {
                let actor = MarkedActor()
                let places = Places()
                let received = await actor.record { actor in
                    sentFromBackground([1, 2, 3])
                        .filter { places.append(actor.isCurrent); return $0 != 2 }
                        .scan(0) { places.append(actor.isCurrent); return $0 + $1 }
                        .do(onNext: { _ in places.append(actor.isCurrent) })
                        .concatMap { element in
                            subscribedFromBackground(Observable.deferred {
                                places.append(actor.isCurrent)
                                return Observable.just("\(element)")
                            })
                        }
                }
                #expect(received == ["next(1)", "next(4)", "completed"])
                #expect(places.count == 3 + 2 + 2 + 2)
                #expect(places.all.allSatisfy { $0 }, "\(places.all)")
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
