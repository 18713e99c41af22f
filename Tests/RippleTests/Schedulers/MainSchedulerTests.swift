import Dispatch
import Foundation
import Testing
@testable import Ripple

/// `MainScheduler` from a process whose main thread is busy or parked elsewhere.
///
/// What these tests rely on, found by probing under `swift test` on Linux: Swift
/// Testing's entry point is an `async` main, which parks the main thread in
/// `dispatchMain()`; the main thread then exits and a pool thread drains the main queue.
/// So `DispatchQueue.main.async` from a test does run, but `Thread.isMainThread` is
/// `false` in that work: only a queue-specific check recognises the main queue there.
/// Every wait is bounded (``onMainQueue(_:)``), so a runner that never drains the main
/// queue fails these tests instead of hanging.
extension RippleTests {
    @Suite struct MainSchedulerTests {
        @Test func theMainQueueIsRecognisedByQueueNotByThread() {
            #expect(!DispatchQueue.isMain)
            let seen = ValueLog<String>()
            #expect(onMainQueue {
                seen.append("main queue: \(DispatchQueue.isMain)")
                // Work of another queue, even on this very thread, is not main-queue work.
                DispatchQueue(label: "ripple.tests.not-main").sync {
                    seen.append("other queue: \(DispatchQueue.isMain)")
                }
            })
            let targeting = DispatchQueue(label: "ripple.tests.targets-main", target: .main)
            let ran = DispatchSemaphore(value: 0)
            targeting.async {
                seen.append("queue targeting main: \(DispatchQueue.isMain)")
                ran.signal()
            }
            #expect(waitFor(ran))
            #expect(seen.all == ["main queue: true", "other queue: false", "queue targeting main: true"])
        }

        @Test func workScheduledFromAnotherThreadRunsOnTheMainQueue() {
            let onMain = ValueLog<Bool>()
            let ran = DispatchSemaphore(value: 0)
            _ = MainScheduler.instance.schedule(()) { _ in
                onMain.append(DispatchQueue.isMain)
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            #expect(onMain.all == [true])
        }

        @Test func onTheMainQueueWithNothingQueuedItRunsAtOnce() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                log.append("before")
                _ = MainScheduler.instance.schedule(()) { _ in
                    log.append("action")
                    return Disposables.create()
                }
                log.append("after")
            })
            #expect(log.all == ["before", "action", "after"])
        }

        @Test func workScheduledByARunningActionWaitsForItToFinish() {
            let log = ValueLog<String>()
            let nestedRan = DispatchSemaphore(value: 0)
            #expect(onMainQueue {
                _ = MainScheduler.instance.schedule(()) { _ in
                    log.append("outer start")
                    _ = MainScheduler.instance.schedule(()) { _ in
                        log.append("nested")
                        nestedRan.signal()
                        return Disposables.create()
                    }
                    log.append("outer end")
                    return Disposables.create()
                }
                log.append("main block end")
            })
            #expect(waitFor(nestedRan))
            #expect(log.all == ["outer start", "outer end", "main block end", "nested"])
        }

        @Test func onTheMainQueueItQueuesBehindWorkScheduledEarlierFromElsewhere() {
            let log = ValueLog<String>()
            let lastRan = DispatchSemaphore(value: 0)
            #expect(onMainQueue {
                // Scheduled from another queue: dispatched to the main queue.
                DispatchQueue(label: "ripple.tests.background").sync {
                    _ = MainScheduler.instance.schedule(()) { _ in
                        log.append("scheduled from the background")
                        return Disposables.create()
                    }
                }
                // On the main queue, but that work is still waiting: this must not jump it.
                _ = MainScheduler.instance.schedule(()) { _ in
                    log.append("scheduled on main")
                    lastRan.signal()
                    return Disposables.create()
                }
                log.append("main block end")
            })
            #expect(waitFor(lastRan))
            #expect(log.all == ["main block end", "scheduled from the background", "scheduled on main"])
        }

        @Test func disposingDispatchedWorkBeforeItRunsCancelsIt() {
            let ran = Counter()
            #expect(onMainQueue {
                // Dispatched (the counter is above zero inside this action), then cancelled
                // before the main queue gets to it.
                _ = MainScheduler.instance.schedule(()) { _ in
                    MainScheduler.instance.schedule(()) { _ in
                        ran.increment()
                        return Disposables.create()
                    }.dispose()
                    return Disposables.create()
                }
            })
            #expect(onMainQueue {})
            #expect(ran.value == 0)
        }

        @Test func asyncInstanceDispatchesEvenFromTheMainQueue() {
            let log = ValueLog<String>()
            let ran = DispatchSemaphore(value: 0)
            #expect(onMainQueue {
                _ = MainScheduler.asyncInstance.schedule(()) { _ in
                    log.append("action on main \(DispatchQueue.isMain)")
                    ran.signal()
                    return Disposables.create()
                }
                log.append("main block end")
            })
            #expect(waitFor(ran))
            #expect(log.all == ["main block end", "action on main true"])
        }

        @Test func ensureExecutingOnSchedulerAcceptsTheMainQueue() {
            let reached = Counter()
            #expect(onMainQueue {
                MainScheduler.ensureExecutingOnScheduler()
                MainScheduler.ensureExecutingOnScheduler(errorMessage: "not on main")
                MainScheduler.ensureRunningOnMainThread()
                reached.increment()
            })
            #expect(reached.value == 1)
        }

        @Test func ensureExecutingOnSchedulerStopsTheProgramOffTheMainQueue() async {
            await #expect(processExitsWith: .failure) {
                DispatchQueue(label: "ripple.tests.background").sync {
                    MainScheduler.ensureExecutingOnScheduler()
                }
            }
        }

        @Test func ensureRunningOnMainThreadStopsTheProgramOffTheMainQueue() async {
            await #expect(processExitsWith: .failure) {
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    MainScheduler.ensureRunningOnMainThread(errorMessage: "background")
                    done.signal()
                }
                _ = done.wait(timeout: .now() + .seconds(5))
            }
        }

        @Test func scheduleRelativeAndPeriodicRunOnTheMainQueue() {
            let log = ValueLog<String>()
            let relativeRan = DispatchSemaphore(value: 0)
            _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
                log.append("relative on main \(DispatchQueue.isMain)")
                relativeRan.signal()
                return Disposables.create()
            }
            #expect(waitFor(relativeRan))
            let ticks = ValueLog<Bool>()
            let thirdTick = DispatchSemaphore(value: 0)
            let periodic = MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(2)) { state in
                ticks.append(DispatchQueue.isMain)
                if state == 2 {
                    thirdTick.signal()
                }
                return state + 1
            }
            #expect(waitFor(thirdTick))
            periodic.dispose()
            #expect(onMainQueue {})
            let ticksAtDisposal = ticks.count
            pause(.milliseconds(10))
            #expect(onMainQueue {})
            #expect(ticks.count == ticksAtDisposal)
            #expect(ticks.all.allSatisfy { $0 })
            #expect(log.all == ["relative on main true"])
        }

        @Test func observeOnMainDeliversSynchronouslyWhenAlreadyOnTheMainQueue() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let subscription = Observable.of(1, 2, 3)
                    .observe(on: MainScheduler.instance)
                    .subscribe(
                        onNext: { log.append("\($0)") },
                        onCompleted: { log.append("completed") }
                    )
                log.append("subscribe returned")
                subscription.dispose()
            })
            #expect(log.all == ["1", "2", "3", "completed", "subscribe returned"])
        }

        @Test func observeOnMainFromAnotherThreadDeliversOnTheMainQueueInOrder() {
            let before = Resources.numberOfSerialDispatchQueueObservables
            let observed = Observable.range(start: 0, count: 500).observe(on: MainScheduler.instance)
            #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
            let elements = ValueLog<Int>()
            let offMain = Counter()
            let completed = DispatchSemaphore(value: 0)
            let subscription = observed.subscribe(
                onNext: { element in
                    if !DispatchQueue.isMain {
                        offMain.increment()
                    }
                    elements.append(element)
                },
                onCompleted: { completed.signal() }
            )
            #expect(waitFor(completed))
            #expect(elements.all == Array(0..<500))
            #expect(offMain.value == 0)
            subscription.dispose()
        }

        @Test func concurrentMainSchedulerRunsAtOnceOnTheMainQueueEvenWithWorkQueued() {
            let log = ValueLog<String>()
            let queuedRan = DispatchSemaphore(value: 0)
            #expect(onMainQueue {
                DispatchQueue(label: "ripple.tests.background").sync {
                    _ = MainScheduler.instance.schedule(()) { _ in
                        log.append("queued earlier")
                        queuedRan.signal()
                        return Disposables.create()
                    }
                }
                _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                    log.append("concurrent main, at once")
                    return Disposables.create()
                }
                log.append("main block end")
            })
            #expect(waitFor(queuedRan))
            #expect(log.all == ["concurrent main, at once", "main block end", "queued earlier"])
        }

        @Test func concurrentMainSchedulerDispatchesFromOtherThreadsAndKeepsTime() {
            let scheduler = ConcurrentMainScheduler.instance
            #expect(abs(scheduler.now.timeIntervalSinceNow) < 1)
            let log = ValueLog<String>()
            let ran = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                log.append("schedule on main \(DispatchQueue.isMain)")
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(3)) { _ in
                log.append("relative on main \(DispatchQueue.isMain)")
                ran.signal()
                return Disposables.create()
            }
            #expect(waitFor(ran))
            let periodic = SingleAssignmentDisposable()
            periodic.setDisposable(scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
                log.append("tick \(state) on main \(DispatchQueue.isMain)")
                if state == 1 {
                    periodic.dispose()
                    ran.signal()
                }
                return state + 1
            })
            #expect(waitFor(ran))
            #expect(onMainQueue {})
            #expect(log.all == [
                "schedule on main true",
                "relative on main true",
                "tick 0 on main true",
                "tick 1 on main true",
            ])
        }

        @Test func subscribeOnConcurrentMainSubscribesOnTheMainQueue() {
            let log = ValueLog<String>()
            let disposed = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                log.append("subscribed on main \(DispatchQueue.isMain)")
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create {
                    log.append("disposed on main \(DispatchQueue.isMain)")
                    disposed.signal()
                }
            }
            _ = source.subscribe(on: ConcurrentMainScheduler.instance).subscribe(onNext: { log.append("next \($0)") })
            #expect(waitFor(disposed))
            #expect(log.all == ["subscribed on main true", "next 1", "disposed on main true"])
        }
    }
}
