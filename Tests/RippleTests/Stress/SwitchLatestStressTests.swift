import Testing
@testable import Ripple

extension RippleTests {
    /// `switchLatest` under the outer sequence switching while the inner ones emit on
    /// other threads, with termination and disposal at once.
    @Suite struct SwitchLatestStressTests {
        /// The first subject selects the second or the third as the latest inner sequence.
        static func switching(_ subjects: [PublishSubject<Int>]) -> Observable<Int> {
            subjects[0]
                .map { element in subjects[1 + element % 2].asObservable() }
                .switchLatest()
        }

        @Test func switchLatestEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { Self.switching($0) }
        }

        @Test func switchLatestWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { Self.switching($0) }
        }
    }
}
