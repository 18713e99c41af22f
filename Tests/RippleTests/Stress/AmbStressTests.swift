import Testing
@testable import Ripple

extension RippleTests {
    /// `amb` under sources racing to be first, termination and disposal, on several
    /// threads.
    @Suite struct AmbStressTests {
        @Test func ambOfTwoEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 2) { subjects in
                subjects[0].amb(subjects[1])
            }
        }

        @Test func ambOfThreeEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.amb(subjects.map { $0.asObservable() })
            }
        }

        @Test func ambWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 2) { subjects in
                subjects[0].amb(subjects[1])
            }
        }
    }
}
