import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct ImmediateSchedulerTests {
        @Test func runsTheActionAtOnceAndReturnsItsDisposable() {
            var log: [String] = []
            let returned = DisposalSpy()
            log.append("before")
            let disposable = ImmediateScheduler.instance.schedule(7) { state in
                log.append("action \(state)")
                return returned
            }
            log.append("after")
            #expect(log == ["before", "action 7", "after"])
            #expect(returned.disposeCount == 0)
            disposable.dispose()
            #expect(returned.disposeCount == 1)
        }

        @Test func nestedWorkRunsInsideTheActionRatherThanAfterIt() {
            var log: [String] = []
            let scheduler = ImmediateScheduler.instance
            _ = scheduler.schedule(()) { _ in
                log.append("outer start")
                _ = scheduler.schedule(()) { _ in
                    log.append("inner")
                    return Disposables.create()
                }
                log.append("outer end")
                return Disposables.create()
            }
            #expect(log == ["outer start", "inner", "outer end"])
        }

        @Test func recursionRunsEveryStepBeforeReturning() {
            var steps: [Int] = []
            let recursion = ImmediateScheduler.instance.scheduleRecursive(0) { step, recurse in
                steps.append(step)
                if step < 4 {
                    recurse(step + 1)
                }
            }
            #expect(steps == [0, 1, 2, 3, 4])
            recursion.dispose()
        }

        @Test func observeOnItDeliversSynchronouslyThroughTheGeneralPath() {
            let before = Resources.numberOfSerialDispatchQueueObservables
            let observed = Observable.of(1, 2, 3).observe(on: ImmediateScheduler.instance)
            #expect(Resources.numberOfSerialDispatchQueueObservables == before)
            #expect(observed.recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func subscribeOnItSubscribesSynchronously() {
            let events = Observable.of("a", "b").subscribe(on: ImmediateScheduler.instance).recordSynchronously()
            #expect(events == [.next("a"), .next("b"), .completed])
        }
    }
}
