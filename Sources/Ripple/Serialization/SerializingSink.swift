/// A sink that hears from several threads and acts outside its lock, one action at a
/// time, through ``SerializedActions``: the driving code that `debounce`, `throttle`,
/// `buffer` and `window` share, and, through ``MergingSink``, `merge` and `switchLatest`.
///
/// A subclass names what it may have to do in an `Action` enum, keeps its own state
/// beside ``actions`` under ``lock``, and overrides ``perform(_:)``. Each of its calls
/// decides under `lock` and, with something to do, either claims the right to act or
/// leaves the action for the call that holds it:
///
/// - On a terminal event, hand the decision to ``stopAndAct(_:)``; wherever else
///   building the action costs nothing extra, to ``decideAndAct(_:)``. Both claim or
///   enqueue the action the closure returns, and perform it when they claimed.
/// - On a per-element path, call `actions.claim()` inside the lock yourself and act on
///   local values, so that the uncontended path builds no `Action`; build one only
///   when the claim fails, in an `@inline(never)` method that enqueues it. After
///   acting, call ``actionDone()``.
///
/// ```swift
/// func on(next element: Element) {
///     let act: Bool = lock.withLock {
///         // … decide …
///         if actions.claim() { return true }
///         enqueueSend(element)            // @inline(never)
///         return false
///     }
///     guard act else { return }
///     forwardOn(next: element)
///     actionDone()
/// }
///
/// case .error(let error):
///     stopAndAct {
///         pending = nil
///         return .fail(error)
///     }
/// ```
class SerializingSink<Observer: ElementObserver, Action>: Sink<Observer> {
    /// Guards ``actions`` and the subclass's own mutable state.
    final let lock = Lock()
    // The runtime's exclusivity checks (a call into the runtime per access, twice per
    // element on the per-element paths) are skipped on the two properties below. They
    // are touched only with `lock` held, so no two accesses can overlap; except that
    // the acting call gives the right back without the lock (``actionDone()``), which
    // reads only `actions`' atomic state word, never a field the lock guards.
    /// Who may act, and what waits for it. Guarded by ``lock``, except for
    /// ``SerializedActions/releaseIfIdle()``.
    @exclusivity(unchecked) final var actions = SerializedActions<Action>()
    /// Set once the sink has decided to end the sequence: it then decides nothing more.
    /// Guarded by ``lock``.
    @exclusivity(unchecked) final var isStopped = false

    /// Does what another call decided and left in ``actions``. Called outside `lock`,
    /// by the call that holds the right to act, so never by two threads at once.
    func perform(_ action: Action) {
        abstractMethod()
    }

    /// Decides under `lock` with `decide`; the action it returns, if any, is performed
    /// now, after the lock, when no other call is acting, or else left for the one
    /// that is. Builds an `Action` either way: not for per-element paths.
    final func decideAndAct(_ decide: () -> Action?) {
        var waiter: TurnWaiter?
        let action: Action? = lock.withLock {
            guard let action = decide() else {
                return nil
            }
            if actions.claim() {
                return action
            }
            waiter = actions.enqueue(action)
            return nil
        }
        if let action {
            perform(action)
            actionDone()
        } else if let waiter {
            takeTurn(waiter)
        }
    }

    /// For a call whose action was left over the turn's budget
    /// (``SerializedActions/enqueue(_:)`` returned `waiter`): waits, holding no lock,
    /// until the right to act is handed to it, then performs its own action and those
    /// queued behind it, as the holder. Call after releasing `lock`.
    @inline(never)
    final func takeTurn(_ waiter: TurnWaiter) {
        waiter.wait()
        performWaitingActions()
    }

    /// For a terminal event: unless the sink has stopped already, stops it and lets
    /// `decide` (run with `lock` held) clear what it keeps and return the action that
    /// ends the sequence, then goes on as ``decideAndAct(_:)``.
    ///
    /// The ending never waits for a turn (``SerializedActions/enqueueWithoutWaiting(_:)``).
    final func stopAndAct(_ decide: () -> Action) {
        let action: Action? = lock.withLock {
            if isStopped {
                return nil
            }
            isStopped = true
            let action = decide()
            if actions.claim() {
                return action
            }
            actions.enqueueWithoutWaiting(action)
            return nil
        }
        if let action {
            perform(action)
            actionDone()
        }
    }

    /// Called by the acting call when it has acted: gives back the right to act, first
    /// performing what other calls left meanwhile. When no call has left anything, that
    /// is one compare-and-swap, without the lock (see ``SerializedActions``).
    @inline(__always)
    final func actionDone() {
        if !actions.releaseIfIdle() {
            performWaitingActions()
        }
    }

    /// Performs, one by one and outside `lock`, the actions that other calls left, then
    /// gives back the right to act, or hands it to a call waiting for its turn. For a
    /// caller that found actions waiting when it tried to release the right itself;
    /// ``actionDone()`` does both.
    @inline(never)
    final func performWaitingActions() {
        while let action = lock.withLock({ actions.next() }) {
            perform(action)
        }
    }
}
