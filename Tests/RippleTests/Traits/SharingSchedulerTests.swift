import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SharingSchedulerTests {
        private func current() -> TestScheduler? {
            SharingScheduler.make() as? TestScheduler
        }

        @Test func mockSwapsTheSchedulerAndNestedMocksRestoreTheOuterOne() {
            #expect(SharingScheduler.make() is MainScheduler)
            let outer = TestScheduler(initialClock: 0)
            let inner = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: outer) {
                #expect(current() === outer)
                SharingScheduler.mock(scheduler: inner) {
                    #expect(current() === inner)
                }
                #expect(current() === outer)
            }
            #expect(SharingScheduler.make() is MainScheduler)
        }

        @Test func mockWithAFactoryCallsItForEachMake() {
            let made = Counter()
            SharingScheduler.mock(makeScheduler: {
                made.increment()
                return TestScheduler(initialClock: 0)
            }) {
                let first = current()
                let second = current()
                #expect(first != nil && second != nil && first !== second)
            }
            #expect(made.value == 2)
            #expect(SharingScheduler.make() is MainScheduler)
        }

        @Test func aThrowingActionRethrowsAndRemovesTheMock() {
            #expect(throws: TestError(id: 1)) {
                try SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) {
                    throw TestError(id: 1)
                }
            }
            #expect(SharingScheduler.make() is MainScheduler)
        }

        /// Two mocks on two threads that overlap and end in the order they began: the
        /// later one is in force while both run, and each removes only its own.
        @Test func overlappingMocksOnTwoThreadsEachRemoveTheirOwn() {
            let first = TestScheduler(initialClock: 0)
            let second = TestScheduler(initialClock: 0)
            let firstStarted = DispatchSemaphore(value: 0)
            let secondStarted = DispatchSemaphore(value: 0)
            let releaseFirst = DispatchSemaphore(value: 0)
            let releaseSecond = DispatchSemaphore(value: 0)
            let firstEnded = DispatchSemaphore(value: 0)
            let secondEnded = DispatchSemaphore(value: 0)
            let schedulers = Unchecked((first, second))
            DispatchQueue(label: "ripple.tests.mock1").async {
                SharingScheduler.mock(scheduler: schedulers.value.0) {
                    firstStarted.signal()
                    releaseFirst.wait()
                }
                firstEnded.signal()
            }
            #expect(waitFor(firstStarted))
            #expect(current() === first)
            DispatchQueue(label: "ripple.tests.mock2").async {
                SharingScheduler.mock(scheduler: schedulers.value.1) {
                    secondStarted.signal()
                    releaseSecond.wait()
                }
                secondEnded.signal()
            }
            #expect(waitFor(secondStarted))
            #expect(current() === second)
            releaseFirst.signal()
            #expect(waitFor(firstEnded))
            #expect(current() === second)
            releaseSecond.signal()
            #expect(waitFor(secondEnded))
            #expect(SharingScheduler.make() is MainScheduler)
        }

        @Test func driversBuiltInsideTheMockDeliverOnItsScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) {
                let just = scheduler.start { Driver.just(1) }
                #expect(just.events == [.next(201, 1), .completed(201)])
            }
        }
    }
}
