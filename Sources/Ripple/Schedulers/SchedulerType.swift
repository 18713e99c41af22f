import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A span of time for schedulers and time operators: `.seconds(1)`, `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time, as schedulers report it in ``SchedulerType/now``.
public typealias RxTime = Date

/// A scheduler that also knows the time and can run work later or periodically.
///
/// ```swift
/// let timer = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
///     print("one second later")
///     return Disposables.create()
/// }
/// ```
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    ///
    /// - Returns: A disposable that cancels the action if it has not run yet.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long to wait before running `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Schedules `action` to run first after `startAfter`, then every `period`; each
    /// run receives the state the previous one returned.
    ///
    /// - Returns: A disposable that stops the periodic work.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long to wait before the first run.
    ///   - period: The time between runs.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built on ``scheduleRelative(_:dueTime:action:)``: each run
    /// schedules the next one `period` later.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long to wait before the first run.
    ///   - period: The time between runs.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that stops the periodic work.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let periodic = PeriodicRecursion(scheduler: self, period: period, state: state, action: action)
        return periodic.start(after: startAfter)
    }

    /// Schedules `action` after `dueTime`; the action may call `recurse` with a new
    /// state and a new due time to run again on this scheduler.
    ///
    /// - Returns: A disposable that stops the recursion.
    func scheduleRecursive<State>(_ state: State, dueTime: RxTimeInterval, action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void) -> Disposable {
        let recursion = RecursiveRelativeScheduler(scheduler: self, action: action)
        recursion.schedule(state, dueTime: dueTime)
        return recursion
    }
}

/// Drives the default ``SchedulerType/schedulePeriodic(_:startAfter:period:action:)``.
///
/// Each tick schedules the next one before running the action, so the period does
/// not drift by the action's running time. On a concurrent scheduler two ticks can
/// become due while an action still runs; `pendingTicks` makes sure the actions still
/// run one at a time, each seeing the state the previous one returned.
final class PeriodicRecursion<State>: Disposable {
    private let scheduler: SchedulerType
    private let period: RxTimeInterval
    private let action: (State) -> State
    private let lock = Lock()
    // Guarded by `lock`.
    private var state: State
    private var pendingTicks = 0
    private let recursion = SerialDisposable()

    init(scheduler: SchedulerType, period: RxTimeInterval, state: State, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.state = state
        self.action = action
    }

    func start(after startAfter: RxTimeInterval) -> Disposable {
        recursion.disposable = scheduler.scheduleRecursive((), dueTime: startAfter) { _, recurse in
            recurse((), self.period)
            self.tick()
        }
        return self
    }

    private func tick() {
        let first = lock.withLock {
            pendingTicks += 1
            return pendingTicks == 1
        }
        guard first else { return }
        while !recursion.isDisposed {
            let current = lock.withLock { state }
            let next = action(current)
            let more = lock.withLock {
                state = next
                pendingTicks -= 1
                return pendingTicks > 0
            }
            if !more { break }
        }
    }

    func dispose() {
        recursion.dispose()
    }
}

/// Drives ``SchedulerType/scheduleRecursive(_:dueTime:action:)``: each `recurse`
/// schedules one more relative action; disposing cancels the pending one.
final class RecursiveRelativeScheduler<State>: Disposable {
    typealias Action = (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void

    private let scheduler: SchedulerType
    private let lock = Lock()
    // Guarded by `lock`; `nil` once disposed.
    private var action: Action?
    private let pending = CompositeDisposable()

    init(scheduler: SchedulerType, action: @escaping Action) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.scheduler = scheduler
        self.action = action
    }

    func schedule(_ state: State, dueTime: RxTimeInterval) {
        let slot = SingleAssignmentDisposable()
        guard let key = pending.insert(slot) else { return }
        slot.setDisposable(scheduler.scheduleRelative(state, dueTime: dueTime) { state in
            self.pending.remove(for: key)
            let action = self.lock.withLock { self.action }
            action?(state, self.schedule)
            return Disposables.create()
        })
    }

    func dispose() {
        lock.withLock { action = nil }
        pending.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
