import Foundation
import Ripple

/// Runs work as operations on an `OperationQueue`, which decides how many run at once.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue)
/// downloads.observe(on: scheduler).subscribe(onNext: { save($0) })
/// ```
public final class OperationQueueScheduler: ImmediateSchedulerType, Sendable {
    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    /// The priority every operation gets in ``operationQueue``.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler that adds operations of `queuePriority` to `operationQueue`.
    ///
    /// - Parameters:
    ///   - operationQueue: The queue to add the operations to.
    ///   - queuePriority: The priority every operation gets.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action` to ``operationQueue``.
    ///
    /// - Returns: A disposable that keeps the action from running if it has not started
    ///   yet, and disposes what the action returned if it has run.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = Handoff {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        let operation = BlockOperation { work.value() }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
