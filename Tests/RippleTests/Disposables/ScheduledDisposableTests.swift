import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct ScheduledDisposableTests {
        @Test func disposesItsInnerOneOnTheCurrentThreadScheduler() {
            let inner = DisposalSpy()
            let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: inner)
            #expect(!scheduled.isDisposed)
            #expect(inner.disposeCount == 0)
            scheduled.dispose()
            // No trampoline is active here, so the scheduled disposal ran at once.
            #expect(inner.disposeCount == 1)
            #expect(scheduled.isDisposed)
        }

        @Test func disposingTwiceDisposesTheInnerOneOnce() {
            let inner = DisposalSpy()
            let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: inner)
            scheduled.dispose()
            scheduled.dispose()
            #expect(inner.disposeCount == 1)
        }

        @Test func exposesItsScheduler() {
            let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: DisposalSpy())
            #expect(scheduled.scheduler as? CurrentThreadScheduler === CurrentThreadScheduler.instance)
            scheduled.dispose()
        }

        @Test func disposalWaitsForTheActiveTrampoline() {
            // Disposed from work already running on the trampoline, the inner one is
            // disposed after that work returns, as scheduled work on this scheduler is.
            let inner = DisposalSpy()
            let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: inner)
            var countInsideWork: Int?
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                scheduled.dispose()
                countInsideWork = inner.disposeCount
                #expect(scheduled.isDisposed)
                return Disposables.create()
            }
            #expect(countInsideWork == 0)
            #expect(inner.disposeCount == 1)
        }

        @Test func disposalGoesThroughItsScheduler() {
            let scheduler = QueueingScheduler()
            let inner = DisposalSpy()
            let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
            #expect(scheduled.scheduler as? QueueingScheduler === scheduler)
            scheduled.dispose()
            #expect(scheduled.isDisposed)
            #expect(inner.disposeCount == 0)
            #expect(scheduler.queuedCount == 1)
            scheduled.dispose()
            #expect(scheduler.queuedCount == 1)
            scheduler.runAll()
            #expect(inner.disposeCount == 1)
        }

        @Test func concurrentDisposeDisposesTheInnerOneOnce() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let inner = DisposalSpy()
                let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: inner)
                runConcurrently(4) { _ in scheduled.dispose() }
                if inner.disposeCount != 1 {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }
    }
}
