import Testing
import Ripple
import RippleBlocking

/// Whether `error` is the `RxError` case `expected` (`RxError` is not `Equatable`).
func isRxError(_ error: RxError?, _ expected: RxError) -> Bool {
    switch (error, expected) {
    case (.noElements?, .noElements), (.moreThanOneElement?, .moreThanOneElement), (.timeout?, .timeout): true
    default: false
    }
}

extension RippleTests {
    /// The blocking operators on synchronous sources: the whole run happens during
    /// subscription, so nothing waits.
    @Suite struct BlockingOperatorTests {
        /// A synchronous source that sends `events` when subscribed and counts its disposals.
        func source(_ events: [Event<Int>], disposals: Counter) -> Observable<Int> {
            Observable.create { observer in
                for event in events {
                    observer.on(event)
                }
                return Disposables.create { disposals.increment() }
            }
        }

        // MARK: toArray

        @Test func toArrayReturnsEveryElement() throws {
            #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
            #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
        }

        @Test func toArrayThrowsTheSequenceError() {
            let disposals = Counter()
            let error = #expect(throws: TestError.self) {
                try source([.next(1), .error(TestError(id: 5))], disposals: disposals).toBlocking().toArray()
            }
            #expect(error == TestError(id: 5))
            #expect(disposals.value == 1)
        }

        // MARK: first

        @Test func firstReturnsTheFirstElementOrNil() throws {
            #expect(try Observable.of(4, 5, 6).toBlocking().first() == 4)
            #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        }

        @Test func firstIgnoresAnErrorAfterTheFirstElement() throws {
            let disposals = Counter()
            #expect(try source([.next(1), .error(TestError())], disposals: disposals).toBlocking().first() == 1)
            #expect(disposals.value == 1)
        }

        @Test func firstThrowsAnErrorBeforeAnyElement() {
            #expect(throws: TestError(id: 2)) {
                try Observable<Int>.error(TestError(id: 2)).toBlocking().first()
            }
        }

        @Test func firstStopsAnEndlessSynchronousSource() throws {
            #expect(try Observable.repeatElement(7).toBlocking().first() == 7)
            #expect(try Observable.range(start: 0, count: Int.max).toBlocking().first() == 0)
        }

        // MARK: last

        @Test func lastReturnsTheLastElementOrNil() throws {
            #expect(try Observable.of(4, 5, 6).toBlocking().last() == 6)
            #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        }

        @Test func lastThrowsTheSequenceError() {
            let disposals = Counter()
            #expect(throws: TestError(id: 3)) {
                try source([.next(1), .next(2), .error(TestError(id: 3))], disposals: disposals).toBlocking().last()
            }
        }

        // MARK: single

        @Test func singleReturnsTheOnlyElement() throws {
            #expect(try Observable.just(9).toBlocking().single() == 9)
        }

        @Test func singleOfAnEmptySequenceThrowsNoElements() {
            let error = #expect(throws: RxError.self) {
                try Observable<Int>.empty().toBlocking().single()
            }
            #expect(isRxError(error, .noElements))
        }

        @Test func singleThrowsMoreThanOneElementAtTheSecondAndDisposes() {
            let disposals = Counter()
            let error = #expect(throws: RxError.self) {
                try source([.next(1), .next(2), .next(3)], disposals: disposals).toBlocking().single()
            }
            #expect(isRxError(error, .moreThanOneElement))
            #expect(disposals.value == 1)
            let endless = #expect(throws: RxError.self) {
                try Observable.repeatElement(1).toBlocking().single()
            }
            #expect(isRxError(endless, .moreThanOneElement))
        }

        @Test func singleThrowsTheSequenceErrorEvenAfterOneElement() {
            let disposals = Counter()
            #expect(throws: TestError(id: 4)) {
                try source([.next(1), .error(TestError(id: 4))], disposals: disposals).toBlocking().single()
            }
        }

        @Test func singleWithPredicateReturnsTheOnlyMatch() throws {
            #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
        }

        @Test func singleWithPredicateThrowsWhenNoneOrSeveralMatch() {
            let none = #expect(throws: RxError.self) {
                try Observable.of(1, 2, 3).toBlocking().single { $0 > 5 }
            }
            #expect(isRxError(none, .noElements))
            let several = #expect(throws: RxError.self) {
                try Observable.range(start: 0, count: Int.max).toBlocking().single { $0 == 3 || $0 == 7 }
            }
            #expect(isRxError(several, .moreThanOneElement))
        }

        @Test func singleWithPredicateThrowsWhatThePredicateThrows() {
            let disposals = Counter()
            #expect(throws: TestError(id: 6)) {
                try source([.next(1), .next(2), .completed], disposals: disposals).toBlocking().single { element in
                    if element == 2 { throw TestError(id: 6) }
                    return true
                }
            }
            #expect(disposals.value == 1)
        }

        // MARK: materialize

        @Test func materializeReportsCompletionWithTheElements() {
            guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
                Issue.record("expected .completed")
                return
            }
            #expect(elements == [1, 2])
        }

        @Test func materializeReportsFailureWithTheElementsBeforeIt() {
            let disposals = Counter()
            guard case .failed(let elements, let error) = source([.next(1), .next(2), .error(TestError(id: 8))], disposals: disposals).toBlocking().materialize() else {
                Issue.record("expected .failed")
                return
            }
            #expect(elements == [1, 2])
            #expect(error as? TestError == TestError(id: 8))
        }

        @Test func eachOperatorSubscribesAnew() throws {
            let subscriptions = Counter()
            let blocking = Observable<Int>.deferred {
                subscriptions.increment()
                return Observable.of(1, 2)
            }.toBlocking()
            #expect(try blocking.toArray() == [1, 2])
            #expect(try blocking.first() == 1)
            #expect(try blocking.last() == 2)
            #expect(subscriptions.value == 3)
        }
    }
}
