/// The actions left at a ``SerializationPoint`` for the holder of the right to act, and
/// the budget that bounds them. Guarded by the owner's lock: every member is used with
/// it held.
///
/// A class, so that the point holding it is immutable: the holder drains the queue in a
/// loop that performs user code between two locked steps, and user code may leave
/// actions meanwhile; those changes go through this reference, never through a
/// mutable access to the point the loop is reading.
final class SerializationQueue<Action> {
    /// An action left for the holder; `waiter` is set when its caller waits for a turn
    /// (it was over the turn's budget) and is handed the right when the action is next.
    struct Entry {
        var action: Action
        var waiter: TurnWaiter?
        /// The thread that left it without waiting, counted in `budget`; 0 for the
        /// holder's own actions, endings and waiting calls' actions.
        var foreignThread: UInt = 0
    }

    // The runtime's exclusivity checks are skipped: every access holds the owner's lock,
    // so no two can overlap.
    /// The queue, from `head` on.
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) var head = 0
    /// What each other thread left, without waiting, in the queue's last *run* (after
    /// the last action of a waiting call, whose turn will perform them, or, when no
    /// waiting call is queued, in the current holder's turn) and still queued. Each turn
    /// performs one run, so no turn performs more than the bound.
    @exclusivity(unchecked) var budget = ForeignBudget()

    init() {}
}
