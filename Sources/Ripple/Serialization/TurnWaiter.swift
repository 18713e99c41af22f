import Dispatch

/// The bounds every ``SerializationPoint`` keeps (subjects, the time operators,
/// `merge`, `switchLatest` and the combining operators).
///
/// A serialization point lets one call at a time deliver (the *holder* of the right to
/// deliver); a call from another thread that finds the right taken leaves its element
/// for the holder and returns at once — unless its own thread has already left
/// ``foreignActionsPerThread`` elements in the holder's current *turn*, or has that
/// many still queued (``ForeignBudget``). Such a call waits, holding no Ripple lock,
/// until the right is handed to it, then delivers its own element and what is queued
/// behind it, in order, in a turn of its own.
///
/// So with `T` threads emitting, one call delivers at most its own element, what its
/// own subscribers emit back into the same point on the same thread, and
/// `(T − 1) × foreignActionsPerThread` elements of other threads; at most that many
/// plus one per waiting thread wait at one point, plus re-entrant ones. A thread whose
/// batch fits in its share never waits, whatever the holder is doing: a batch sent
/// while holding a lock that the holder's subscriber needs cannot deadlock.
enum SerializationBound {
    /// How many elements one other thread may leave in one turn, and have queued at
    /// once, without waiting.
    static let foreignActionsPerThread = 1_024

    /// How many queued elements a point keeps room for once its queue has drained:
    /// enough for the usual meetings of two or three calls, without keeping a burst's
    /// storage for the point's lifetime.
    static let keptQueueCapacity = 64
}

/// A call waiting for its turn to deliver at a serialization point: the holder hands
/// the right to deliver to it when the call's own element reaches the head of the queue.
///
/// Built only on the contended path (a call over ``SerializationBound``), never per
/// element otherwise.
final class TurnWaiter {
    /// The waiting thread: the holder once the right is handed over.
    let thread: UInt
    private let handedOver = DispatchSemaphore(value: 0)

    init(thread: UInt) {
        self.thread = thread
    }

    /// Sleeps until ``handOver()``. Call without holding any lock.
    func wait() {
        handedOver.wait()
    }

    /// Wakes the waiting call: it now holds the right to deliver.
    func handOver() {
        handedOver.signal()
    }
}
