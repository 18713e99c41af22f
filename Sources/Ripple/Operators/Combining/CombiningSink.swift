
/// The base of the sinks of `combineLatest`, `zip` and `withLatestFrom`: several
/// upstreams, possibly on several threads, feeding one observer.
///
/// Everything the sink keeps (the subclass's latest elements or queues, which sources
/// have ended, ``stopped``) belongs to the call that holds *the right to run*. Only
/// that call reads or writes it, computes results with the user's selector and calls
/// the observer, so one event is handled at a time, in the order the calls took the
/// right, and the observer never hears two calls at once.
///
/// Bounded like every serialization point (``SerializationBound``): in one turn, the
/// holder accepts at most `SerializationBound.foreignActionsPerThread` events left by
/// each other thread; a call from a thread beyond its share waits until the holder
/// hands it the right, then runs its own event and those behind it. Events left from the holder's own thread (an observer
/// feeding an upstream) never wait.
///
/// An upstream call takes the right with one compare-and-swap on `running` when
/// nobody holds it (``tryToRun()``): it then handles its event in place, reading the
/// stored elements where they are (no lock, no copy into delivery storage, no
/// allocation), and gives the right back with another compare-and-swap
/// (``doneRunning()``). A call that finds the right taken (by another thread, or by
/// an observer that feeds an upstream synchronously) leaves its event as a closure in
/// a queue guarded by `lock` and counts itself in `running` (``leave(_:)``); the
/// holder runs what was left before it gives the right back (within the bound below),
/// and nothing runs while the lock is held.
///
/// A terminal event sets `stopped`, after which every upstream event is ignored; it is
/// sent by the call that decided it, after the results decided before it.
///
/// Why not ``SerializedActions``, which keeps the same count in its state word: there,
/// calls *decide* under a lock and then claim the right, so the claim must stay under
/// that lock (a claim without it could overtake an action decided earlier and not yet
/// queued). Here the holder of the right decides, so an event needs no lock at all
/// when nobody else runs: claiming through `SerializedActions` would add a lock round
/// trip per event.
class CombiningSink<Result, Observer: ElementObserver>: Sink<Observer> where Observer.Element == Result {
    // (`Result` is a parameter of its own, equal to `Observer.Element`, so that generic
    // code finds its type in the sink's metadata rather than asking the runtime for
    // the associated type on every element.)

    /// Set, by the call holding the right to run, once the sequence has decided to end:
    /// nothing more is decided.
    final var stopped = false

    /// 0 while nobody holds the right to run. Otherwise 1 for the holder plus 1 for
    /// every event left since the holder last looked (the "work in progress" count of
    /// a drain loop): giving the right back succeeds only from 1.
    private let running = AtomicValue<Int>(0)
    /// The thread that last took the right to run (``currentThreadID()``): a call that
    /// finds itself there is re-entrant and never waits. Stored by every new holder
    /// before it runs anything, so a holder always recognises itself; a stale value
    /// can only spare another thread one wait.
    private let holder = AtomicValue<UInt>(0)
    /// Counts the turns: bumped by each call that takes the right from nobody, so that
    /// `leave(_:)` can tell a new turn from the one it counted in. Written only by the
    /// holder.
    private let turn = AtomicValue<UInt>(0)
    /// Guards the queue of left events and the count below, and nothing else.
    private let lock = Lock()
    /// Left events; `foreignThread` is the thread that left one without waiting,
    /// counted in `budget` (0 for the holder's own and waiting calls' events).
    private var left: [(event: () -> Void, waiter: TurnWaiter?, foreignThread: UInt)] = []
    private var leftHead = 0
    /// What each other thread left without waiting in the queue's last run (after the
    /// last waiting call's event, or, with none queued, in the turn `countedTurn`) and
    /// still queued.
    private var budget = ForeignBudget()
    private var countedTurn: UInt = 0
    /// How many queued events belong to calls waiting for their turn.
    private var waitersQueued = 0

    /// Takes the right to run and returns `true` when nobody holds it; `false` means
    /// the caller must ``leave(_:)`` its event instead.
    @inline(__always)
    final func tryToRun() -> Bool {
        guard running.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else {
            return false
        }
        beginTurn(on: currentThreadID())
        return true
    }

    /// Records, as the new holder, that a turn begins on `thread`.
    @inline(__always)
    private func beginTurn(on thread: UInt) {
        holder.store(thread, ordering: .relaxed)
        turn.store(turn.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// Gives the right to run back, after running whatever other calls left meanwhile.
    @inline(__always)
    final func doneRunning() {
        if !running.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
            runLeftEvents(counted: 1)
        }
    }

    /// Leaves `event` for the call holding the right to run, or, when that call has
    /// just given it back, takes the right and runs it (and whatever else was left).
    /// Over the turn's budget, waits for the right to be handed over instead, then
    /// runs the event as the holder.
    @inline(never)
    final func leave(_ event: @escaping () -> Void) {
        let thread = currentThreadID()
        let waiter: TurnWaiter? = lock.withLock {
            if thread == holder.load(ordering: .relaxed) {
                left.append((event, nil, 0))
                return nil
            }
            let currentTurn = turn.load(ordering: .relaxed)
            if currentTurn != countedTurn && waitersQueued == 0 {
                // A turn began since the run was counted, and no waiting call is
                // queued: the run is the new turn's.
                countedTurn = currentTurn
                budget.startRun()
            }
            if budget.admit(thread) {
                left.append((event, nil, thread))
                return nil
            }
            let waiter = TurnWaiter(thread: thread)
            left.append((event, waiter, 0))
            budget.startRun()
            waitersQueued += 1
            return waiter
        }
        if running.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            // Nobody held the right: this call runs everything, its own event included
            // (a waiter entry of its own is run, not handed over).
            beginTurn(on: thread)
            runLeftEvents(counted: 1)
        } else if let waiter {
            // The holder sees this call's event (its count keeps the right taken until
            // then) and hands the right over with its own count.
            waiter.wait()
            runLeftEvents(counted: waiter.carriedCount.load(ordering: .acquiring))
        }
    }

    /// Runs `event` with the right to run: now, or after the events before it.
    /// Builds a closure either way: for terminal events, not per element.
    @inline(never)
    final func run(_ event: @escaping () -> Void) {
        if tryToRun() {
            event()
            doneRunning()
        } else {
            leave(event)
        }
    }

    /// With the right to run: ends the sequence with `error` unless it has ended.
    final func fail(_ error: Swift.Error) {
        if stopped {
            return
        }
        stopped = true
        forwardErrorAndDispose(error)
    }

    /// With the right to run: ends the sequence with `.completed` unless it has ended.
    final func complete() {
        if stopped {
            return
        }
        stopped = true
        forwardCompletedAndDispose()
    }

    /// A source failed: ends the sequence with its error unless it has already ended.
    @inline(never)
    final func sourceFailed(_ error: Swift.Error) {
        run { self.fail(error) }
    }

    /// With the right to run: sends `compute()`'s result, or ends the sequence with its
    /// error.
    @inline(__always)
    final func send(_ compute: () throws -> Result) {
        do {
            // (The result goes straight into the call, not through a local first: in
            // generic code that would be one more value-witness move per element.
            // `forwardOn` does not throw, so only `compute` is caught.)
            forwardOn(next: try compute())
        } catch {
            fail(error)
        }
    }

    /// Holding the right to run: runs the left events, then gives the right back once
    /// none was left since the last look, or hands it to a call waiting for its turn.
    /// `counted` is how much of `running` this call accounts for.
    @inline(never)
    private func runLeftEvents(counted initial: Int) {
        var counted = initial
        while true {
            drain: while true {
                switch nextLeftEvent(counted: counted) {
                case .run(let event):
                    event()
                case .handedOver:
                    return
                case .none:
                    break drain
                }
            }
            let remaining = running.wrappingSubtract(counted, ordering: .acquiringAndReleasing).newValue
            if remaining == 0 {
                return
            }
            counted = remaining
        }
    }

    private enum LeftStep {
        case run(() -> Void)
        case handedOver
        case none
    }

    private func nextLeftEvent(counted: Int) -> LeftStep {
        let thread = currentThreadID()
        return lock.withLock {
            guard leftHead < left.count else {
                return .none
            }
            if let waiter = left[leftHead].waiter {
                left[leftHead].waiter = nil
                waitersQueued -= 1
                if waiter.thread == thread {
                    // This call's own event: it took the right itself instead of waiting.
                    return .run(takeLeftEvent())
                }
                // The waiting call runs its own event next, in a turn of its own, and
                // takes over this call's share of `running`.
                holder.store(waiter.thread, ordering: .relaxed)
                waiter.carriedCount.store(counted, ordering: .releasing)
                waiter.handOver()
                return .handedOver
            }
            return .run(takeLeftEvent())
        }
    }

    /// Call with `lock` held, with an event at the head of the queue: takes it.
    private func takeLeftEvent() -> () -> Void {
        let event = left[leftHead].event
        if left[leftHead].foreignThread != 0 {
            budget.taken(from: left[leftHead].foreignThread)
        }
        leftHead += 1
        if leftHead == left.count {
            // A burst from a fast thread can grow the queue far beyond what two calls
            // meeting usually leave; its storage is not kept for the sink's lifetime.
            left.removeAll(keepingCapacity: left.count <= SerializationBound.keptQueueCapacity)
            leftHead = 0
        }
        return event
    }
}
