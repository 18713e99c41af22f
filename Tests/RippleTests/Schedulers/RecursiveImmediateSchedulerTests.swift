import Testing
@testable import Ripple

/// `scheduleRecursive` on schedulers that implement only `schedule`, so the protocol's
/// default (`RecursiveImmediateScheduler`) drives the recursion.
extension RippleTests {
    @Suite struct RecursiveImmediateSchedulerTests {
        @Test func inlineSchedulerRunsEveryStepThroughSchedule() {
            let scheduler = InlineScheduler()
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                if step < 3 {
                    recurse(step + 1)
                }
            }
            #expect(log == [0, 1, 2, 3])
            #expect(scheduler.scheduledCount == 4)
            recursion.dispose()
        }

        @Test func rangeOnAnInlineSchedulerSendsTheExactSequence() {
            let scheduler = InlineScheduler()
            let events = Observable.range(start: 1, count: 3, scheduler: scheduler).recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
            // One action per element, and one that completes.
            #expect(scheduler.scheduledCount == 4)
        }

        @Test func fromOnAnInlineSchedulerSendsTheExactSequence() {
            let scheduler = InlineScheduler()
            let events = Observable.from(["a", "b"], scheduler: scheduler).recordSynchronously()
            #expect(events == [.next("a"), .next("b"), .completed])
            #expect(scheduler.scheduledCount == 3)
        }

        @Test func generateAndFromSequenceOnAnInlineScheduler() {
            let scheduler = InlineScheduler()
            let generated = Observable.generate(initialState: 1, condition: { $0 < 4 }, scheduler: scheduler, iterate: { $0 + 1 })
            #expect(generated.recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
            #expect(Observable.from(5...6, scheduler: scheduler).recordSynchronously() == [.next(5), .next(6), .completed])
        }

        @Test func queueSchedulerRunsOneStepPerAction() {
            let scheduler = ManualQueueScheduler()
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                if step < 2 {
                    recurse(step + 1)
                }
            }
            #expect(log == [])
            #expect(scheduler.queuedCount == 1)
            #expect(scheduler.run(steps: 1) == 1)
            #expect(log == [0])
            #expect(scheduler.queuedCount == 1)
            #expect(scheduler.run() == 2)
            #expect(log == [0, 1, 2])
            #expect(scheduler.queuedCount == 0)
            recursion.dispose()
        }

        @Test func recursingSeveralTimesFromOneStepQueuesEachInOrder() {
            let scheduler = ManualQueueScheduler()
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                if step == 0 {
                    recurse(1)
                    recurse(2)
                }
            }
            scheduler.run(steps: 1)
            #expect(scheduler.queuedCount == 2)
            #expect(scheduler.run() == 2)
            #expect(log == [0, 1, 2])
            recursion.dispose()
        }

        @Test func disposingCancelsThePendingStep() {
            let scheduler = ManualQueueScheduler()
            var log: [Int] = []
            let recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                recurse(step + 1)
            }
            #expect(scheduler.run(steps: 3) == 3)
            recursion.dispose()
            #expect(scheduler.run() == 0)
            #expect(log == [0, 1, 2])
        }

        @Test func disposingFromInsideTheActionStopsTheRecursion() {
            let scheduler = ManualQueueScheduler()
            var log: [Int] = []
            var recursion: Disposable?
            recursion = scheduler.scheduleRecursive(0) { step, recurse in
                log.append(step)
                if step == 2 {
                    recursion?.dispose()
                }
                recurse(step + 1)
            }
            #expect(scheduler.run() == 3)
            #expect(log == [0, 1, 2])
            recursion = nil
        }

        @Test func rangeOnAQueueSchedulerStopsWhenDisposed() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.range(start: 1, count: 10, scheduler: scheduler).subscribe(recorder)
            #expect(scheduler.run(steps: 3) == 3)
            #expect(recorder.events == [.next(1), .next(2), .next(3)])
            subscription.dispose()
            #expect(scheduler.run() == 0)
            #expect(recorder.events == [.next(1), .next(2), .next(3)])
        }

        @Test func fromOnAQueueSchedulerStopsWhenDisposedFromOnNext() {
            let scheduler = ManualQueueScheduler()
            var events: [Recorded<Int>] = []
            var subscription: Disposable?
            subscription = Observable.from([1, 2, 3, 4], scheduler: scheduler).subscribe { event in
                events.append(Recorded(event))
                if event.element == 2 {
                    subscription?.dispose()
                }
            }
            #expect(scheduler.run() == 2)
            #expect(events == [.next(1), .next(2)])
            subscription = nil
        }

        @Test func completedSequenceLeavesNothingQueued() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.from([1, 2], scheduler: scheduler).subscribe(recorder)
            #expect(scheduler.run() == 3)
            #expect(recorder.events == [.next(1), .next(2), .completed])
            #expect(scheduler.queuedCount == 0)
            subscription.dispose()
        }
    }
}
