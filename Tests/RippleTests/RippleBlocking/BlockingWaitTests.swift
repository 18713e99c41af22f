import Dispatch
import Foundation
import Testing
import Ripple
import RippleBlocking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RippleTests {
    /// The blocking operators waiting for sources that deliver from another thread,
    /// and their timeouts. (Swift Testing runs these off the main thread, so they wait
    /// on a semaphore; the main thread's run-loop wait is tested in
    /// `RippleBlockingMainThreadTests`.)
    @Suite struct BlockingWaitTests {
        /// A source that sends `events` from a global queue `delay` seconds after each
        /// subscription, and counts its disposals.
        static func delivered(_ events: [Event<Int>], after delay: TimeInterval, disposals: Counter = Counter()) -> Observable<Int> {
            Observable.create { observer in
                let observer = Unchecked(observer)
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                    for event in events {
                        observer.value.on(event)
                    }
                }
                return Disposables.create { disposals.increment() }
            }
        }

        /// Seconds since `start`.
        static func elapsed(since start: DispatchTime) -> TimeInterval {
            TimeInterval(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        }

        @Test func toArrayWaitsForCompletionOnAnotherThread() throws {
            let source = Self.delivered([.next(1), .next(2), .completed], after: 0.02)
            #expect(try source.toBlocking().toArray() == [1, 2])
        }

        @Test func firstReturnsAtTheFirstElementAndDisposes() throws {
            let disposals = Counter()
            let firstReturned = DispatchSemaphore(value: 0)
            let sourceDone = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                let observer = Unchecked(observer)
                DispatchQueue.global().async {
                    observer.value.onNext(1)
                    // The second element comes only once `first()` has returned: had it
                    // waited for more, it would time out instead.
                    _ = firstReturned.wait(timeout: .now() + waitLimit)
                    observer.value.onNext(2)
                    sourceDone.signal()
                }
                return Disposables.create { disposals.increment() }
            }
            #expect(try source.toBlocking(timeout: 1).first() == 1)
            #expect(disposals.value == 1)
            firstReturned.signal()
            #expect(waitFor(sourceDone))
        }

        @Test func lastAndSingleWaitForCompletion() throws {
            #expect(try Self.delivered([.next(1), .next(2), .completed], after: 0.01).toBlocking().last() == 2)
            #expect(try Self.delivered([.next(3), .completed], after: 0.01).toBlocking().single() == 3)
            let error = #expect(throws: RxError.self) {
                try Self.delivered([.next(1), .next(2)], after: 0.01).toBlocking(timeout: 1).single()
            }
            #expect(isRxError(error, .moreThanOneElement))
        }

        @Test func errorFromAnotherThreadIsThrown() {
            let disposals = Counter()
            #expect(throws: TestError(id: 1)) {
                try Self.delivered([.next(1), .error(TestError(id: 1))], after: 0.01, disposals: disposals).toBlocking(timeout: 1).toArray()
            }
            #expect(disposals.value == 1)
        }

        @Test func timeoutThrowsAndDisposes() {
            let disposals = Counter()
            let start = DispatchTime.now()
            let error = #expect(throws: RxError.self) {
                try Self.delivered([], after: 0, disposals: disposals).toBlocking(timeout: 0.05).first()
            }
            // Never before the timeout; how soon after it is the scheduler's business.
            #expect(Self.elapsed(since: start) >= 0.05)
            #expect(isRxError(error, .timeout))
            #expect(disposals.value == 1)
        }

        @Test func timeoutOfNeverThrowsTimeout() {
            let error = #expect(throws: RxError.self) {
                try Observable<Int>.never().toBlocking(timeout: 0.03).toArray()
            }
            #expect(isRxError(error, .timeout))
        }

        @Test func materializeOnTimeoutKeepsTheElementsThatArrived() {
            let source = Self.delivered([.next(1), .next(2)], after: 0.01)
            guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.08).materialize() else {
                Issue.record("expected .failed")
                return
            }
            #expect(elements == [1, 2])
            #expect(isRxError(error as? RxError, .timeout))
        }

        @Test func eventsAfterTheTimeoutAreIgnored() {
            let source = Self.delivered([.next(1), .completed], after: 0.08)
            let error = #expect(throws: RxError.self) {
                try source.toBlocking(timeout: 0.02).toArray()
            }
            #expect(isRxError(error, .timeout))
        }

        @Test func sourceSubscribedOnAnotherThreadIsWaitedFor() throws {
            // The subscription itself hops to another queue before anything is sent.
            let source = Observable<Int>.create { observer in
                let observer = Unchecked(observer)
                DispatchQueue.global().async {
                    observer.value.onNext(5)
                    observer.value.onCompleted()
                }
                return Disposables.create()
            }
            #expect(try source.toBlocking(timeout: 1).single() == 5)
        }

        #if os(Linux)
        @Test func waitingSleepsInsteadOfSpinning() throws {
            // The waiting thread's own CPU time stays far below the time it waits.
            func threadCPUTime() -> TimeInterval {
                var time = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
                return TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9
            }
            let cpuBefore = threadCPUTime()
            let result = Self.delivered([.next(1), .completed], after: 0.1).toBlocking(timeout: 1).materialize()
            let cpuUsed = threadCPUTime() - cpuBefore
            guard case .completed(let elements) = result else {
                Issue.record("expected .completed")
                return
            }
            #expect(elements == [1])
            #expect(cpuUsed < 0.02, "the waiting thread used \(cpuUsed) s of CPU while waiting 0.1 s")
        }
        #endif
    }
}
