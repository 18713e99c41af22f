import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct JustTests {
        @Test func sendsTheElementThenCompletes() {
            #expect(Observable.just(42).recordSynchronously() == [.next(42), .completed])
        }

        @Test func eachSubscriberGetsTheElement() {
            let source = Observable.just("a")
            #expect(source.recordSynchronously() == [.next("a"), .completed])
            #expect(source.recordSynchronously() == [.next("a"), .completed])
        }

        @Test func sendsDuringSubscribeEvenInsideAnActiveTrampoline() {
            var duringSubscribe: [Recorded<Int>] = []
            insideTrampoline {
                let recorder = EventRecorder<Int>()
                Observable.just(1).subscribe(recorder).dispose()
                duringSubscribe = recorder.events
            }
            #expect(duringSubscribe == [.next(1), .completed])
        }

        @Test func withSchedulerSendsTheElementThenCompletes() {
            let events = Observable.just(7, scheduler: CurrentThreadScheduler.instance).recordSynchronously()
            #expect(events == [.next(7), .completed])
        }

        @Test func withSchedulerWaitsForTheCurrentTrampolineAction() {
            let recorder = EventRecorder<Int>()
            var duringAction: [Recorded<Int>] = []
            var subscription: Disposable?
            insideTrampoline {
                subscription = Observable.just(7, scheduler: CurrentThreadScheduler.instance).subscribe(recorder)
                duringAction = recorder.events
            }
            subscription?.dispose()
            #expect(duringAction == [])
            #expect(recorder.events == [.next(7), .completed])
        }

        @Test func withSchedulerSendsElementAndCompletionAsTwoScheduledActions() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.just(7, scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            #expect(scheduler.run(steps: 1) == 1)
            #expect(recorder.events == [.next(7)])
            #expect(scheduler.run(steps: 1) == 1)
            #expect(recorder.events == [.next(7), .completed])
            #expect(scheduler.run() == 0)
            subscription.dispose()
        }

        @Test func withSchedulerDisposedBeforeItRunsSendsNothing() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            Observable.just(7, scheduler: scheduler).subscribe(recorder).dispose()
            #expect(scheduler.run() == 0)
            #expect(recorder.events == [])
        }

        @Test func withSchedulerDisposedAfterTheElementSendsNoCompletion() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.just(7, scheduler: scheduler).subscribe(recorder)
            scheduler.run(steps: 1)
            subscription.dispose()
            #expect(scheduler.run() == 0)
            #expect(recorder.events == [.next(7)])
        }
    }
}
