import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// Merge's list of running inners links each inner to the one before it without
    /// retaining it (`Unmanaged`), relying on the list's forward links to keep every
    /// linked inner alive. These rounds unlink inners from both ends of the list at once,
    /// complete some during their own subscription (`just`), and dispose everything at a
    /// varying moment, so that a link outliving its inner would crash or show up under the
    /// Thread Sanitizer (this suite runs under it in CI).
    @Suite struct MergeLinkStressTests {
        enum Flattening: CaseIterable, Sendable {
            case flatMap, mergeOneAtATime, mergeThreeAtATime, flatMapLatest
        }

        private static func round(_ flattening: Flattening, disposeAfterSpins spins: Int) {
            let count = 48
            let inners = (0..<count).map { _ in PublishSubject<Int>() }
            let outer = PublishSubject<Int>()
            let received = Counter()
            let completions = Counter()
            // Every fifth inner is `just`: it completes while it is being subscribed.
            let select: (Int) -> Observable<Int> = { index in
                index % 5 == 0 ? Observable.just(index) : inners[index].asObservable()
            }
            let flattened: Observable<Int>
            switch flattening {
            case .flatMap: flattened = outer.flatMap(select)
            case .mergeOneAtATime: flattened = outer.map(select).merge(maxConcurrent: 1)
            case .mergeThreeAtATime: flattened = outer.map(select).merge(maxConcurrent: 3)
            case .flatMapLatest: flattened = outer.flatMapLatest(select)
            }
            let subscription = flattened.subscribe(
                onNext: { _ in received.increment() },
                onCompleted: { completions.increment() }
            )
            let shared = Unchecked((inners, outer, subscription))
            SerializationPointConcurrencyTests.race(threads: 4) { thread in
                let (inners, outer, subscription) = shared.value
                switch thread {
                case 0:
                    for index in 0..<count { outer.onNext(index) }
                    outer.onCompleted()
                case 1:
                    for index in stride(from: 0, to: count, by: 2) {
                        inners[index].onNext(index)
                        inners[index].onCompleted()
                    }
                case 2:
                    for index in stride(from: count - 1, through: 0, by: -2) {
                        inners[index].onNext(index)
                        inners[index].onCompleted()
                    }
                default:
                    var spun = 0
                    while spun < spins { spun += 1 }
                    subscription.dispose()
                }
            }
            // Each inner sends one element at most, and the end comes once at most (it
            // may not come at all: the dispose can win).
            #expect(received.value <= count)
            #expect(completions.value <= 1)
            subscription.dispose()
        }

        @Test(arguments: [Flattening.flatMap, .mergeOneAtATime, .mergeThreeAtATime, .flatMapLatest])
        func innersUnlinkedFromBothEndsWhileDisposed(_ flattening: Flattening) {
            for round in 0..<150 {
                Self.round(flattening, disposeAfterSpins: (round % 15) * 400)
            }
        }
    }
}
