import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    /// `andThen` lets go of each finished stage (the Completable and whatever its
    /// closures captured) when the next stage starts, not when the whole chain ends.
    @Suite struct CompletableAndThenReleaseTests {
        /// Counts its deinits: stands for whatever a stage's closures capture.
        /// (`@unchecked Sendable`: immutable, and `Counter` is thread-safe.)
        final class Captured: @unchecked Sendable {
            let deinits: Counter

            init(deinits: Counter) {
                self.deinits = deinits
            }

            deinit { deinits.increment() }
        }

        /// A Completable that completes `after` ticks after each subscription and
        /// holds a ``Captured`` in its subscribe closure and in the disposable of its
        /// running subscription, so the object lives as long as the stage does.
        static func stage(_ scheduler: TestScheduler, after: Int, deinits: Counter) -> Completable {
            let captured = Captured(deinits: deinits)
            return Completable.create { observer in
                let timer = scheduler.scheduleRelative((), dueTime: .seconds(after)) { _ in
                    observer(.completed)
                    return Disposables.create()
                }
                return Disposables.create {
                    withExtendedLifetime(captured) {}
                    timer.dispose()
                }
            }
        }

        @Test func theFirstStageIsReleasedOnceItCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let deinits = Counter()
            let second = scheduler.createColdObservable([RippleTest.Recorded<Event<Never>>.completed(100)])
            var subscription: Disposable?
            var events: [String] = []
            var deinitsSeen: [TestTime: Int] = [:]
            scheduler.scheduleAt(200) {
                // The chain is built and subscribed here: only the subscription keeps it.
                subscription = Self.stage(scheduler, after: 10, deinits: deinits)
                    .andThen(second.asObservable().asCompletable())
                    .subscribe { events.append("\($0) @ \(scheduler.clock)") }
            }
            for time in [205, 250, 400] {
                scheduler.scheduleAt(time) { deinitsSeen[time] = deinits.value }
            }
            scheduler.start()
            #expect(deinitsSeen == [205: 0, 250: 1, 400: 1])
            #expect(events == ["completed @ 310"])
            #expect(second.subscriptions == [Subscription(210, 310)])
            subscription?.dispose()
        }

        @Test func everyFinishedStageOfAConcatIsReleasedBeforeTheLast() {
            let scheduler = TestScheduler(initialClock: 0)
            let deinits = Counter()
            let last = scheduler.createColdObservable([RippleTest.Recorded<Event<Never>>.completed(100)])
            var subscription: Disposable?
            var deinitsSeen: [TestTime: Int] = [:]
            scheduler.scheduleAt(200) {
                subscription = Completable.concat(
                    Self.stage(scheduler, after: 10, deinits: deinits),
                    Self.stage(scheduler, after: 10, deinits: deinits),
                    Self.stage(scheduler, after: 10, deinits: deinits),
                    last.asObservable().asCompletable()
                )
                .subscribe { _ in }
            }
            for time in [205, 215, 225, 250] {
                scheduler.scheduleAt(time) { deinitsSeen[time] = deinits.value }
            }
            scheduler.start()
            #expect(deinitsSeen == [205: 0, 215: 1, 225: 2, 250: 3])
            #expect(last.subscriptions == [Subscription(230, 330)])
            subscription?.dispose()
        }

        @Test func theSecondStageOfASingleChainIsStillDeliveredAfterTheRelease() {
            let scheduler = TestScheduler(initialClock: 0)
            let deinits = Counter()
            let second = scheduler.createColdObservable([.next(20, 7), .completed(20)])
            let observer = scheduler.start {
                Self.stage(scheduler, after: 10, deinits: deinits)
                    .andThen(second.asObservable().asSingle())
            }
            XCTAssertEqual(observer.events, [.next(230, 7), .completed(230)])
            #expect(second.subscriptions == [Subscription(210, 230)])
        }
    }
}
