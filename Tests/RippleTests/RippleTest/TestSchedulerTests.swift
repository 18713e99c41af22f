import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TestSchedulerTests {
        @Test func startSubscribesAt200AndRecordsHotEventsFromThen() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
            ])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func coldEventsAreRelativeToTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(210, "a"), .completed(220)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposalAtTheGivenTimeEndsTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
            let observer = scheduler.start(disposed: 300) { source.asObservable() }
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func workScheduledForNowRunsOneTickLater() {
            let scheduler = TestScheduler(initialClock: 0)
            var ranAt: [TestTime] = []
            scheduler.scheduleAt(100) {
                _ = scheduler.schedule(()) { _ in
                    ranAt.append(scheduler.clock)
                    return Disposables.create()
                }
            }
            scheduler.start()
            #expect(ranAt == [101])
        }

        @Test func withoutProcessingDelayWorkForNowRunsNow() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            var ranAt: [TestTime] = []
            scheduler.scheduleAt(100) {
                _ = scheduler.schedule(()) { _ in
                    ranAt.append(scheduler.clock)
                    return Disposables.create()
                }
            }
            scheduler.start()
            #expect(ranAt == [100])
        }

        @Test func periodicSchedulingTicksEveryPeriod() {
            let scheduler = TestScheduler(initialClock: 0)
            var ticks: [TestTime] = []
            var periodic: Disposable?
            scheduler.scheduleAt(200) {
                periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { count in
                    ticks.append(scheduler.clock)
                    return count + 1
                }
            }
            scheduler.scheduleAt(226) { periodic?.dispose() }
            scheduler.start()
            #expect(ticks == [210, 215, 220, 225])
        }

        @Test func errorsCompareByValueOrDescription() {
            struct Failure: Error, Equatable { let code: Int }
            #expect(Event<Int>.error(Failure(code: 1)) == .error(Failure(code: 1)))
            #expect(Event<Int>.error(Failure(code: 1)) != .error(Failure(code: 2)))
            #expect(Event<Int>.next(1) != .completed)
        }
    }
}
