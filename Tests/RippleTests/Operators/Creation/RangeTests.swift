import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct RangeTests {
        @Test func sendsCountConsecutiveIntegersThenCompletes() {
            let events = Observable.range(start: 3, count: 3).recordSynchronously()
            #expect(events == [.next(3), .next(4), .next(5), .completed])
        }

        @Test func startsAtANegativeValue() {
            let events = Observable.range(start: -2, count: 3).recordSynchronously()
            #expect(events == [.next(-2), .next(-1), .next(0), .completed])
        }

        @Test func countZeroOnlyCompletes() {
            #expect(Observable.range(start: 5, count: 0).recordSynchronously() == [.completed])
        }

        @Test func negativeCountFailsWithArgumentOutOfRangeAndNoElements() {
            let events = Observable.range(start: 0, count: -1).recordSynchronously()
            #expect(events == [.error(String(describing: RxError.argumentOutOfRange))])

            var received: Swift.Error?
            Observable.range(start: 0, count: -5).subscribe(onError: { received = $0 }).dispose()
            guard case .argumentOutOfRange? = received as? RxError else {
                Issue.record("Expected RxError.argumentOutOfRange, got \(String(describing: received))")
                return
            }
        }

        @Test func overflowingLastElementFailsWithOverflowAndNoElements() {
            let events = Observable<Int8>.range(start: 120, count: 10).recordSynchronously()
            #expect(events == [.error(String(describing: RxError.overflow))])

            var received: Swift.Error?
            Observable<Int8>.range(start: 120, count: 10).subscribe(onError: { received = $0 }).dispose()
            guard case .overflow? = received as? RxError else {
                Issue.record("Expected RxError.overflow, got \(String(describing: received))")
                return
            }
        }

        @Test func lastElementAtTheTypesMaximumDoesNotOverflow() {
            let signed = Observable<Int8>.range(start: 125, count: 3).recordSynchronously()
            #expect(signed == [.next(125), .next(126), .next(127), .completed])
            let unsigned = Observable<UInt8>.range(start: 254, count: 2).recordSynchronously()
            #expect(unsigned == [.next(254), .next(255), .completed])
        }

        @Test func oneMoreThanTheTypesMaximumOverflows() {
            let events = Observable<UInt8>.range(start: 254, count: 3).recordSynchronously()
            #expect(events == [.error(String(describing: RxError.overflow))])
        }

        @Test func countUpToTheTypesMaximumStartsAndStopsWhenDisposed() {
            let events = recordDisposing(Observable<UInt64>.range(start: 0, count: .max), afterElements: 3)
            #expect(events == [.next(0), .next(1), .next(2)])
        }

        @Test func countBeyondUInt64StartsAndStopsWhenDisposed() {
            let count = Int128(UInt64.max) + 2
            let start = Int128(Int64.min) - 1
            let events = recordDisposing(Observable<Int128>.range(start: start, count: count), afterElements: 3)
            #expect(events == [.next(start), .next(start + 1), .next(start + 2)])
        }

        @Test func wideTypeWithASmallCountCompletes() {
            let start = Int128(UInt64.max) - 1
            let events = Observable<Int128>.range(start: start, count: 3).recordSynchronously()
            #expect(events == [.next(start), .next(start + 1), .next(start + 2), .completed])
        }

        @Test func narrowTypesSendEveryIntegerUpToTheirMaximum() {
            let signed = Observable<Int8>.range(start: 1, count: .max).recordSynchronously()
            #expect(signed == (1...Int8.max).map { .next($0) } + [.completed])
            let negative = Observable<Int8>.range(start: .min, count: .max).recordSynchronously()
            #expect(negative == (Int8.min ... -2).map { .next($0) } + [.completed])
            let unsigned = Observable<UInt8>.range(start: 1, count: .max).recordSynchronously()
            #expect(unsigned == (1...UInt8.max).map { .next($0) } + [.completed])
        }

        @Test func wideTypeCrossingZeroCompletes() {
            let events = Observable<Int128>.range(start: -2, count: 4).recordSynchronously()
            #expect(events == [.next(-2), .next(-1), .next(0), .next(1), .completed])
        }

        @Test func takesTurnsWithAnotherRangeAndResumesWhereItPaused() {
            // Each range pauses after every element, letting the other send one.
            let events = Observable.merge(
                Observable<Int8>.range(start: 125, count: 3),
                Observable<Int8>.range(start: -3, count: 2)
            ).recordSynchronously()
            #expect(events == [.next(125), .next(-3), .next(126), .next(-2), .next(127), .completed])
        }

        @Test func subscriptionsAlternatingElementAndObserverTypesEachGetTheirRange() {
            // One thread, one range after another, each time with another element or
            // observer type: every subscription makes its own kind of sink.
            for _ in 0..<3 {
                #expect(Observable.range(start: 1, count: 2).recordSynchronously() == [.next(1), .next(2), .completed])
                #expect(Observable<Int8>.range(start: 126, count: 2).recordSynchronously() == [.next(126), .next(127), .completed])
                #expect(Observable.range(start: 1, count: 2).map { $0 * 10 }.recordSynchronously() == [.next(10), .next(20), .completed])
                let inner = Observable.range(start: 0, count: 2).flatMap { Observable<Int16>.range(start: Int16($0) * 100, count: 2) }
                // Taking turns on the trampoline as in `MergeTests`.
                #expect(inner.recordSynchronously() == [.next(0), .next(1), .next(100), .next(101), .completed])
            }
        }

        @Test func rangesOnAnotherThreadAndOnThisOneEachGetTheirElements() {
            let sumOnThread = { @Sendable () -> Int in
                var sum = 0
                Observable.range(start: 0, count: 50)
                    .flatMap { Observable.range(start: $0, count: 4) }
                    .subscribe(onNext: { sum += $0 })
                    .dispose()
                return sum
            }
            let expected = (0..<50).reduce(0) { $0 + 4 * $1 + 6 }
            let workerSum = WorkerResult()
            let finished = DispatchSemaphore(value: 0)
            let worker = Thread {
                workerSum.value = sumOnThread()
                finished.signal()
            }
            worker.start()
            #expect(sumOnThread() == expected)
            #expect(finished.wait(timeout: .now() + 60) == .success)
            #expect(workerSum.value == expected)
        }

        @Test func largeCountCompletesWithoutGrowingTheStack() {
            let events = Observable.range(start: 0, count: 100_000).recordSynchronously()
            let expected: [Recorded<Int>] = (0..<100_000).map { .next($0) } + [.completed]
            #expect(events == expected)
        }

        @Test func eachSubscriberGetsTheWholeRange() {
            let source = Observable.range(start: 1, count: 2)
            #expect(source.recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(source.recordSynchronously() == [.next(1), .next(2), .completed])
        }

        // The loop sends elements without stopping until the observer queues work on
        // the trampoline: it stops after that element, lets the work run, and carries
        // on from the next one.
        @Test func workQueuedByTheObserverRunsBeforeTheNextElement() {
            #expect(logQueuingWork(rangeCount: 6, atElement: 3) == ["1", "2", "3", "work", "4", "5", "6", "completed"])
        }

        // Queued at the last element, the work runs before the completion.
        @Test func workQueuedAtTheLastElementRunsBeforeTheCompletion() {
            #expect(logQueuingWork(rangeCount: 3, atElement: 3) == ["1", "2", "3", "work", "completed"])
        }

        // Queued at every element, as `merge` does, the work runs after each one.
        @Test func workQueuedAtEveryElementRunsAfterEachOne() {
            var log: [String] = []
            _ = Observable.range(start: 1, count: 3).subscribe(
                onNext: { element in
                    log.append("\(element)")
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("work \(element)")
                        return Disposables.create()
                    }
                },
                onCompleted: { log.append("completed") }
            )
            #expect(log == ["1", "work 1", "2", "work 2", "3", "work 3", "completed"])
        }

        private func logQueuingWork(rangeCount: Int, atElement queuingElement: Int) -> [String] {
            var log: [String] = []
            _ = Observable.range(start: 1, count: rangeCount).subscribe(
                onNext: { element in
                    log.append("\(element)")
                    if element == queuingElement {
                        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                            log.append("work")
                            return Disposables.create()
                        }
                    }
                },
                onCompleted: { log.append("completed") }
            )
            return log
        }

        @Test func disposingFromOnNextStopsFurtherElements() {
            let events = recordDisposing(Observable.range(start: 1, count: 10), afterElements: 4)
            #expect(events == [.next(1), .next(2), .next(3), .next(4)])
        }

        @Test func withAQueueSchedulerSendsOneElementPerAction() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.range(start: 1, count: 3, scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(1)])
            #expect(scheduler.run() == 3)
            #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
            subscription.dispose()
        }
    }
}

// `@unchecked Sendable`: written by the worker thread before it signals the semaphore,
// read by the test after waiting for it.
private final class WorkerResult: @unchecked Sendable {
    var value = 0
}
