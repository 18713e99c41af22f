import Testing
@testable import Ripple

extension RippleTests {
    /// The flatMap family under emission (outer and inner sequences on different
    /// threads), termination and disposal at once. The outer source is the first
    /// subject; each outer element selects the second or the third as its inner sequence.
    @Suite struct FlatMapStressTests {
        /// The inner sequence for an outer element.
        static func inner(_ subjects: [PublishSubject<Int>], _ element: Int) -> Observable<Int> {
            subjects[1 + element % 2].asObservable()
        }

        @Test func flatMapEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                subjects[0].flatMap { Self.inner(subjects, $0) }
            }
        }

        @Test func flatMapLatestEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                subjects[0].flatMapLatest { Self.inner(subjects, $0) }
            }
        }

        @Test func flatMapFirstEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                subjects[0].flatMapFirst { Self.inner(subjects, $0) }
            }
        }

        @Test func concatMapEmittingWhileDisposed() {
            MultiSourceStress.emitWhileDisposing(sources: 3) { subjects in
                subjects[0].concatMap { Self.inner(subjects, $0) }
            }
        }

        @Test func flatMapWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { subjects in
                subjects[0].flatMap { Self.inner(subjects, $0) }
            }
        }

        @Test func flatMapLatestWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { subjects in
                subjects[0].flatMapLatest { Self.inner(subjects, $0) }
            }
        }

        @Test func flatMapFirstWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { subjects in
                subjects[0].flatMapFirst { Self.inner(subjects, $0) }
            }
        }

        @Test func concatMapWithAnObserverThatReentersAndDisposes() {
            MultiSourceStress.reentrantObserver(sources: 3) { subjects in
                subjects[0].concatMap { Self.inner(subjects, $0) }
            }
        }
    }
}
