import Testing
@testable import Ripple

extension RippleTests {
    /// `zip` under emission, termination and disposal from several threads.
    @Suite struct ZipStressTests {
        @Test func zipOfThreeEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.zip(subjects[0], subjects[1], subjects[2]) { $0 + $1 + $2 }
            }
        }

        @Test func zipOfACollectionEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.zip(subjects.map { $0.asObservable() }) { $0.reduce(0, +) }
            }
        }

        @Test func zipWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 2) { subjects in
                Observable.zip(subjects[0], subjects[1]) { $0 + $1 }
            }
        }
    }
}
