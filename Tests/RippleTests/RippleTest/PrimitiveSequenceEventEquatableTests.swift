import Testing
import Ripple
import RippleTest

extension RippleTests {
    @Suite struct PrimitiveSequenceEventEquatableTests {
        @Test func singleEventsCompareElementsAndErrors() {
            let one: SingleEvent<Int> = .success(1)
            #expect(one == .success(1))
            #expect(one != .success(2))
            #expect(SingleEvent<Int>.failure(TestError(id: 1)) == .failure(TestError(id: 1)))
            #expect(SingleEvent<Int>.failure(TestError(id: 1)) != .failure(TestError(id: 2)))
            #expect(one != .failure(TestError()))
        }

        @Test func maybeEventsCompareElementsAndErrors() {
            #expect(MaybeEvent<Int>.success(1) == .success(1))
            #expect(MaybeEvent<Int>.success(1) != .success(2))
            #expect(MaybeEvent<Int>.completed == .completed)
            #expect(MaybeEvent<Int>.completed != .success(1))
            #expect(MaybeEvent<Int>.error(RxError.noElements) == .error(RxError.noElements))
            #expect(MaybeEvent<Int>.error(RxError.noElements) != .error(RxError.timeout))
        }

        @Test func completableEventsCompareErrors() {
            #expect(CompletableEvent.completed == .completed)
            #expect(CompletableEvent.error(TestError()) == .error(TestError()))
            #expect(CompletableEvent.error(TestError(id: 1)) != .error(TestError(id: 2)))
            #expect(CompletableEvent.completed != .error(TestError()))
        }
    }
}
