import Testing
@testable import Ripple

extension RippleTests {
    /// `merge` under emission, termination and disposal from several threads at once.
    @Suite struct MergeStressTests {
        @Test func mergeOfThreeSourcesEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.merge(subjects.map { $0.asObservable() })
            }
        }

        @Test func mergeMaxConcurrentEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                Observable.of(subjects[0].asObservable(), subjects[1].asObservable(), subjects[2].asObservable())
                    .merge(maxConcurrent: 2)
            }
        }

        @Test func mergeWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { subjects in
                Observable.merge(subjects.map { $0.asObservable() })
            }
        }
    }
}
