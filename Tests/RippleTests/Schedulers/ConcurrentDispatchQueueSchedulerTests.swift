#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct ConcurrentDispatchQueueSchedulerTests {
        @Test func scheduleRunsTheActionOnItsQueue() {
            let queue = MarkedQueue("ripple.tests.concurrent", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue)
            let onQueue = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                onQueue.append(queue.isCurrent)
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(onQueue.all == [true])
        }

        @Test func actionsRunAtTheSameTime() {
            // Each action waits for the other to start: both finish only if they overlap.
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
            let first = DispatchSemaphore(value: 0)
            let second = DispatchSemaphore(value: 0)
            let met = Counter()
            let done = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                first.signal()
                if waitFor(second) {
                    met.increment()
                }
                done.signal()
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                second.signal()
                if waitFor(first) {
                    met.increment()
                }
                done.signal()
                return Disposables.create()
            }
            #expect(waitFor(done))
            #expect(waitFor(done))
            #expect(met.value == 2)
        }

        @Test func disposingBeforeTheActionRunsCancelsIt() {
            let queue = MarkedQueue("ripple.tests.concurrent.cancel", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue)
            let gate = Gate()
            // A barrier blocks even a concurrent queue.
            queue.queue.async(flags: .barrier) { gate.pass() }
            #expect(gate.waitUntilEntered())
            let ran = Counter()
            let scheduled = scheduler.schedule(()) { _ in
                ran.increment()
                return Disposables.create()
            }
            scheduled.dispose()
            gate.open()
            #expect(queue.flush())
            #expect(ran.value == 0)
        }

        @Test func scheduleRelativeRunsOnTheQueueAfterTheDueTime() {
            let queue = MarkedQueue("ripple.tests.concurrent.relative", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue, leeway: .milliseconds(1))
            let start = DispatchTime.now()
            let results = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
                let elapsed = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
                results.append(queue.isCurrent && elapsed >= 10_000_000)
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(results.all == [true])
        }

        @Test func scheduleRelativeDisposedBeforeTheDueTimeNeverRuns() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            let ran = Counter()
            scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
                ran.increment()
                return Disposables.create()
            }.dispose()
            pause(.milliseconds(60))
            #expect(ran.value == 0)
        }

        @Test func periodicTicksNeverOverlapAndStopWhenDisposed() {
            let queue = MarkedQueue("ripple.tests.concurrent.periodic", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue)
            let overlap = OverlapDetector()
            let states = ValueLog<Int>()
            let offQueue = Counter()
            let fourthTick = DispatchSemaphore(value: 0)
            let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
                overlap.enter()
                if !queue.isCurrent {
                    offQueue.increment()
                }
                states.append(state)
                // Longer than the period: the next tick is due before this one ends.
                pause(.milliseconds(2))
                overlap.leave()
                if state == 3 {
                    fourthTick.signal()
                }
                return state + 1
            }
            #expect(waitFor(fourthTick))
            periodic.dispose()
            #expect(queue.flush())
            let ticksAtDisposal = states.count
            pause(.milliseconds(20))
            #expect(queue.flush())
            #expect(states.count == ticksAtDisposal)
            #expect(states.all == Array(0..<ticksAtDisposal))
            #expect(overlap.maximum == 1)
            #expect(offQueue.value == 0)
        }

        @Test func qosSchedulerRunsOffTheCallingThreadAndKnowsTheTime() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .background)
            #expect(abs(scheduler.now.timeIntervalSinceNow) < 1)
            let caller = pthread_self()
            let onCaller = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                onCaller.append(isSameThread(pthread_self(), caller))
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(onCaller.all == [false])
        }
    }
}
