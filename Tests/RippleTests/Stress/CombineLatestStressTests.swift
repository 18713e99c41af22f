import Testing
@testable import Ripple

extension RippleTests {
    /// `combineLatest` under emission, termination and disposal from several threads.
    @Suite struct CombineLatestStressTests {
        @Test func combineLatestOfThreeEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.combineLatest(subjects[0], subjects[1], subjects[2]) { $0 + $1 + $2 }
            }
        }

        @Test func combineLatestOfACollectionEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.combineLatest(subjects.map { $0.asObservable() }) { $0.reduce(0, +) }
            }
        }

        @Test func combineLatestWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 2) { subjects in
                Observable.combineLatest(subjects[0], subjects[1]) { $0 + $1 }
            }
        }
    }
}
