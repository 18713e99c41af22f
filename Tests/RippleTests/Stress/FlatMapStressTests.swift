import Testing
@testable import Ripple

extension RippleTests {
    /// The flatMap family under emission (outer and inner sequences on different
    /// threads), termination and disposal at once. The outer source is the first
    /// subject; each outer element selects the second or the third as its inner sequence.
    /// Every check runs once per operator of the family (the test's arguments).
    @Suite struct FlatMapStressTests {
        /// One operator of the flatMap family, applied to the first subject.
        enum Flattening: CaseIterable, CustomTestStringConvertible, Sendable {
            case flatMap, flatMapLatest, flatMapFirst, concatMap

            var testDescription: String { "\(self)" }

            /// The operator over `subjects[0]`, with ``inner(_:_:)`` as its selector.
            func apply(to subjects: [PublishSubject<Int>]) -> Observable<Int> {
                let outer = subjects[0]
                switch self {
                case .flatMap: return outer.flatMap { FlatMapStressTests.inner(subjects, $0) }
                case .flatMapLatest: return outer.flatMapLatest { FlatMapStressTests.inner(subjects, $0) }
                case .flatMapFirst: return outer.flatMapFirst { FlatMapStressTests.inner(subjects, $0) }
                case .concatMap: return outer.concatMap { FlatMapStressTests.inner(subjects, $0) }
                }
            }
        }

        /// The inner sequence for an outer element.
        static func inner(_ subjects: [PublishSubject<Int>], _ element: Int) -> Observable<Int> {
            subjects[1 + element % 2].asObservable()
        }

        @Test(arguments: Flattening.allCases)
        func emittingWhileDisposed(_ flattening: Flattening) {
            MultiSourceStress.emitWhileDisposing(sources: 3) { flattening.apply(to: $0) }
        }

        @Test(arguments: Flattening.allCases)
        func withAnObserverThatReentersAndDisposes(_ flattening: Flattening) {
            MultiSourceStress.reentrantObserver(sources: 3) { flattening.apply(to: $0) }
        }
    }
}
