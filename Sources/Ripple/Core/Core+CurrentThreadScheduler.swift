/// Runs work on the current thread, one piece after another: a *trampoline*.
///
/// The first piece of work scheduled on a thread runs at once and makes that thread's
/// trampoline active; work scheduled while it is active (by that work, or by anything
/// it calls) is queued and runs, in order, after the current piece returns. Recursion
/// becomes iteration, so a sequence of a million synchronous elements never grows the
/// stack.
///
/// Every sequence Ripple implements subscribes on the trampoline (in the internal
/// `Producer`), and the creation operators (`of`, `from`, `range`, `repeatElement`,
/// `generate`) emit through it by default, so synchronous sources combined with
/// `merge` interleave exactly as in RxSwift:
///
/// ```swift
/// Observable.merge(Observable.of(1, 2), Observable.of(10, 20))
/// // 1, 10, 2, 20
/// ```
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance; the scheduler has no state of its own.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when no trampoline is active on this thread, so work scheduled now
    /// would run immediately rather than be queued.
    public static var isScheduleRequired: Bool {
        !(Trampoline.current?.isActive ?? false)
    }

    /// Runs `action` now if no trampoline is active on this thread (then runs the
    /// work it queued); otherwise queues it behind the work already waiting.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the work if it has not run yet.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Trampoline.forCurrentThread()
        if trampoline.isActive {
            let work = ScheduledTrampolineWork(state: state, action: action)
            trampoline.enqueue(work)
            return work
        }
        return trampoline.runActive { action(state) }
    }

    /// Recursive scheduling without allocation per step: the recursion is one queued
    /// work item that re-queues itself with each new state.
    ///
    /// - Parameters:
    ///   - state: The first state passed to `action`.
    ///   - action: One step: it receives a state and a `recurse` function that schedules
    ///     the next step with a new state.
    /// - Returns: A disposable that cancels the recursion.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let trampoline = Trampoline.forCurrentThread()
        let work = RecursiveTrampolineWork(state: state, action: action)
        trampoline.enqueue(work)
        if !trampoline.isActive {
            trampoline.runActive {}
        }
        return work
    }
}
