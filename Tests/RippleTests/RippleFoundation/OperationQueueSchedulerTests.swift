import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleFoundation

extension RippleTests {
    @Suite struct OperationQueueSchedulerTests {
        @Test func runsTheActionAsAnOperationOnItsQueue() {
            let queue = OperationQueue()
            let scheduler = OperationQueueScheduler(operationQueue: queue)
            #expect(scheduler.operationQueue === queue)
            #expect(scheduler.queuePriority == .normal)
            let onQueue = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            let returned = DisposalSpy()
            let scheduled = scheduler.schedule(5) { state in
                onQueue.append(OperationQueue.current === queue && state == 5)
                ran.signal()
                return returned
            }
            #expect(waitFor(ran))
            #expect(onQueue.all == [true])
            #expect(waitUntilIdle(queue))
            scheduled.dispose()
            #expect(returned.disposeCount == 1)
        }

        @Test func operationsGetTheSchedulersPriority() {
            let queue = OperationQueue()
            queue.isSuspended = true
            let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .veryHigh)
            #expect(scheduler.queuePriority == .veryHigh)
            let ran = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                ran.signal()
                return Disposables.create()
            }
            #expect(queue.operations.map(\.queuePriority) == [.veryHigh])
            queue.isSuspended = false
            #expect(waitFor(ran))
        }

        @Test func disposingBeforeTheOperationStartsKeepsTheActionFromRunning() {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            queue.isSuspended = true
            let scheduler = OperationQueueScheduler(operationQueue: queue)
            let ran = Counter()
            scheduler.schedule(()) { _ in
                ran.increment()
                return Disposables.create()
            }.dispose()
            queue.isSuspended = false
            #expect(waitUntilIdle(queue))
            #expect(ran.value == 0)
        }

        @Test func observeOnItDeliversInOrderOneAtATime() {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 4
            let scheduler = OperationQueueScheduler(operationQueue: queue)
            let before = Resources.numberOfSerialDispatchQueueObservables
            let observed = Observable.range(start: 0, count: 300).observe(on: scheduler)
            #expect(Resources.numberOfSerialDispatchQueueObservables == before)
            let overlap = OverlapDetector()
            let elements = ValueLog<Int>()
            let offQueue = Counter()
            let completed = DispatchSemaphore(value: 0)
            let subscription = observed.subscribe(
                onNext: { element in
                    overlap.enter()
                    if OperationQueue.current !== queue {
                        offQueue.increment()
                    }
                    elements.append(element)
                    overlap.leave()
                },
                onCompleted: { completed.signal() }
            )
            #expect(waitFor(completed))
            #expect(elements.all == Array(0..<300))
            #expect(overlap.maximum == 1)
            #expect(offQueue.value == 0)
            subscription.dispose()
            #expect(waitUntilIdle(queue))
        }

        /// Adds a marker operation that depends on everything already queued and waits
        /// for it, at most ``waitLimit``.
        private func waitUntilIdle(_ queue: OperationQueue) -> Bool {
            let done = DispatchSemaphore(value: 0)
            let marker = BlockOperation { done.signal() }
            for operation in queue.operations {
                marker.addDependency(operation)
            }
            queue.addOperation(marker)
            return waitFor(done)
        }
    }
}
