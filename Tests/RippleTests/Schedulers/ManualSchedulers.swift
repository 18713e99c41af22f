@testable import Ripple

/// A scheduler that runs every action at once, on the caller's stack.
///
/// It implements only `schedule`, so `scheduleRecursive` on it is the protocol's
/// default, driven by `RecursiveImmediateScheduler`.
final class InlineScheduler: ImmediateSchedulerType {
    /// How many actions have been scheduled (and therefore run).
    private(set) var scheduledCount = 0

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduledCount += 1
        return action(state)
    }
}

/// A scheduler that queues every action until the test runs it with ``run(steps:)``.
///
/// Like ``InlineScheduler`` it implements only `schedule`, so `scheduleRecursive` goes
/// through `RecursiveImmediateScheduler`. Disposing what `schedule` returned before the
/// action ran cancels it; afterwards it disposes what the action returned.
///
/// Queued actions capture whoever scheduled them, and a recursion keeps its scheduler,
/// so a test must leave the queue empty (drain it with ``run(steps:)``) to release
/// everything.
///
/// Actions may be queued from any thread; each runs on the thread that calls
/// ``run(steps:)``, outside the scheduler's lock. (``TimeRace/ManualTimers`` adds a
/// clock and timers to it.)
class ManualQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // `@unchecked Sendable`: `queue` is read and written only under `lock`.
    private let lock = Lock()
    private var queue: [(slot: SingleAssignmentDisposable, run: () -> Disposable)] = []

    /// Actions waiting in the queue, cancelled or not.
    final var queuedCount: Int {
        lock.withLock { queue.count }
    }

    final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let slot = SingleAssignmentDisposable()
        lock.withLock { queue.append((slot, { action(state) })) }
        return slot
    }

    /// Takes up to `steps` actions off the queue, oldest first, including those the
    /// actions queue; cancelled ones are dropped without counting as a step.
    ///
    /// - Returns: How many actions ran.
    @discardableResult
    final func run(steps: Int = .max) -> Int {
        var ran = 0
        while ran < steps, let (slot, action) = takeNext() {
            if slot.isDisposed {
                continue
            }
            ran += 1
            slot.setDisposable(action())
        }
        return ran
    }

    private func takeNext() -> (slot: SingleAssignmentDisposable, run: () -> Disposable)? {
        lock.withLock { queue.isEmpty ? nil : queue.removeFirst() }
    }
}

/// Runs `body` as an action on this thread's trampoline, so that everything it
/// schedules on `CurrentThreadScheduler` (including the elements of sources it
/// subscribes to) waits until `body` has returned, then runs before this returns.
func insideTrampoline(_ body: @escaping () -> Void) {
    CurrentThreadScheduler.instance.schedule(()) { _ in
        body()
        return Disposables.create()
    }.dispose()
}

/// Subscribes to `source` inside a trampoline, so the subscription is in hand before
/// the first element, and disposes it from inside the handler of the `limit`th element.
///
/// - Returns: Every event the handler received.
func recordDisposing<Element: Equatable>(_ source: Observable<Element>, afterElements limit: Int) -> [Recorded<Element>] {
    let subscription = SingleAssignmentDisposable()
    var events: [Recorded<Element>] = []
    var elements = 0
    insideTrampoline {
        subscription.setDisposable(source.subscribe { event in
            events.append(Recorded(event))
            if case .next = event {
                elements += 1
                if elements == limit {
                    subscription.dispose()
                }
            }
        })
    }
    subscription.dispose()
    return events
}
