import Dispatch

/// The dispatch queue and timer leeway behind ``SerialDispatchQueueScheduler`` and
/// ``ConcurrentDispatchQueueScheduler``, and the scheduling both share.
///
/// Every action reaches the queue through ``Handoff``: the scheduler hands it over and
/// never touches it again. Periodic and relative work use a `DispatchSourceTimer`, whose
/// event handler never runs twice at once, even on a concurrent queue.
struct DispatchQueueConfiguration: Sendable {
    /// Where the work runs.
    let queue: DispatchQueue
    /// How late the system may fire timers, to save power.
    let leeway: DispatchTimeInterval

    /// Runs `action` on the queue, unless the returned disposable is disposed first.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        queue.asyncHandingOff {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        return cancel
    }

    /// Runs `action` on the queue once `dueTime` has passed, unless the returned
    /// disposable is disposed first.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        let scheduled = CompositeDisposable()
        // Holds the timer until it has fired or the work is disposed; cancelling it
        // releases the event handler, which is what keeps `scheduled` alive.
        let cancelTimer = Disposables.create { timer.cancel() }
        _ = scheduled.insert(cancelTimer)
        let fire = Handoff {
            if scheduled.isDisposed {
                return
            }
            cancelTimer.dispose()
            _ = scheduled.insert(action(state))
        }
        timer.setEventHandler { fire.value() }
        timer.resume()
        return scheduled
    }

    /// Runs `action` on the queue first after `startAfter`, then every `period`, each
    /// time with the state the previous run returned, until the returned disposable is
    /// disposed.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        // Holds the timer until disposed; cancelling it releases the event handler.
        let cancelTimer = Disposables.create { timer.cancel() }
        // Touched only by the event handler, which the timer source never runs twice at
        // the same time.
        var current = state
        let tick = Handoff {
            if cancelTimer.isDisposed {
                return
            }
            current = action(current)
        }
        timer.setEventHandler { tick.value() }
        timer.resume()
        return cancelTimer
    }
}
