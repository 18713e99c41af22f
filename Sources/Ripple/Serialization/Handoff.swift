import Dispatch

/// Carries a value that is not `Sendable` (a scheduled action and its state, a sink) to
/// the one dispatch queue, timer or operation queue that will run it.
///
/// In Swift 6 the closures given to `DispatchQueue.async`, to a timer source's event
/// handler and to `BlockOperation` must be `@Sendable`, so they cannot capture a user's
/// action or state. The check cannot see why that is safe here, so the handoff states it:
///
/// - **Ownership moves, it is not shared.** The scheduler builds the work, wraps it, hands
///   it to exactly one queue (or one timer source) and keeps no reference it could use
///   afterwards. Only the receiving side ever touches the value; a timer source may run
///   it once per tick, but a source never runs its handler twice at the same time.
/// - **What the work shares, it synchronises itself.** The objects the work reaches
///   (sinks, disposables) are also reachable from other threads; they guard their own
///   state with ``Lock`` or atomics, as every Ripple object that a scheduler can reach
///   must. Moving work to another thread is what a scheduler is for (in RxSwift too).
///
/// Use it only in that way: wrap, send once, never read the value on the sending side.
/// It is `package` so RippleFoundation can hand an observer to Foundation's `@Sendable`
/// completion handlers under the same argument (the observer is a sink built to be
/// called from any thread).
///
/// ```swift
/// let work = Handoff { _ = action(state) }   // `action` and `state` are not Sendable
/// queue.async { work.value() }
/// ```
package struct Handoff<Value>: @unchecked Sendable {
    /// The value being handed over; read only by the receiving queue.
    package let value: Value

    /// Wraps `value` for the trip to another queue.
    package init(_ value: Value) {
        self.value = value
    }
}

extension DispatchQueue {
    /// Runs `work` on this queue, handing it over with ``Handoff``: the caller must not
    /// run or keep `work` itself.
    func asyncHandingOff(_ work: @escaping () -> Void) {
        let handoff = Handoff(work)
        async(execute: { handoff.value() })
    }
}
