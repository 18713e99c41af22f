import Synchronization

/// Calls a closure isolated to an actor with values handed over on any thread: on the
/// actor's executor, one at a time, in the order they were handed over.
///
/// What holds:
/// - Direct road: a value handed over on the executor while nothing waits is delivered
///   at once, with one check.
/// - Order: otherwise it is queued, behind the values already waiting, and one drain at
///   a time, posted to the executor, delivers what waits; a value handed over on the
///   executor while others wait goes behind them.
/// - No disposal of its own: an owner that can be disposed checks for it in `handler`,
///   which runs on the executor.
///
/// Behind ``AnyObserver/init(eventHandler:isolation:)``, ``Binder`` and the bus handlers
/// of RippleBus and RippleBusNATS (hence `package`).
// `@unchecked Sendable`: `waiting` is only touched under `lock`, which sits beside it;
// `batch` only by the one drain posted at a time; `handler` only runs on the executor.
package final class IsolatedHandler<Value>: @unchecked Sendable {
    private let executor: IsolationExecutor
    private let handler: (Value) -> Void
    private let lock = Lock()
    // Guarded by `lock`: the values waiting for a drain.
    private var waiting: ContiguousArray<Value> = []
    // Touched only by the drain, one at a time on the executor: the batch it delivers.
    private var batch: ContiguousArray<Value> = []
    // Set (under `lock`) when a value is queued with no drain posted, cleared by the
    // drain once nothing waits. Read without the lock on the direct road: only on the
    // executor, where the drain also runs, so it cannot change under the reader.
    private let queued = Atomic<Bool>(false)

    /// Delivers to `handler`, written in code isolated to `isolation`, on that actor;
    /// `nil` when `isolation` is `nil`, where `handler` is to be called directly.
    package init?(isolation: (any Actor)?, handler: @escaping (Value) -> Void) {
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return nil
        }
        self.executor = executor
        self.handler = handler
    }

    /// Hands `value` to the handler: at once when the caller is on the executor and
    /// nothing waits, otherwise later on the executor, after the values before it.
    package func send(_ value: Value) {
        if !queued.load(ordering: .acquiring) && executor.isCurrent {
            handler(value)
            return
        }
        let start = lock.withLock {
            waiting.append(value)
            if queued.load(ordering: .relaxed) {
                return false
            }
            queued.store(true, ordering: .releasing)
            return true
        }
        if start {
            executor.post { self.drain() }
        }
    }

    /// Delivers what waits, on the executor; posts itself again if more arrived meanwhile.
    private func drain() {
        lock.withLock { swap(&waiting, &batch) }
        for value in batch {
            handler(value)
        }
        batch.removeAll(keepingCapacity: true)
        let more = lock.withLock {
            if waiting.isEmpty {
                queued.store(false, ordering: .releasing)
                return false
            }
            return true
        }
        if more {
            executor.post { self.drain() }
        }
    }
}
