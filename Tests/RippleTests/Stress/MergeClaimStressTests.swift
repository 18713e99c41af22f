import Testing
@testable import Ripple

extension RippleTests {
    /// `merge`'s inner elements take a free right to forward without the lock; these
    /// rounds race such elements against the endings decided under it (the outer
    /// sequence completing, the last inner completing, an inner failing), where an
    /// element could be lost, doubled, reordered or sent after the terminal event.
    @Suite struct MergeClaimStressTests {
        /// Elements seen by the observer, in delivery order.
        private final class Recorder: Sendable {
            let elements = LockedValue<[Int]>([])
            func record(_ element: Int) {
                elements.withLock { $0.append(element) }
            }
        }

        private static let perInner = 64

        /// Checks that each inner sequence's elements arrived in the order it sent them
        /// (inner `k` sends `k * 1_000 + i` for `i` in order), and returns how many arrived.
        private static func checkOrder(_ elements: [Int], inners: Int, round: Int) -> Int {
            var next = [Int](repeating: 0, count: inners)
            for element in elements {
                let inner = element / 1_000
                if element % 1_000 != next[inner] {
                    Issue.record("round \(round): inner \(inner) sent \(next[inner]) next, \(element % 1_000) arrived")
                    return elements.count
                }
                next[inner] += 1
            }
            return elements.count
        }

        @Test func innerElementsRacingTheOuterAndInnerCompletions() {
            Watchdog.run(rounds: 300) { round in
                let outer = PublishSubject<Observable<Int>>()
                let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
                let recorder = Recorder()
                let observer = GrammarObserver<Int>(onElement: { recorder.record($0) })
                let subscription = outer.merge().subscribe(observer)
                for inner in inners {
                    outer.onNext(inner.asObservable())
                }
                let shared = Unchecked((outer: outer, inners: inners))
                let send: @Sendable (Int) -> Void = { index in
                    let inner = shared.value.inners[index]
                    for element in 0..<Self.perInner {
                        inner.onNext(index * 1_000 + element)
                    }
                    inner.onCompleted()
                }
                Watchdog.concurrently(
                    { send(0) },
                    { send(1) },
                    {
                        Watchdog.jitter(round, scale: 16)
                        shared.value.outer.onCompleted()
                    }
                )
                observer.checkGrammar("round \(round)")
                let received = Self.checkOrder(recorder.elements.withLock { $0 }, inners: 2, round: round)
                #expect(received == 2 * Self.perInner, "round \(round): every element arrives once")
                #expect(observer.terminals == 1, "round \(round): completed once, after the last inner")
                subscription.dispose()
            }
        }

        @Test func innerElementsRacingAnInnerError() {
            Watchdog.run(rounds: 300) { round in
                let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
                let recorder = Recorder()
                let observer = GrammarObserver<Int>(onElement: { recorder.record($0) })
                let subscription = Observable.merge(inners.map { $0.asObservable() }).subscribe(observer)
                let shared = Unchecked(inners)
                Watchdog.concurrently(
                    {
                        for element in 0..<Self.perInner {
                            shared.value[0].onNext(element)
                        }
                    },
                    {
                        let inner = shared.value[1]
                        for element in 0..<(round % Self.perInner) {
                            inner.onNext(1_000 + element)
                        }
                        inner.onError(TestError(id: round))
                        // After the error: dropped, whichever path they take.
                        inner.onNext(1_999)
                    }
                )
                // After the error, and on this thread: dropped on the lock-free path.
                inners[0].onNext(999)
                observer.checkGrammar("round \(round)")
                let elements = recorder.elements.withLock { $0 }
                let received = Self.checkOrder(elements, inners: 2, round: round)
                #expect(observer.terminals == 1, "round \(round): failed once")
                #expect(!elements.contains(999) && !elements.contains(1_999), "round \(round): nothing after the error")
                #expect(elements.filter { $0 >= 1_000 }.count == round % Self.perInner,
                        "round \(round): every element the failing inner sent before its error arrives")
                #expect(received <= Self.perInner + round % Self.perInner)
                subscription.dispose()
            }
        }
    }
}
