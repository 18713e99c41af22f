/// Calls a closure isolated to an actor with values handed over on any thread: on the
/// actor's executor, one at a time, in the order they were handed over.
///
/// What holds:
/// - Direct road: a value handed over on the executor while nothing waits is delivered
///   at once, with one check.
/// - Order and bound: those of ``IsolatedQueue``, which holds the values that wait.
/// - No disposal of its own: an owner that can be disposed checks for it in `handler`,
///   which runs on the executor.
///
/// Behind ``AnyObserver/init(eventHandler:isolation:)``, ``Binder`` and the bus handlers
/// of RippleBus and RippleBusNATS (hence `package`).
// `@unchecked Sendable`: `handler` is only called on the executor (directly there, or
// by the queue's drain, one at a time); the queue guards itself with its own lock.
package final class IsolatedHandler<Value>: @unchecked Sendable {
    private let queue: IsolatedQueue<Value>
    private let handler: (Value) -> Void

    /// Delivers to `handler`, written in code isolated to `isolation`, on that actor;
    /// `nil` when `isolation` is `nil`, where `handler` is to be called directly.
    /// With `lettingGoOfEach`, a value waiting on the actor is let go of as soon as it is
    /// delivered, not when the batch it waited in is done (for owners that bound what
    /// waits; it costs a little per value).
    package init?(isolation: (any Actor)?, lettingGoOfEach: Bool = false, handler: @escaping (Value) -> Void) {
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return nil
        }
        queue = IsolatedQueue(executor: executor, lettingGoOfEach: lettingGoOfEach)
        self.handler = handler
    }

    /// Hands `value` to the handler: at once when the caller is on the executor and
    /// nothing waits, otherwise later on the executor, after the values before it.
    package func send(_ value: Value) {
        if queue.mayDeliverDirectly {
            handler(value)
        } else if queue.enqueue(value) {
            queue.executor.post { self.drain() }
        }
    }

    /// Delivers what waits, on the executor; posts itself again if more arrived meanwhile.
    private func drain() {
        if queue.drain(handler) {
            queue.executor.post { self.drain() }
        }
    }
}
