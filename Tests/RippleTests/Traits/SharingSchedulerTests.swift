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

        /// Mocks `scheduler` on a new queue: signals `started` inside the mock, waits
        /// for `release`, and signals `ended` once the mock is over.
        private func mockOnAnotherThread(
            _ scheduler: TestScheduler,
            started: DispatchSemaphore,
            release: DispatchSemaphore,
            ended: DispatchSemaphore
        ) {
            let scheduler = Unchecked(scheduler)
            DispatchQueue(label: "ripple.tests.mock").async {
                SharingScheduler.mock(scheduler: scheduler.value) {
                    started.signal()
                    release.wait()
                }
                ended.signal()
            }
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
            mockOnAnotherThread(first, started: firstStarted, release: releaseFirst, ended: firstEnded)
            #expect(waitFor(firstStarted))
            #expect(current() === first)
            mockOnAnotherThread(second, started: secondStarted, release: releaseSecond, ended: secondEnded)
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
