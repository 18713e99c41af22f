
/// Drives ``ImmediateSchedulerType/scheduleRecursive(_:action:)`` on a scheduler that
/// has no faster way: every `recurse` schedules one more action, whose disposable is
/// kept in `pending` until it has run, so disposing cancels whatever is still queued.
final class RecursiveImmediateScheduler<State>: Disposable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let lock = Lock()
    // Guarded by `lock`. `nil` once disposed: a run that starts afterwards does nothing.
    private var action: Action?
    private let pending = CompositeDisposable()
    private let scheduler: ImmediateSchedulerType

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.action = action
        self.scheduler = scheduler
    }

    func schedule(_ state: State) {
        // The action may run before `scheduler.schedule` returns (an immediate
        // scheduler) or on another thread before its disposable is in `pending`; the
        // slot tells the two sides which of them removes it from `pending`.
        let slot = ScheduledSlot()
        let disposable = scheduler.schedule(state) { state in
            let (key, action): (CompositeDisposable.DisposeKey?, Action?) = self.lock.withLock {
                defer { slot.state = .ran }
                return (slot.state.key, self.action)
            }
            if let key {
                self.pending.remove(for: key)
            }
            action?(state, self.schedule)
            return Disposables.create()
        }
        guard let key = pending.insert(disposable) else { return }
        let alreadyRan: Bool = lock.withLock {
            if slot.state.hasRun {
                return true
            }
            slot.state = .added(key)
            return false
        }
        if alreadyRan {
            pending.remove(for: key)
        }
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

    /// Where one scheduled run stands; read and written under `lock`.
    private final class ScheduledSlot {
        enum State {
            case scheduling
            case added(CompositeDisposable.DisposeKey)
            case ran

            var hasRun: Bool {
                if case .ran = self { return true }
                return false
            }

            var key: CompositeDisposable.DisposeKey? {
                if case .added(let key) = self { return key }
                return nil
            }
        }

        var state = State.scheduling
    }
}
