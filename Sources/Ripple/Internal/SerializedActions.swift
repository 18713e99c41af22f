/// Lets a sink that hears from several threads act outside its lock, yet one action at
/// a time and in the order it decided them.
///
/// A time operator's sink is driven by its upstream and by its scheduler's timers,
/// which may fire on other threads. It decides under its ``Lock`` what to do (update
/// its state, take the element to send) but must act (forward downstream, start a
/// timer) after releasing it. Two threads acting at once would call the observer
/// concurrently or reorder what was decided; so, under the lock, a thread with
/// something to do either *claims* the right to act (when nobody holds it) or
/// *enqueues* its action for the thread that does. The acting thread, once done, takes
/// the waiting actions one by one, still outside the lock, before giving the right back.
///
/// A call that re-enters the sink while it acts (an observer that synchronously feeds
/// the upstream) finds the right taken and enqueues, so the lock need not be recursive
/// and nothing runs while it is held.
///
/// The uncontended path never touches the queue: the claiming thread acts on its own
/// local values, so no `Action` is built and nothing is allocated.
///
/// ```swift
/// let element: Element? = lock.withLock {
///     // … decide …
///     if actions.claim() { return element }
///     actions.enqueue(.send(element))
///     return nil
/// }
/// guard let element else { return }
/// forwardOn(next: element)
/// if !lock.withLock({ actions.releaseIfIdle() }) {
///     while let action = lock.withLock({ actions.next() }) { perform(action) }
/// }
/// ```
///
/// ``SerializingSink`` holds the lock and the actions and runs the last part, so a sink
/// built on it writes only the deciding and the `perform(_:)`.
///
/// It is a plain value stored in the sink: use every member with the sink's lock held.
struct SerializedActions<Action> {
    private var isActing = false
    private var queued: [Action] = []
    private var head = 0
    // Kept apart from `queued` so that the fast path reads only plain integers.
    private var waiting = 0

    // `claim()` and `releaseIfIdle()` run for every element, and are always inlined:
    // called, a method of this generic struct needs the struct's type metadata, which
    // unspecialised code (the sinks' generic code in every client) fetches from the
    // runtime's cache, a few hundred instructions per call. Inlined, they are a few
    // loads and stores: the struct's layout does not depend on `Action`.

    /// Takes the right to act and returns `true`, or returns `false` when another call
    /// holds it; the caller must then ``enqueue(_:)`` its action instead of acting.
    @inline(__always)
    mutating func claim() -> Bool {
        if isActing {
            return false
        }
        isActing = true
        return true
    }

    /// Leaves `action` for the call that holds the right to act.
    mutating func enqueue(_ action: Action) {
        queued.append(action)
        waiting += 1
    }

    /// Called by the acting call when its action is done: gives the right back and
    /// returns `true` when nothing waits; returns `false` when actions wait, which the
    /// caller must then take with ``next()``.
    @inline(__always)
    mutating func releaseIfIdle() -> Bool {
        if waiting > 0 {
            return false
        }
        isActing = false
        return true
    }

    /// The next waiting action for the acting call, or `nil` once none is left, in
    /// which case the right to act is given back.
    mutating func next() -> Action? {
        guard waiting > 0 else {
            isActing = false
            return nil
        }
        let action = queued[head]
        head += 1
        waiting -= 1
        if waiting == 0 {
            queued.removeAll(keepingCapacity: true)
            head = 0
        }
        return action
    }
}
