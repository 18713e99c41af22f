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
    @Suite struct SerialDispatchQueueSchedulerTests {
        @Test func scheduleRunsTheActionOnItsQueue() {
            let target = MarkedQueue("ripple.tests.target")
            let scheduler = SerialDispatchQueueScheduler(queue: target.queue, internalSerialQueueName: "ripple.tests.serial")
            let ran = DispatchSemaphore(value: 0)
            let onQueue = ValueLog<Bool>()
            #expect(!target.isCurrent)
            _ = scheduler.schedule(()) { _ in
                onQueue.append(target.isCurrent)
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(onQueue.all == [true])
        }

        @Test func configurationClosureReceivesTheNewQueueBeforeUse() {
            let key = DispatchSpecificKey<Int>()
            let label = ValueLog<String>()
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.configured", serialQueueConfiguration: { queue in
                label.append(queue.label)
                queue.setSpecific(key: key, value: 42)
            })
            #expect(label.all == ["ripple.tests.configured"])
            let ran = DispatchSemaphore(value: 0)
            let specific = ValueLog<Int?>()
            _ = scheduler.schedule(()) { _ in
                specific.append(DispatchQueue.getSpecific(key: key))
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(specific.all == [42])
        }

        @Test func qosSchedulerRunsActionsOneAtATimeInOrderOffTheCallingThread() {
            let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
            let caller = pthread_self()
            let order = ValueLog<Int>()
            let overlap = OverlapDetector()
            let onCaller = Counter()
            let done = DispatchSemaphore(value: 0)
            let count = 200
            for index in 0..<count {
                _ = scheduler.schedule(index) { index in
                    overlap.enter()
                    if isSameThread(pthread_self(), caller) {
                        onCaller.increment()
                    }
                    order.append(index)
                    overlap.leave()
                    if index == count - 1 {
                        done.signal()
                    }
                    return Disposables.create()
                }
            }
            #expect(waitFor(done))
            #expect(order.all == Array(0..<count))
            #expect(overlap.maximum == 1)
            #expect(onCaller.value == 0)
        }

        @Test func disposingBeforeTheActionRunsCancelsIt() {
            let queue = MarkedQueue("ripple.tests.cancel")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.cancel.serial")
            let gate = Gate()
            #expect(gate.block(queue.queue))
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

        @Test func disposingAfterTheActionRanDisposesWhatItReturned() {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.returned")
            let returned = DisposalSpy()
            let ran = DispatchSemaphore(value: 0)
            let scheduled = scheduler.schedule(()) { _ in
                ran.signal()
                return returned
            }
            #expect(waitFor(ran))
            #expect(flushQueue(scheduler.configuration.queue))
            #expect(returned.disposeCount == 0)
            scheduled.dispose()
            #expect(returned.disposeCount == 1)
        }

        @Test func scheduleRelativeRunsOnTheQueueOnceTheDueTimeHasPassed() {
            let target = MarkedQueue("ripple.tests.relative")
            let scheduler = SerialDispatchQueueScheduler(queue: target.queue, internalSerialQueueName: "ripple.tests.relative.serial")
            let start = DispatchTime.now()
            let elapsed = ValueLog<UInt64>()
            let onQueue = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            let returned = DisposalSpy()
            let scheduled = scheduler.scheduleRelative("state", dueTime: .milliseconds(20)) { state in
                elapsed.append(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds)
                onQueue.append(target.isCurrent && state == "state")
                ran.signal()
                return returned
            }
            #expect(waitFor(ran))
            #expect(onQueue.all == [true])
            // Dispatch timers never fire before their deadline.
            #expect(elapsed.all.allSatisfy { $0 >= 20_000_000 })
            #expect(target.flush())
            scheduled.dispose()
            #expect(returned.disposeCount == 1)
        }

        @Test func scheduleRelativeDisposedBeforeTheDueTimeNeverRuns() {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.relative.cancel")
            let ran = Counter()
            let scheduled = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
                ran.increment()
                return Disposables.create()
            }
            scheduled.dispose()
            pause(.milliseconds(60))
            #expect(flushQueue(scheduler.configuration.queue))
            #expect(ran.value == 0)
        }

        @Test func schedulePeriodicPassesTheStateFromTickToTickUntilDisposed() {
            let target = MarkedQueue("ripple.tests.periodic")
            let scheduler = SerialDispatchQueueScheduler(queue: target.queue, internalSerialQueueName: "ripple.tests.periodic.serial")
            let states = ValueLog<Int>()
            let offQueue = Counter()
            let thirdTick = DispatchSemaphore(value: 0)
            let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(2), period: .milliseconds(4)) { state in
                if !target.isCurrent {
                    offQueue.increment()
                }
                states.append(state)
                if state == 2 {
                    thirdTick.signal()
                }
                return state + 1
            }
            #expect(waitFor(thirdTick))
            periodic.dispose()
            // A tick that had already started when `dispose` was called finishes; after
            // that, nothing more runs.
            #expect(target.flush())
            let ticksAtDisposal = states.count
            pause(.milliseconds(30))
            #expect(target.flush())
            #expect(states.count == ticksAtDisposal)
            #expect(states.all == Array(0..<ticksAtDisposal))
            #expect(offQueue.value == 0)
        }

        @Test func periodicWorkDisposedFromItsOwnTickStopsAtOnce() {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.periodic.self")
            let periodic = SingleAssignmentDisposable()
            let states = ValueLog<Int>()
            let stopped = DispatchSemaphore(value: 0)
            periodic.setDisposable(scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(2)) { state in
                states.append(state)
                if state == 2 {
                    periodic.dispose()
                    stopped.signal()
                }
                return state + 1
            })
            #expect(waitFor(stopped))
            pause(.milliseconds(20))
            #expect(flushQueue(scheduler.configuration.queue))
            #expect(states.all == [0, 1, 2])
        }

        @Test func nowIsTheWallClock() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            #expect(abs(scheduler.now.timeIntervalSinceNow) < 1)
        }

        @Test func timerAndIntervalRunOnTheQueue() {
            let target = MarkedQueue("ripple.tests.timer")
            let scheduler = SerialDispatchQueueScheduler(queue: target.queue, internalSerialQueueName: "ripple.tests.timer.serial", leeway: .milliseconds(1))
            let timerEvents = ValueLog<String>()
            let timerDone = DispatchSemaphore(value: 0)
            _ = Observable<Int>.timer(.milliseconds(5), scheduler: scheduler).subscribe(
                onNext: { timerEvents.append("next \($0) on queue \(target.isCurrent)") },
                onCompleted: {
                    timerEvents.append("completed")
                    timerDone.signal()
                }
            )
            #expect(waitFor(timerDone))
            #expect(timerEvents.all == ["next 0 on queue true", "completed"])

            let ticks = ValueLog<Int>()
            let threeTicks = DispatchSemaphore(value: 0)
            let interval = Observable<Int>.interval(.milliseconds(3), scheduler: scheduler).subscribe(onNext: { tick in
                ticks.append(tick)
                if tick == 2 {
                    threeTicks.signal()
                }
            })
            #expect(waitFor(threeTicks))
            interval.dispose()
            #expect(target.flush())
            #expect(ticks.all == Array(0..<ticks.count))
        }
    }
}
