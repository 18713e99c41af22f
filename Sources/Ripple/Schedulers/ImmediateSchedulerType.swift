/// Something that runs work: now, later, or on another thread, as the scheduler decides.
///
/// ```swift
/// let work = CurrentThreadScheduler.instance.schedule("hello") { greeting in
///     print(greeting)
///     return Disposables.create()
/// }
/// ```
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: A disposable that cancels the action if it has not run yet, and
    ///   disposes what it returned if it has.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Schedules `action` to run with `state`; the action may call `recurse` with a
    /// new state to be run again, on the same scheduler.
    ///
    /// Recursion becomes iteration: `recurse` schedules the next run rather than calling
    /// it, so a long recursive sequence never grows the stack.
    ///
    /// ```swift
    /// // Counts down from 3 to 1.
    /// scheduler.scheduleRecursive(3) { count, recurse in
    ///     print(count)
    ///     if count > 1 { recurse(count - 1) }
    /// }
    /// ```
    ///
    /// - Returns: A disposable that stops the recursion.
    ///
    /// - Parameters:
    ///   - state: The first state passed to `action`.
    ///   - action: One step: it receives a state and a `recurse` function that schedules
    ///     the next step with a new state.
    func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable
}

extension ImmediateSchedulerType {
    /// Recursive scheduling built on ``schedule(_:action:)``: each `recurse` schedules
    /// one more action, and disposing stops the ones still pending.
    ///
    /// - Parameters:
    ///   - state: The first state passed to `action`.
    ///   - action: One step: it receives a state and a `recurse` function that schedules
    ///     the next step with a new state.
    /// - Returns: A disposable that cancels the recursion.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let recursion = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursion.schedule(state)
        return recursion
    }
}
