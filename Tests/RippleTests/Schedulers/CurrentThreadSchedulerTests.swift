#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Testing
@testable import Ripple

/// A log that several threads may append to.
private final class SharedLog: Sendable {
    private let entries = Guarded<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] {
        entries.withLock { $0 }
    }
}

extension RippleTests {
    @Suite struct CurrentThreadSchedulerTests {
        let scheduler = CurrentThreadScheduler.instance

        @Test func isScheduleRequiredOnlyOutsideScheduledWork() {
            var inAction: Bool?
            var inQueuedAction: Bool?
            #expect(CurrentThreadScheduler.isScheduleRequired)
            let scheduler = scheduler
            scheduler.schedule(()) { _ in
                inAction = CurrentThreadScheduler.isScheduleRequired
                return scheduler.schedule(()) { _ in
                    inQueuedAction = CurrentThreadScheduler.isScheduleRequired
                    return Disposables.create()
                }
            }.dispose()
            #expect(inAction == false)
            #expect(inQueuedAction == false)
            #expect(CurrentThreadScheduler.isScheduleRequired)
        }

        @Test func subscribingToAProducerRunsOnTheTrampoline() {
            var inSubscribe: Bool?
            var inOnNext: Bool?
            let source = Observable<Int>.create { observer in
                inSubscribe = CurrentThreadScheduler.isScheduleRequired
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            source.subscribe(onNext: { _ in inOnNext = CurrentThreadScheduler.isScheduleRequired }).dispose()
            #expect(inSubscribe == false)
            #expect(inOnNext == false)
            #expect(CurrentThreadScheduler.isScheduleRequired)
        }

        @Test func scheduleRunsAtOnceWhenNoTrampolineIsActive() {
            var log: [String] = []
            log.append("before")
            let work = scheduler.schedule("state") { state in
                log.append("action \(state)")
                return Disposables.create { log.append("action's disposable disposed") }
            }
            log.append("after")
            #expect(log == ["before", "action state", "after"])
            work.dispose()
            #expect(log == ["before", "action state", "after", "action's disposable disposed"])
        }

        @Test func nestedWorkIsQueuedAndRunsInOrderAfterTheCurrentAction() {
            var log: [String] = []
            let scheduler = scheduler
            scheduler.schedule(()) { _ in
                log.append("outer start")
                for name in ["a", "b", "c"] {
                    // Queued work is released once it has run; nothing here needs
                    // its disposable.
                    _ = scheduler.schedule(name) { name in
                        log.append(name)
                        if name == "a" {
                            _ = scheduler.schedule("a's child") { name in
                                log.append(name)
                                return Disposables.create()
                            }
                        }
                        return Disposables.create()
                    }
                }
                log.append("outer end")
                return Disposables.create()
            }.dispose()
            #expect(log == ["outer start", "outer end", "a", "b", "c", "a's child"])
        }

        @Test func disposingQueuedWorkBeforeItRunsCancelsIt() {
            var log: [String] = []
            let scheduler = scheduler
            scheduler.schedule(()) { _ in
                let first = scheduler.schedule(()) { _ in
                    log.append("first")
                    return Disposables.create()
                }
                let second = scheduler.schedule(()) { _ in
                    log.append("second")
                    return Disposables.create()
                }
                first.dispose()
                return second
            }.dispose()
            #expect(log == ["second"])
        }

        @Test func disposingQueuedWorkAfterItRanDisposesWhatItReturned() {
            var log: [String] = []
            let scheduler = scheduler
            var queued: Disposable?
            scheduler.schedule(()) { _ in
                queued = scheduler.schedule(()) { _ in
                    log.append("ran")
                    return Disposables.create { log.append("result disposed") }
                }
                return Disposables.create()
            }.dispose()
            #expect(log == ["ran"])
            queued?.dispose()
            queued?.dispose()
            #expect(log == ["ran", "result disposed"])
        }

        @Test func scheduleRecursiveOutsideATrampolineRunsEveryStepBeforeReturning() {
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                if step < 4 {
                    recurse(step + 1)
                }
            }
            #expect(log == [0, 1, 2, 3, 4])
            recursion.dispose()
        }

        @Test func scheduleRecursiveRunsAMillionStepsInOrderWithoutGrowingTheStack() {
            let steps = 1_000_000
            var visited = 0
            var outOfOrder = 0
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                if step != visited {
                    outOfOrder += 1
                }
                visited += 1
                if step + 1 < steps {
                    recurse(step + 1)
                }
            }
            recursion.dispose()
            #expect(visited == steps)
            #expect(outOfOrder == 0)
        }

        @Test func recursionStepsTakeTurnsWithOtherQueuedWork() {
            var log: [String] = []
            let scheduler = scheduler
            var work: [Disposable] = []
            scheduler.schedule(()) { _ in
                work.append(scheduler.scheduleRecursive(0) { step, recurse in
                    log.append("r\(step)")
                    if step < 2 {
                        recurse(step + 1)
                    }
                })
                work.append(scheduler.schedule(()) { _ in
                    log.append("x")
                    return Disposables.create()
                })
                log.append("outer end")
                return Disposables.create()
            }.dispose()
            #expect(log == ["outer end", "r0", "x", "r1", "r2"])
            work.forEach { $0.dispose() }
        }

        @Test func recursingSeveralTimesFromOneStepRunsEachInOrder() {
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                switch step {
                case 0:
                    recurse(1)
                    recurse(2)
                case 1, 2:
                    recurse(step * 10)
                default:
                    break
                }
            }
            recursion.dispose()
            #expect(log == [0, 1, 2, 10, 20])
        }

        @Test func disposingTheRecursionFromInsideTheActionStopsIt() {
            var log: [Int] = []
            let recursion = SingleAssignmentDisposable()
            let scheduler = scheduler
            scheduler.schedule(()) { _ in
                recursion.setDisposable(scheduler.scheduleRecursive(0) { step, recurse in
                    log.append(step)
                    if step == 3 {
                        recursion.dispose()
                    }
                    recurse(step + 1)
                })
                return Disposables.create()
            }.dispose()
            recursion.dispose()
            #expect(log == [0, 1, 2, 3])
        }

        @Test func disposingAQueuedRecursionBeforeItRunsPreventsEveryStep() {
            var log: [Int] = []
            let scheduler = scheduler
            scheduler.schedule(()) { _ in
                scheduler.scheduleRecursive(0) { step, recurse in
                    log.append(step)
                    recurse(step + 1)
                }.dispose()
                return Disposables.create()
            }.dispose()
            #expect(log == [])
        }

        @Test func synchronousSourcesSubscribedInOneTrampolineInterleave() {
            let recorder = EventRecorder<Int>()
            scheduler.schedule(()) { _ in
                let first = Observable.of(1, 2, 3).subscribe(recorder)
                let second = Observable.of(10, 20, 30).subscribe(recorder)
                return Disposables.create(first, second)
            }.dispose()
            #expect(recorder.events == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed, .completed])
        }

        @Test func threeDifferentSourcesInterleaveStepByStep() {
            var log: [String] = []
            scheduler.schedule(()) { _ in
                let a = Observable.of(1, 2).subscribe(onNext: { log.append("a\($0)") }, onCompleted: { log.append("a done") })
                let b = Observable.range(start: 10, count: 2).subscribe(onNext: { log.append("b\($0)") }, onCompleted: { log.append("b done") })
                let c = Observable.from([100]).subscribe(onNext: { log.append("c\($0)") }, onCompleted: { log.append("c done") })
                return Disposables.create(a, b, c)
            }.dispose()
            #expect(log == ["a1", "b10", "c100", "a2", "b11", "c done", "a done", "b done"])
        }

        @Test func synchronousSourcesSubscribedOutsideATrampolineRunOneAfterTheOther() {
            let recorder = EventRecorder<Int>()
            Observable.of(1, 2, 3).subscribe(recorder).dispose()
            Observable.of(10, 20, 30).subscribe(recorder).dispose()
            #expect(recorder.events == [.next(1), .next(2), .next(3), .completed, .next(10), .next(20), .next(30), .completed])
        }

        @Test func workQueuedOnOneThreadNeverRunsOnAnother() {
            let log = SharedLog()
            let scheduler = scheduler
            let testThread = pthread_self()
            var queuedRanOnTestThread: Bool?
            scheduler.schedule(()) { _ in
                let queued = scheduler.schedule(()) { _ in
                    queuedRanOnTestThread = pthread_equal(pthread_self(), testThread) != 0
                    log.append("test thread's queued work")
                    return Disposables.create()
                }
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) {
                    let other = CurrentThreadScheduler.instance
                    log.append("other thread: schedule required \(CurrentThreadScheduler.isScheduleRequired)")
                    other.schedule(()) { _ in
                        log.append("other thread's action")
                        let nested = other.schedule(()) { _ in
                            log.append("other thread's queued work")
                            return Disposables.create()
                        }
                        log.append("other thread's action end")
                        return nested
                    }.dispose()
                    log.append("other thread done")
                }
                group.wait()
                log.append("test thread's action end")
                return queued
            }.dispose()
            #expect(log.all == [
                "other thread: schedule required true",
                "other thread's action",
                "other thread's action end",
                "other thread's queued work",
                "other thread done",
                "test thread's action end",
                "test thread's queued work",
            ])
            #expect(queuedRanOnTestThread == true)
        }
    }
}

extension RippleTests.CurrentThreadSchedulerTests {
    /// A recursion step that recurses and also schedules other work keeps queue order,
    /// whether the recursion runs again at once (nothing else queued) or goes behind
    /// work queued before its `recurse`.
    @Test func recursionKeepsQueueOrderAroundOtherScheduledWork() {
        var log: [String] = []
        var recursion: Disposable?
        insideTrampoline {
            recursion = CurrentThreadScheduler.instance.scheduleRecursive(0) { step, recurse in
                log.append("step \(step)")
                switch step {
                case 0:
                    // Nothing queued yet: step 1 comes before X.
                    recurse(1)
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("X")
                        return Disposables.create()
                    }
                case 1:
                    // X is queued: step 2 goes behind X; Y is queued before the recurse.
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("Y")
                        return Disposables.create()
                    }
                    recurse(2)
                case 2:
                    // Two recurses with nothing queued: both run, in order.
                    recurse(3)
                    recurse(4)
                default:
                    break
                }
            }
        }
        recursion?.dispose()
        #expect(log == ["step 0", "step 1", "X", "Y", "step 2", "step 3", "step 4"])
    }
}
