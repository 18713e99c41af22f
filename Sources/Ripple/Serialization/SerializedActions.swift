
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
/// local values, so no `Action` is built and nothing is allocated; and it gives the
/// right back with one compare-and-swap, without the lock (``releaseIfIdle()``).
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
/// if !actions.releaseIfIdle() {
///     while let action = lock.withLock({ actions.next() }) { perform(action) }
/// }
/// ```
///
/// ``SerializingSink`` holds the lock and the actions and runs the last part, so a sink
/// built on it writes only the deciding and the `perform(_:)`.
///
/// ## The bound
///
/// Left unbounded, the acting call would take the waiting actions for as long as other
/// threads keep leaving them. So an acting call's *turn* accepts at most
/// ``SerializationBound/foreignActionsPerThread`` actions from each other thread
/// (``ForeignBudget``); beyond its thread's share ``enqueue(_:)`` returns a
/// ``TurnWaiter``, and its caller waits (after the lock) until ``next()`` reaches its
/// action and hands it the right; it then performs its own action and those behind it,
/// in a turn of its own. Actions from the acting call's own thread (re-entrant) never
/// wait, nor do endings (``enqueueWithoutWaiting(_:)``).
///
/// It is a value stored in the sink (not copyable: it holds an atomic). Use every member
/// with the sink's lock held, except ``releaseIfIdle()``, which the acting call may also
/// use without it.
///
/// ## The state word, and why nothing is lost, reordered or doubled
///
/// `state` is 0 while nobody holds the right to act. While a call holds it, it is 1
/// plus the number of calls that have since found it taken (each of which enqueues its
/// action before it leaves the lock). Every change of `state` except one is made with
/// the lock held: ``claim()`` (0 → 1, or +1 when taken), and ``next()`` (back to 1 once
/// the queue is empty, to 0 when it gives the right back; unchanged when it hands the
/// right to a waiting call, which then acts as the holder did). The one change made without
/// the lock is the acting call's lock-free release, a compare-and-swap 1 → 0: it
/// succeeds only when no call has found the right taken since the holder last looked,
/// that is, when nothing is queued or about to be.
/// (A point that also claims without the lock, ``claimWithoutLock()``, adds a second:
/// a compare-and-swap 0 → 1, which decides nothing under the lock and so can overtake
/// nothing; its claims under the lock are then compare-and-swaps too.)
///
/// - *Nothing is lost.* The release and a concurrent claim are read-modify-writes of
///   the one word, so one of them comes first. If the release comes first, the claim
///   reads 0 and takes the right itself. If the claim comes first, `state` is 2 or more,
///   the release fails, and the holder takes the lock (after the claimer's critical
///   section, which holds the action's enqueueing) and performs the action via
///   ``next()``.
/// - *Nothing is reordered.* A claim succeeds only from 0, and `state` reaches 0 only
///   through a release that saw nothing queued (the compare-and-swap from 1, or
///   ``next()`` finding the queue empty with the lock held). So an action decided later
///   never overtakes one decided earlier and still waiting: while one waits, `state` is
///   at least 2 and every claim fails and enqueues behind it. (This is why the claim
///   and the enqueueing stay under the lock: a claim made without it could find 0
///   between another call's failed claim and its enqueueing.)
/// - *Ordering between successive holders.* The release is `releasing` and the claim
///   `acquiring`, so everything the previous holder did while acting (forwarding
///   downstream, state it keeps outside the lock, like a refCount's connection)
///   happens before the next holder acts. When the right passes through the locked
///   path instead, the lock orders it.
/// - *A terminal event stays last and exactly once.* The sink decides an ending under
///   the lock and marks itself stopped in the same critical section, so no action is
///   decided after it; it is claimed or enqueued like any action, so it runs after all
///   actions decided before it, and once, by the one call holding the right.
struct SerializedActions<Action>: ~Copyable {
    /// An action left for the holder; `waiter` is set when its caller waits for a turn
    /// (it was over the turn's budget) and is handed the right when the action is next.
    private struct Entry {
        var action: Action
        var waiter: TurnWaiter?
        /// The thread that left it without waiting, counted in `budget`; 0 for the
        /// holder's own actions, endings and waiting calls' actions.
        var foreignThread: UInt = 0
    }

    private var queued: [Entry] = []
    private var head = 0
    /// The thread holding the right to act (``currentThreadID()``); meaningful while
    /// it is held. Atomic (relaxed) because ``claimWithoutLock()`` stores it without
    /// the lock; every other access is made with the lock held.
    private let holder = AtomicValue<UInt>(0)
    /// What each other thread left, without waiting, in the queue's last *run* (after
    /// the last action of a waiting call, whose turn will perform them, or, when no
    /// waiting call is queued, in the current holder's turn) and still queued. Each
    /// turn performs one run, so no turn performs more than the bound.
    private var budget = ForeignBudget()
    // Not the first stored property: a mutating access to the whole struct (enqueueing,
    // under the lock) is reported to the Thread Sanitizer as a one-byte write at the
    // struct's address, which must not be the word the lock-free release touches.
    private let state = AtomicValue<Int>(0)

    init() {}

    // `claim()` and `releaseIfIdle()` run for every element, and are always inlined:
    // called, a method of this generic struct needs the struct's type metadata, which
    // unspecialised code (the sinks' generic code in every client) fetches from the
    // runtime's cache, a few hundred instructions per call. Inlined, they are a few
    // instructions: the struct's layout does not depend on `Action`.

    /// Takes the right to act and returns `true`, or returns `false` when another call
    /// holds it; the caller must then ``enqueue(_:)`` its action instead of acting,
    /// before it releases the lock.
    @inline(__always)
    mutating func claim() -> Bool {
        // Acquiring: pairs with the releasing compare-and-swap of the previous holder.
        // With the lock held, only a holder's lock-free release (1 → 0) can change the
        // word under us: seeing 0, nobody holds the right and nobody else can take it,
        // so a plain store takes it, cheaper than a read-modify-write.
        if state.load(ordering: .acquiring) == 0 {
            state.store(1, ordering: .relaxed)
            beginTurnUnderLock()
            return true
        }
        return countFailedClaim()
    }

    /// ``claim()`` for a point that also claims with ``claimWithoutLock()``: the word
    /// may then go from 0 to 1 under us even with the lock held, so the right is taken
    /// with a compare-and-swap. Use every claim made with the lock held on such a point
    /// through this one (or ``countFailedClaim()``'s own compare-and-swap).
    @inline(__always)
    mutating func claimBesideLockFreeClaims() -> Bool {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            beginTurnUnderLock()
            return true
        }
        return countFailedClaim()
    }

    /// Takes the right to act *without the lock* and returns `true`, or returns
    /// `false` when another call holds it (the caller then takes the lock and claims
    /// with ``claimBesideLockFreeClaims()``, which queues its action).
    ///
    /// Only for a point whose claims under the lock all use
    /// ``claimBesideLockFreeClaims()``, whose every release clears the holder
    /// (``releaseIfIdleClearingHolder()``, ``releaseClaimedUnderLock()``, ``next()``),
    /// and whose lock-free release is only ever tried before the holder has taken any
    /// queued action. Then `budget` is empty whenever the word is 0 (a turn ends
    /// with the lock-free release only when nobody left anything in it; ``next()``
    /// empties it), so the turn starts with its full budget without writing it here.
    /// The holder is stored just after the claim: a call that finds the right taken
    /// meanwhile may read 0 (never its own thread, since every release cleared it),
    /// which is right, as it is not the holder.
    @inline(__always)
    func claimWithoutLock() -> Bool {
        // Acquiring: pairs with the previous holder's releasing store or exchange.
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else {
            return false
        }
        holder.store(currentThreadID(), ordering: .relaxed)
        return true
    }

    /// Records, with the lock held, that a turn begins on this thread. Every thread's
    /// share is whole already: the word was 0, so either ``next()`` found the queue
    /// empty and emptied `budget`, or the last turn ended with the lock-free release,
    /// which succeeds only when nobody left anything since the holder last looked (a
    /// drain always ends in ``next()``). Nothing to write on the per-element path.
    @inline(__always)
    private mutating func beginTurnUnderLock() {
        holder.store(currentThreadID(), ordering: .relaxed)
        assert(budget.isEmpty, "a turn began with other threads' actions still counted")
    }

    /// Counts a claim that found the right taken, so that the holder's lock-free release
    /// fails and it looks at the queue; or takes the right, if the holder released it
    /// meanwhile.
    @inline(never)
    private mutating func countFailedClaim() -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            if current == 0 {
                // A compare-and-swap, not a store: on a point that also claims without
                // the lock (``claimWithoutLock()``), another call may take it meanwhile.
                let (taken, original) = state.compareExchange(
                    expected: 0, desired: 1, ordering: .acquiring)
                if taken {
                    beginTurnUnderLock()
                    return true
                }
                current = original
                continue
            }
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiring)
            if exchanged {
                return false
            }
            current = original
        }
    }

    /// Gives back, within the critical section that took it, the right that ``claim()``
    /// just took: for a call that only needed nobody to be acting while it changed
    /// state that the holder reads without the lock. Nobody can have queued anything
    /// meanwhile, since claims are made under the lock.
    mutating func releaseClaimedUnderLock() {
        holder.store(0, ordering: .relaxed)
        state.store(0, ordering: .releasing)
    }

    /// Leaves `action` for the call that holds the right to act. Returns `nil` when the
    /// caller may return at once: the holder performs the action. Returns a waiter when
    /// the holder's turn has already been left its share by other threads
    /// (``SerializationBound``): the caller must then, after releasing the lock, wait
    /// on it and act as the holder (``SerializingSink/takeTurn(_:)``).
    ///
    /// A call on the holder's own thread (re-entrant) never waits: it would wait for
    /// itself.
    mutating func enqueue(_ action: Action) -> TurnWaiter? {
        let thread = currentThreadID()
        if thread == holder.load(ordering: .relaxed) {
            queued.append(Entry(action: action, waiter: nil))
            return nil
        }
        if budget.admit(thread) {
            queued.append(Entry(action: action, waiter: nil, foreignThread: thread))
            return nil
        }
        let waiter = TurnWaiter(thread: thread)
        queued.append(Entry(action: action, waiter: waiter))
        // What other threads leave from now on is performed in this waiter's turn.
        budget.startRun()
        return waiter
    }

    /// Leaves `action` for the holder without ever waiting: for an action decided at
    /// most once per sequence (its ending), which can add at most one to the queue, and
    /// is often decided inside another serialization point's delivery, where a wait
    /// could meet that point's holder.
    mutating func enqueueWithoutWaiting(_ action: Action) {
        queued.append(Entry(action: action, waiter: nil))
    }

    /// Called by the acting call when its action is done, with or without the lock:
    /// gives the right back and returns `true` when no call has found it taken since
    /// the acting call last looked; returns `false` otherwise, and the caller must then
    /// take the waiting actions with ``next()``.
    @inline(__always)
    func releaseIfIdle() -> Bool {
        // Releasing: publishes what the holder did to the next claimer. On failure, the
        // caller takes the lock, which orders what it reads next.
        state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged
    }

    /// ``releaseIfIdle()`` for a point that also claims with ``claimWithoutLock()``:
    /// clears the holder first, so that the thread giving the right back never later
    /// reads its own identity there while another call's lock-free claim is under way
    /// (it would take itself for the holder and skip the bound), and restores it when
    /// the release fails and this call goes on acting.
    @inline(__always)
    func releaseIfIdleClearingHolder() -> Bool {
        let thread = holder.load(ordering: .relaxed)
        holder.store(0, ordering: .relaxed)
        if state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
            return true
        }
        holder.store(thread, ordering: .relaxed)
        return false
    }

    /// The next waiting action for the acting call, or `nil` when it must stop acting:
    /// either none is left, and the right to act is given back, or the next action
    /// belongs to a call waiting for its turn, and the right is handed to that call.
    mutating func next() -> Action? {
        guard head < queued.count else {
            // With the lock held, no claim is half done: the queue holds every action
            // decided while this call acted, and it is empty. Nobody holds the right
            // now: no holder, and the next turn's budget whole.
            holder.store(0, ordering: .relaxed)
            budget.reset()
            state.store(0, ordering: .releasing)
            return nil
        }
        if let waiter = queued[head].waiter {
            // The state word stays "held": the waiter acts next, starting with its own
            // action, now an ordinary one, in a turn of its own (whose run
            // `budget` already counts, if it is the last one queued).
            queued[head].waiter = nil
            holder.store(waiter.thread, ordering: .relaxed)
            waiter.handOver()
            return nil
        }
        let action = queued[head].action
        if queued[head].foreignThread != 0 {
            budget.taken(from: queued[head].foreignThread)
        }
        head += 1
        if head == queued.count {
            // A burst can grow the queue far beyond its usual size: that storage is not
            // kept for the owner's lifetime.
            queued.removeAll(keepingCapacity: queued.count <= SerializationBound.keptQueueCapacity)
            head = 0
            // Every call that found the right taken has enqueued (the lock is held), and
            // all of it has now been taken: "held, nothing queued" again, so that the
            // holder's next release can be the lock-free one.
            state.store(1, ordering: .relaxed)
        }
        return action
    }
}
