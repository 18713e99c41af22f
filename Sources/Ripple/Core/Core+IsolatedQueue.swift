
/// Values waiting to be delivered on an actor's executor, in the order they were handed
/// over, and the rule that keeps that order: a value may be delivered at once only on
/// the executor and only while nothing waits.
///
/// The queue does not deliver by itself: its owner asks ``mayDeliverDirectly``, queues
/// with ``enqueue(_:)`` and posts a drain when told to, and calls ``drain(_:)`` from that
/// posted work. Shared by ``IsolatedHandler`` (observers, binders, bus handlers) and
/// ``IsolatedDelivery`` (the hop in front of an operator).
///
/// What holds:
/// - Order: a value handed over on the executor while others wait goes behind them.
/// - One drain at a time: ``enqueue(_:)`` says "post a drain" only when none is posted;
///   ``drain(_:)`` says "post again" while values arrived during it.
/// - Bound: as `observe(on:)`, values wait while the actor is busy, as many as are
///   handed over meanwhile (an owner that needs a bound counts them itself, as the NATS
///   bus's delivery line does); a drain delivers what waited when it started, so other
///   work on the actor gets its turn between drains.
/// - Closing drops what waits, refuses what comes later and ends the drains.
// `@unchecked Sendable`: `waiting` and `isClosed` are only touched under `lock`, beside
// them; `batch` only by the one drain posted at a time, on the executor.
final class IsolatedQueue<Value>: @unchecked Sendable {
    /// The executor the values are delivered on.
    let executor: IsolationExecutor
    private let lock = Lock()
    // Guarded by `lock`: the values waiting for a drain, and whether the queue is closed.
    private var waiting: ContiguousArray<Value> = []
    private var isClosed = false
    // Touched only by the drain, one at a time on the executor: the batch it delivers.
    private var batch: ContiguousArray<Value> = []
    // Set (under `lock`) when a value is queued with no drain posted, cleared by the
    // drain once nothing waits. Read without the lock on the direct road: only on the
    // executor, where the drain also runs, so it cannot change under the reader.
    private let queued = AtomicValue<Bool>(false)

    // Whether the drain lets go of each value as it delivers it (see `init`).
    private let lettingGoOfEach: Bool

    /// A queue for `executor`. With `lettingGoOfEach`, a drain lets go of each value as it
    /// delivers it rather than when its batch ends, for an owner that bounds what its
    /// values hold (the NATS bus); that costs two generic calls per value (`reverse`'s
    /// swap and `removeLast`, unspecialized here), so other owners keep the plain loop.
    init(executor: IsolationExecutor, lettingGoOfEach: Bool = false) {
        self.executor = executor
        self.lettingGoOfEach = lettingGoOfEach
    }

    /// Whether a value handed over now, on this thread, may be delivered at once.
    @inline(__always)
    var mayDeliverDirectly: Bool {
        !queued.load(ordering: .acquiring) && executor.isCurrent
    }

    /// Queues `value` behind those waiting. Returns `true` when the caller must post a
    /// drain (none is posted yet); `false` when one is, or the queue is closed.
    func enqueue(_ value: Value) -> Bool {
        lock.withLock {
            if isClosed {
                return false
            }
            waiting.append(value)
            if queued.load(ordering: .relaxed) {
                return false
            }
            queued.store(true, ordering: .releasing)
            return true
        }
    }

    /// On the executor, in the drain the caller posted: delivers what waits through
    /// `deliver`. Returns `true` when more arrived meanwhile and the caller must post
    /// the drain again.
    func drain(_ deliver: (Value) -> Void) -> Bool {
        lock.withLock { swap(&waiting, &batch) }
        if lettingGoOfEach {
            // Reversed, so each value is moved off the end as it is delivered: the batch
            // does not keep what was delivered alive until it ends.
            batch.reverse()
            while batch.count > 0 {
                deliver(batch.removeLast())
            }
        } else {
            for value in batch {
                deliver(value)
            }
            batch.removeAll(keepingCapacity: true)
        }
        return lock.withLock {
            if waiting.isEmpty || isClosed {
                queued.store(false, ordering: .releasing)
                return false
            }
            return true
        }
    }

    /// Drops what waits and refuses what comes later; a drain posted already delivers
    /// what it holds and is not posted again.
    func close() {
        // Released outside the lock: a value's deinit may run any code.
        var dropped: ContiguousArray<Value> = []
        lock.withLock {
            isClosed = true
            swap(&waiting, &dropped)
        }
    }
}
