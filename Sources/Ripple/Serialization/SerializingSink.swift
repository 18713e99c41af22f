/// A sink that hears from several threads and acts outside its lock, one action at a
/// time, through a ``SerializationPoint``: the driving code that `debounce`, `throttle`,
/// `buffer` and `window` share, and, through ``MergingSink``, `merge` and `switchLatest`.
///
/// A subclass names what it may have to do in an `Action` enum, keeps its own state
/// beside ``actions`` under ``lock``, and overrides ``perform(_:)``. Each of its calls
/// decides under `lock` and, with something to do, asks ``actions`` what to do with
/// ``SerializationPoint/claim(orLeave:)``, then hands the answer to ``proceed(_:acting:)``
/// after the lock:
///
/// - On a terminal event, hand the decision to ``stopAndAct(_:)``; wherever else
///   building the action costs nothing extra, to ``decideAndAct(_:)``.
/// - On a per-element path, act on local values in `proceed`'s closure, so that the
///   uncontended path builds no `Action`; build one only when the claim fails (the
///   `orLeave` argument, out of line where the path is hot).
///
/// ```swift
/// func on(next element: Element) {
///     let step: SerializationStep = lock.withLock {
///         if isStopped { return .nothing }
///         // … decide …
///         return actions.claim(orLeave: sendAction(element))   // @inline(never)
///     }
///     proceed(step) { forwardOn(next: element) }
/// }
///
/// case .error(let error):
///     stopAndAct {
///         pending = nil
///         return .fail(error)
///     }
/// ```
///
/// `Policy` is the point's ``ClaimPolicy``: ``ClaimsUnderLock`` for a sink whose every
/// call decides under `lock` (the time operators), ``ClaimsAlsoWithoutLock`` for one
/// with a call that decides nothing there (``MergingSink``'s inner elements).
class SerializingSink<Observer: ElementObserver, Action, Policy: ClaimPolicy>: Sink<Observer> {
    /// Guards ``actions``' queue and the subclass's own mutable state.
    final let lock = Lock()
    /// Who may act, and what waits for it. Used under ``lock``, except its entries that
    /// say otherwise.
    final let actions = SerializationPoint<Action, Policy>()
    // The runtime's exclusivity checks (a call into the runtime per access) are skipped:
    // the flag is touched only with `lock` held, so no two accesses can overlap.
    /// Set once the sink has decided to end the sequence: it then decides nothing more.
    /// Guarded by ``lock``.
    @exclusivity(unchecked) final var isStopped = false

    /// Does what another call decided and left in ``actions``. Called outside `lock`,
    /// by the call that holds the right to act, so never by two threads at once.
    func perform(_ action: Action) {
        abstractMethod()
    }

    /// After the lock, does what `step` (``SerializationPoint/claim(orLeave:)``'s
    /// answer) says: runs `act` and then what other calls left meanwhile, or waits for
    /// this call's turn, or nothing.
    @inline(__always)
    final func proceed(_ step: SerializationStep, acting act: () -> Void) {
        actions.run(step, under: lock, acting: act, performing: { perform($0) })
    }

    /// Holding the right to act (``SerializationPoint/claimKnownFree()``), after the
    /// lock: gives it back, first performing what other calls left meanwhile.
    @inline(__always)
    final func finishTurn() {
        actions.finishTurn(under: lock, performing: { perform($0) })
    }

    /// Decides under `lock` with `decide`; the action it returns, if any, is performed
    /// now, after the lock, when no other call is acting, or else left for the one
    /// that is. Builds an `Action` either way: not for per-element paths.
    final func decideAndAct(_ decide: () -> Action?) {
        var decided: Action?
        let step: SerializationStep = lock.withLock {
            guard let action = decide() else {
                return .nothing
            }
            decided = action
            return actions.claim(orLeave: action)
        }
        proceed(step) {
            if let decided {
                perform(decided)
            }
        }
    }

    /// For a terminal event: unless the sink has stopped already, stops it and lets
    /// `decide` (run with `lock` held) clear what it keeps and return the action that
    /// ends the sequence, then goes on as ``decideAndAct(_:)``. The ending never waits
    /// for a turn (``SerializationPoint/claim(orLeaveWithoutWaiting:)``).
    final func stopAndAct(_ decide: () -> Action) {
        var decided: Action?
        let act: Bool = lock.withLock {
            if isStopped {
                return false
            }
            isStopped = true
            let action = decide()
            decided = action
            return actions.claim(orLeaveWithoutWaiting: action)
        }
        if act, let decided {
            perform(decided)
            finishTurn()
        }
    }
}
