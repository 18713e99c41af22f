import Dispatch
import Testing
@testable import Ripple

/// A target a binder writes to.
private final class Screen {}

extension RippleTests {
    /// Binders and `bind(onNext:)` given closures written in main-actor code run them on
    /// the main queue, in order, whatever thread the elements come from.
    @Suite struct BindingIsolationTests {
        @MainActor
        @Test func aBinderWithASchedulerRunsAMainActorBindingOnTheMainQueueAfterTheScheduler() async {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let line = BackgroundLine()
                let scheduledOnLine = IsolationProbe()
                let screen = Screen()
                // The scheduler runs first (on the background queue), then the binding
                // hops to the main queue.
                let scheduler = RecordingScheduler(line.scheduler()) { scheduledOnLine.note("scheduled", inPlace: line.isCurrent) }
                let binder = Binder<Int>(screen, scheduler: scheduler) { _, value in probe.note("bind \(value)") }
                let subscription = Observable.from(Array(1...50)).subscribe(on: line.scheduler()).bind(to: binder)
                #expect(await eventually { probe.count == 50 })
                #expect(probe.notes == (1...50).map { "bind \($0)" })
                #expect(probe.misplaced == [], "ran off the main queue")
                #expect(scheduledOnLine.count == 50)
                #expect(scheduledOnLine.misplaced == [])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func bindOnNextRunsAMainActorClosureOnTheMainQueue() async {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let line = BackgroundLine()
                let subscription = Observable.from(Array(1...20), scheduler: line.scheduler()).bind(onNext: { probe.note("next \($0)") })
                #expect(await eventually { probe.count == 20 })
                #expect(probe.notes == (1...20).map { "next \($0)" })
                #expect(probe.misplaced == [], "ran off the main queue")
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Written in nonisolated code, the binding runs on the scheduler, as in RxSwift.
        @Test func aNonisolatedBindingRunsOnTheScheduler() {
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let screen = Screen()
            let binder = Binder<Int>(screen, scheduler: line.scheduler()) { _, value in probe.note("bind \(value)", inPlace: line.isCurrent) }
            let subscription = Observable.of(1, 2, 3).bind(to: binder)
            let bound = Observable.from([4], scheduler: line.scheduler()).bind(onNext: { probe.note("next \($0)", inPlace: line.isCurrent) })
            #expect(eventuallyBlocking { probe.count == 4 })
            #expect(probe.notes == ["bind 1", "bind 2", "bind 3", "next 4"])
            #expect(probe.misplaced == [], "ran off the background queue")
            subscription.dispose()
            bound.dispose()
        }
    }
}

/// A scheduler that tells, each time it runs an action, where it runs it.
private final class RecordingScheduler: ImmediateSchedulerType, Sendable {
    private let base: SerialDispatchQueueScheduler
    private let onRun: @Sendable () -> Void

    init(_ base: SerialDispatchQueueScheduler, onRun: @escaping @Sendable () -> Void) {
        self.base = base
        self.onRun = onRun
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        base.schedule(state) { [onRun] state in
            onRun()
            return action(state)
        }
    }
}
