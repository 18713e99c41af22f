/// Starts `work` in a new task and returns a disposable that cancels that task: how the
/// async bridges (`AsyncSequence.asObservable()`, `create(detached:priority:work:)`)
/// tie a subscription to the task doing its work.
///
/// The task runs outside any actor (this function is nonisolated, so the task does not
/// inherit the subscriber's actor); `detached` also drops the caller's priority and
/// task-local values, as `Task.detached` does. `work` is built for one subscription
/// and handed to this one task, which alone runs it (see `Handoff`); the erased
/// `() async -> Void` also keeps the element type out of the task's closure.
func disposableTask(
    detached: Bool,
    priority: TaskPriority?,
    _ work: @escaping () async -> Void
) -> Disposable {
    let handoff = Handoff(work)
    let task = if detached {
        Task.detached(priority: priority) { await handoff.value() }
    } else {
        Task(priority: priority) { await handoff.value() }
    }
    return Disposables.create { task.cancel() }
}
