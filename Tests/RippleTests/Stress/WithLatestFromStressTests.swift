import Testing
@testable import Ripple

extension RippleTests {
    /// `withLatestFrom` under emission, termination and disposal from several threads.
    @Suite struct WithLatestFromStressTests {
        @Test func withLatestFromEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 2) { subjects in
                subjects[0].withLatestFrom(subjects[1]) { $0 + $1 }
            }
        }

        @Test func withLatestFromWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 2) { subjects in
                subjects[0].withLatestFrom(subjects[1]) { $0 + $1 }
            }
        }
    }
}
