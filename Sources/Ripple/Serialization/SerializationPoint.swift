/// The one place where calls from several threads are made to act one at a time, in the
/// order they were decided, outside the owner's lock, within a stated bound: the right
/// to act, the queue of actions left for its holder, the turn budget and the hand-over
/// to a waiting call. Subjects (``SubjectCore``), the time operators
/// (``SerializingSink``), `merge` and `switchLatest` (``MergingSink``) and the
/// combining operators (``CombiningSink``) all go through it.
///
/// The owner keeps a ``Lock`` beside it, which guards the owner's own state too. A call
/// decides under that lock and asks the point what to do, with one entry:
///
/// - ``claim(orLeave:)`` takes the right when nobody holds it and answers
///   ``SerializationStep/act``, so the caller acts on its local values (no `Action` is
///   built, nothing allocated); otherwise it leaves the action for the holder
///   (``SerializationStep/queued``) or, over the budget, for a turn of the caller's own
///   (``SerializationStep/wait(_:)``). ``claim(orLeaveWithoutWaiting:)`` is the same for an
///   ending, which never waits.
///
/// After the lock, the caller hands the answer to one entry that does the rest:
/// ``run(_:under:acting:performing:)`` acts and finishes the turn, waits for its
/// turn, or does nothing. Finishing a turn (``finishTurn(under:performing:)``)
/// gives the right back with one compare-and-swap when nobody left anything, and
/// otherwise performs what was left, one action at a time and outside the lock, until
/// none is left or the right is handed to a waiting call. So no call site can act
/// without giving the right back, or leave an action nobody performs.
///
/// ```swift
/// var generation: UInt64 = 0
/// let step: SerializationStep = lock.withLock {
///     if isStopped { return .nothing }
///     self.generation &+= 1
///     generation = self.generation
///     return actions.claim(orLeave: .startTimer(generation: generation))
/// }
/// actions.run(step, under: lock, acting: { startTimer(generation) }, performing: { perform($0) })
/// ```
///
/// A call that re-enters the owner while it acts (an observer feeding its upstream)
/// finds the right taken and leaves its action, so the lock need not be recursive and no
/// user code runs while it is held.
///
/// ## The bound
///
/// A holder's turn accepts at most ``SerializationBound/foreignActionsPerThread``
/// actions from each other thread (``ForeignBudget``); beyond its share a call waits
/// (holding no lock) until the holder reaches its action and hands it the right, then
/// performs its own action and those behind it in a turn of its own. Actions from the
/// holder's own thread (re-entrant) never wait, nor do endings.
///
/// ## The state word, and why nothing is lost, reordered or doubled
///
/// `state` is 0 while nobody holds the right. While a call holds it, it is 1 plus the
/// number of calls that found it taken since the holder last looked at the queue (each
/// leaves its action before it releases the lock). Changes made with the lock held: a
/// claim (0 → 1, or +1 when taken); ``applyOrLeave(_:apply:)`` giving back, in the same
/// critical section, a right it took from 0; and the drain's locked step, which takes
/// the next action (back to 1 once the queue is empty; to 0 when it finds the queue
/// empty; unchanged when it hands the right to a waiting call, which then acts as the
/// holder did). Changes made without the lock: the holder's
/// release, a compare-and-swap 1 → 0; and, under ``ClaimsAlsoWithoutLock`` only, a
/// claim's compare-and-swap 0 → 1 (every claim under the lock is then a
/// compare-and-swap too).
///
/// - *Nothing is lost.* A release and a concurrent claim are read-modify-writes of the
///   one word, so one comes first. If the release does, the claim reads 0 and takes the
///   right. If the claim does, `state` is 2 or more, the release fails, and the holder
///   takes the lock (after the claimer's critical section, which left the action) and
///   performs the action.
/// - *Nothing is reordered.* A claim succeeds only from 0, and `state` reaches 0 only
///   through a release that saw nothing queued. While an action waits, `state` is at
///   least 2 and every claim fails and queues behind it. (A claim under the lock and its
///   leaving are one critical section; a lock-free claim decided nothing under the lock,
///   so it overtakes no decision.)
/// - *Ordering between successive holders.* The release is `releasing` and the claim
///   `acquiring`, so what one holder did while acting happens before the next acts; when
///   the right passes through the locked path, the lock orders it.
/// - *The budget starts whole.* `state` is 0 only after the drain found the queue empty
///   (which empties the budget) or after a lock-free release, which succeeds only when
///   nobody left anything since the holder last looked; a drain always ends by finding
///   the queue empty or handing the right over. So a new turn needs no write to the
///   budget.
/// - *The holder never mistakes itself.* Under ``ClaimsAlsoWithoutLock`` every release
///   clears `holder` first: a call that finds the right taken meanwhile may read 0,
///   never its own thread, so it cannot skip the bound as if it were re-entrant.
/// - *A terminal event stays last and exactly once.* The owner decides an ending under
///   the lock and stops in the same critical section, so nothing is decided after it; it
///   is claimed or left like any action, so it runs after every action decided before
///   it, once, by the one call holding the right.
///
/// Use every member with the owner's lock held, except the entries that say otherwise.
/// It is immutable (its mutable parts are atomics and the ``SerializationQueue``), so an
/// owner stores it as a `let`, and the drain can read it while user code leaves actions.
///
/// Its inlined members touch only the two atomic words, which do not depend on `Action`,
/// and reach everything else through methods of the queue: unspecialised code (the
/// owners' generic code) then never looks up a type built on `Action`, which costs a few
/// hundred instructions in the runtime's metadata cache, on the per-element path.
struct SerializationPoint<Action, Policy: ClaimPolicy>: ~Copyable {
    private let queue = SerializationQueue<Action>()
    /// The thread holding the right to act (``currentThreadID()``); meaningful while it
    /// is held. Atomic (relaxed) because ``claimWithoutLock()`` and the release under
    /// ``ClaimsAlsoWithoutLock`` store it without the lock; every other access holds it.
    private let holder = AtomicValue<UInt>(0)
    /// 0, or 1 plus the claims that found the right taken since the holder last looked.
    private let state = AtomicValue<Int>(0)

    init() {}

    // MARK: Claiming, with the lock held

    /// With the lock held: takes the right to act and answers ``SerializationStep/act``,
    /// or leaves `action` (built only then) for the holder and answers
    /// ``SerializationStep/queued``, or ``SerializationStep/wait(_:)`` when the caller's
    /// thread has used its share of the holder's turn (``SerializationBound``).
    @inline(__always)
    func claim(orLeave action: @autoclosure () -> Action) -> SerializationStep {
        if claimUnderLock() {
            return .act
        }
        return queue.leave(action, holder: holder)
    }

    /// With the lock held: takes the right to act and returns `true`, or leaves `action`
    /// for the holder and returns `false`. Never waits: for an action decided at most
    /// once per sequence (its ending) or one per subscription (a connection), which adds
    /// at most one to the queue and is often decided inside another point's delivery,
    /// where a wait could meet that point's holder.
    @inline(__always)
    func claim(orLeaveWithoutWaiting action: @autoclosure () -> Action) -> Bool {
        if claimUnderLock() {
            return true
        }
        queue.leaveWithoutWaiting(action)
        return false
    }

    /// With the lock held, for a call that knows nobody can hold the right (nothing has
    /// been subscribed or scheduled yet, or only this call's own chain ever acts): takes
    /// it. Traps otherwise, as a failed claim with nothing left behind it would let two
    /// calls act at once.
    @inline(__always)
    func claimKnownFree() {
        precondition(claimUnderLock(), "the right to act was expected to be free")
    }

    /// With the lock held: when nobody holds the right, runs `apply` now (in this
    /// critical section) and keeps the right free; otherwise leaves `action` for the
    /// holder, which performs it between two of its own. For a change to state the
    /// holder reads without the lock (a subject's subscribers). Never waits.
    @inline(__always)
    func applyOrLeave(_ action: @autoclosure () -> Action, apply: () -> Void) {
        if claimUnderLock() {
            apply()
            // Nobody can have queued anything meanwhile: claims made under the lock
            // wait for it, and one made without it found the right taken.
            holder.store(0, ordering: .relaxed)
            state.store(0, ordering: .releasing)
        } else {
            queue.leaveWithoutWaiting(action)
        }
    }

    @inline(__always)
    private func claimUnderLock() -> Bool {
        if Policy.claimsWithoutLock {
            // The word may go from 0 to 1 under us even with the lock held.
            if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
                holder.store(currentThreadID(), ordering: .relaxed)
                return true
            }
        } else if state.load(ordering: .acquiring) == 0 {
            // Acquiring: pairs with the previous holder's releasing compare-and-swap.
            // With the lock held only the holder's lock-free release (1 → 0) can change
            // the word: seeing 0, nobody else can take it, so a plain store takes it.
            state.store(1, ordering: .relaxed)
            holder.store(currentThreadID(), ordering: .relaxed)
            return true
        }
        return queue.countFailedClaim(state: state, holder: holder)
    }

    // MARK: Acting, after the lock

    /// After the lock, does what `step` says: ``SerializationStep/act`` runs `act`, then
    /// finishes the turn; ``SerializationStep/wait(_:)`` waits for the right and performs
    /// the caller's action and what follows it; the others do nothing. `perform` runs a
    /// queued action, without the lock.
    @inline(__always)
    func run(
        _ step: SerializationStep,
        under lock: borrowing Lock,
        acting act: () -> Void,
        performing perform: (Action) -> Void
    ) {
        if actsNow(step, under: lock, performing: perform) {
            act()
            finishTurn(under: lock, performing: perform)
        }
    }

    /// ``run(_:under:acting:performing:)`` without its `act` closure, for the one path
    /// where a closure's frame matters (an element crossing a chain of `flatMap`s, in
    /// debug builds): returns `true` when the caller must act now and then call
    /// ``finishTurn(under:performing:)``; otherwise does the rest of `step`.
    @inline(__always)
    func actsNow(
        _ step: SerializationStep,
        under lock: borrowing Lock,
        performing perform: (Action) -> Void
    ) -> Bool {
        switch step {
        case .act:
            return true
        case .wait(let waiter):
            waiter.wait()
            queue.performQueued(state: state, holder: holder, under: lock, performing: perform)
            return false
        case .queued, .nothing:
            return false
        }
    }

    /// Holding the right, after the lock: gives the right back, first performing what
    /// other calls left meanwhile. When nobody left anything, that is one
    /// compare-and-swap, without the lock.
    @inline(__always)
    func finishTurn(under lock: borrowing Lock, performing perform: (Action) -> Void) {
        if !releaseIfIdle() {
            queue.performQueued(state: state, holder: holder, under: lock, performing: perform)
        }
    }

    /// Gives the right back and returns `true` when no call has found it taken since
    /// the holder last looked; otherwise keeps it, for the holder to drain the queue.
    @inline(__always)
    private func releaseIfIdle() -> Bool {
        guard Policy.claimsWithoutLock else {
            // Releasing: publishes what the holder did to the next claimer. On failure
            // the caller takes the lock, which orders what it reads next.
            return state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged
        }
        // The holder is cleared first, and restored if this call goes on acting (see
        // "The holder never mistakes itself").
        let thread = holder.load(ordering: .relaxed)
        holder.store(0, ordering: .relaxed)
        if state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
            return true
        }
        holder.store(thread, ordering: .relaxed)
        return false
    }
}

extension SerializationPoint where Policy == ClaimsAlsoWithoutLock {
    /// Takes the right to act *without the lock* and returns `true`, or returns `false`
    /// when another call holds it: the caller then takes the lock and claims with
    /// ``claim(orLeave:)``. For a call that decides nothing under the lock.
    ///
    /// The holder is stored just after the claim: a call that finds the right taken
    /// meanwhile may read 0 (never its own thread, since every release cleared it), which
    /// is right, as it is not the holder.
    @inline(__always)
    func claimWithoutLock() -> Bool {
        // Acquiring: pairs with the previous holder's releasing store or exchange.
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else {
            return false
        }
        holder.store(currentThreadID(), ordering: .relaxed)
        return true
    }
}
