/// Runs every action at once, on the caller's thread and stack.
///
/// RxSwift keeps this scheduler internal; Ripple exposes ``instance`` for code that must
/// run synchronously where an `ImmediateSchedulerType` is asked for. Unlike
/// ``CurrentThreadScheduler`` it does not queue nested work, so an action that schedules
/// more work runs it before returning, and a recursion deepens the stack at each step.
///
/// ```swift
/// Observable.of(1, 2, 3)
///     .observe(on: ImmediateScheduler.instance)   // delivers synchronously
///     .subscribe(onNext: { print($0) })
/// ```
public struct ImmediateScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance; the scheduler has no state.
    public static let instance = ImmediateScheduler()

    private init() {}

    /// Runs `action` with `state` now.
    ///
    /// - Returns: What `action` returned.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }
}
