import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SharedSequenceValuesTests {
        /// Every element of `stream`, iterated with `for await` (no `try`).
        private func collect(_ stream: AsyncStream<Int>?) async -> [Int] {
            guard let stream else {
                Issue.record("the mock's action did not run")
                return []
            }
            var received: [Int] = []
            for await value in stream {
                received.append(value)
            }
            return received
        }

        @Test func forAwaitOverADriverNeedsNoTry() async {
            let scheduler = TestScheduler(initialClock: 0)
            var stream: AsyncStream<Int>?
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)]).asDriver(onErrorJustReturn: -1)
                stream = driver.values
            }
            scheduler.start()
            let received = await collect(stream)
            #expect(received == [1, 2])
        }

        @Test func aSignalWithABoundedBufferKeepsTheNewest() async {
            let scheduler = TestScheduler(initialClock: 0)
            var stream: AsyncStream<Int>?
            SharingScheduler.mock(scheduler: scheduler) {
                let signal = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)]).asSignal(onErrorJustReturn: -1)
                stream = signal.values(bufferingPolicy: .bufferingNewest(1))
            }
            // Every element arrives before the loop starts: only the newest is kept.
            scheduler.start()
            let received = await collect(stream)
            #expect(received == [3])
        }

        @Test func cancellingTheLoopDisposesTheSubscription() async {
            let scheduler = TestScheduler(initialClock: 0)
            let disposals = Counter()
            var stream: AsyncStream<Int>?
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = Driver<Int>.never().do(onDispose: { disposals.increment() })
                stream = driver.values
            }
            guard let stream else {
                Issue.record("the mock's action did not run")
                return
            }
            let loop = Task {
                var count = 0
                for await _ in stream { count += 1 }
                return count
            }
            loop.cancel()
            #expect(await loop.value == 0)
            #expect(disposals.value == 1)
        }
    }
}
