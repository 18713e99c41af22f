/// The actions left at a ``SerializationPoint`` for the holder of the right to act, the
/// budget that bounds them, and the point's out-of-line steps. Guarded by the owner's
/// lock: every member is used with it held, except ``performQueued(state:holder:under:performing:)``,
/// which takes it.
///
/// A class, for two reasons. The point holding it stays immutable: the holder drains the
/// queue in a loop that runs user code between two locked steps, and user code may leave
/// actions meanwhile; those changes go through this reference, never through a mutable
/// access to the point the loop is reading. And its methods find `Action` in the
/// instance's own type: a call from the owners' unspecialised generic code looks up
/// no type metadata, as a call to a method of the generic point would.
final class SerializationQueue<Action> {
    /// An action left for the holder; `waiter` is set when its caller waits for a turn
    /// (it was over the turn's budget) and is handed the right when the action is next.
    private struct Entry {
        var action: Action
        var waiter: TurnWaiter?
        /// The thread that left it without waiting, counted in `budget`; 0 for the
        /// holder's own actions, endings and waiting calls' actions.
        var foreignThread: UInt = 0
    }

    // The runtime's exclusivity checks are skipped: every access holds the owner's lock,
    // so no two can overlap.
    /// The queue, from `head` on.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var head = 0
    /// What each other thread left, without waiting, in the queue's last *run* (after
    /// the last action of a waiting call, whose turn will perform them, or, when no
    /// waiting call is queued, in the current holder's turn) and still queued. Each turn
    /// performs one run, so no turn performs more than the bound.
    @exclusivity(unchecked) private var budget = ForeignBudget()

    init() {}

    /// With the lock held: counts a claim that found the right taken, so that the
    /// holder's lock-free release fails and it looks at the queue; or takes the right,
    /// if the holder released it meanwhile.
    @inline(never)
    func countFailedClaim(state: borrowing AtomicValue<Int>, holder: borrowing AtomicValue<UInt>) -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            if current == 0 {
                // A compare-and-swap, not a store: under ``ClaimsAlsoWithoutLock``
                // another call may take it meanwhile.
                let (taken, original) = state.compareExchange(expected: 0, desired: 1, ordering: .acquiring)
                if taken {
                    holder.store(currentThreadID(), ordering: .relaxed)
                    assert(budget.isEmpty, "a turn began with other threads' actions still counted")
                    return true
                }
                current = original
                continue
            }
            let (counted, original) = state.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiring)
            if counted {
                return false
            }
            current = original
        }
    }

    /// With the lock held, after a failed claim: leaves `action()` for the holder, within
    /// its thread's share of the turn, or as a waiting call's.
    @inline(never)
    func leave(_ action: () -> Action, holder: borrowing AtomicValue<UInt>) -> SerializationStep {
        let thread = currentThreadID()
        if thread == holder.load(ordering: .relaxed) {
            entries.append(Entry(action: action(), waiter: nil))
            return .queued
        }
        if budget.admit(thread) {
            entries.append(Entry(action: action(), waiter: nil, foreignThread: thread))
            return .queued
        }
        let waiter = TurnWaiter(thread: thread)
        entries.append(Entry(action: action(), waiter: waiter))
        // What other threads leave from now on is performed in this waiter's turn.
        budget.startRun()
        return .wait(waiter)
    }

    /// With the lock held, after a failed claim: leaves `action()` for the holder,
    /// uncounted; it never waits.
    @inline(never)
    func leaveWithoutWaiting(_ action: () -> Action) {
        entries.append(Entry(action: action(), waiter: nil))
    }

    /// Holding the right, without the lock: performs the queued actions one by one, each
    /// taken under `lock` and performed after it, until none is left (the right is given
    /// back) or the next belongs to a waiting call (the right is handed to it).
    @inline(never)
    func performQueued(
        state: borrowing AtomicValue<Int>,
        holder: borrowing AtomicValue<UInt>,
        under lock: borrowing Lock,
        performing perform: (Action) -> Void
    ) {
        while let action = lock.withLock({ next(state: state, holder: holder) }) {
            perform(action)
        }
    }

    /// With the lock held, holding the right: the next queued action, or `nil` when the
    /// holder must stop (the right given back, or handed to a waiting call).
    private func next(state: borrowing AtomicValue<Int>, holder: borrowing AtomicValue<UInt>) -> Action? {
        guard head < entries.count else {
            // With the lock held no claim is half done: the queue holds every action
            // decided while the holder acted, and it is empty. Nobody holds the right
            // now: no holder, and the next turn's budget whole.
            holder.store(0, ordering: .relaxed)
            budget.reset()
            state.store(0, ordering: .releasing)
            return nil
        }
        if let waiter = entries[head].waiter {
            // The word stays "held": the waiter acts next, starting with its own action,
            // now an ordinary one, in a turn of its own (whose run `budget` already
            // counts, if it is the last one queued).
            entries[head].waiter = nil
            holder.store(waiter.thread, ordering: .relaxed)
            waiter.handOver()
            return nil
        }
        let action = entries[head].action
        let thread = entries[head].foreignThread
        if thread != 0 {
            budget.taken(from: thread)
        }
        head += 1
        if head == entries.count {
            // A burst can grow the queue far beyond its usual size: that storage is not
            // kept for the owner's lifetime.
            entries.removeAll(keepingCapacity: entries.count <= SerializationBound.keptQueueCapacity)
            head = 0
            // Every call that found the right taken has left its action (the lock is
            // held), and all of it is taken: "held, nothing queued" again, so the
            // holder's next release can be the lock-free one.
            state.store(1, ordering: .relaxed)
        }
        return action
    }
}
