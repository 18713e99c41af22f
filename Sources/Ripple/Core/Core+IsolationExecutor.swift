import Dispatch

/// The executor a closure must run on because the compiler considers it isolated to an
/// actor, and the way Ripple gets there from another thread.
///
/// Every Ripple API that takes a closure also takes the caller's isolation
/// (`isolation: (any Actor)? = #isolation`). A closure literal written in main-actor code
/// (a `@MainActor` type, top-level code, a module with default main-actor isolation) is
/// main-actor isolated, and Swift checks that it runs there whenever it hands a closure
/// on to a Swift 5 library (`users.map { $0.name }` inside it). `forIsolation(_:)` turns
/// that isolation into an executor:
///
/// - `nil` (nonisolated code): no executor. The closure runs where the event is sent,
///   as in RxSwift, and the pipeline pays nothing.
/// - the main actor: ``mainActor``, the main queue. Work runs at once when the caller is
///   already on the main queue, and otherwise goes through ``MainActorMailbox``.
/// - any other actor: an executor that runs work in order, in one task at a time on
///   that actor (Swift has no public way to ask whether a default actor is running
///   here, so it runs work at once only inside its own drain, or inside a subscription
///   the actor itself made: see ``enter(_:)``).
final class IsolationExecutor: ImmediateSchedulerType, Sendable {
    private enum Target: Sendable {
        case mainActor
        case actor(any Actor, ActorWork)
    }

    private let target: Target

    private init(_ target: Target) {
        self.target = target
    }

    /// The main actor's executor: the main queue.
    static let mainActor = IsolationExecutor(.mainActor)

    /// The executor for closures given with `isolation`, or `nil` when they are not
    /// isolated to an actor.
    static func forIsolation(_ isolation: (any Actor)?) -> IsolationExecutor? {
        guard let isolation else {
            return nil
        }
        if isolation === MainActor.shared {
            return mainActor
        }
        return IsolationExecutor(.actor(isolation, ActorWork()))
    }

    /// Whether this is the main actor's executor.
    var isMainActor: Bool {
        if case .mainActor = target {
            return true
        }
        return false
    }

    /// Whether the caller runs on this executor now, so that an isolated closure may be
    /// called directly.
    var isCurrent: Bool {
        switch target {
        case .mainActor:
            return DispatchQueue.isMain
        case .actor(let actor, _):
            return IsolationExecutor.runningActor == ObjectIdentifier(actor)
        }
    }

    /// Runs `work` on this executor later, after the work posted before it.
    func post(_ work: @escaping () -> Void) {
        switch target {
        case .mainActor:
            MainActorMailbox.post(work)
        case .actor(let actor, let queue):
            queue.post(work, on: actor)
        }
    }

    /// Runs `body` now, telling ``isCurrent`` that the caller is on this executor: for
    /// a subscription made by a custom actor's own code, which does run on the actor.
    func enter<Result>(_ body: () -> Result) -> Result {
        guard case .actor(let actor, _) = target else {
            return body()
        }
        return IsolationExecutor.$runningActor.withValue(ObjectIdentifier(actor), operation: body)
    }

    /// Runs `work` now when the caller is on this executor, otherwise later on it.
    func perform(_ work: @escaping () -> Void) {
        if isCurrent {
            work()
        } else {
            post(work)
        }
    }

    /// Schedules `action` on this executor: at once when the caller is already on it
    /// (so a subscription made on the main actor for a main-actor `create` body stays
    /// synchronous), otherwise posted, and skipped if disposed before it runs.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if isCurrent {
            return action(state)
        }
        let scheduled = SingleAssignmentDisposable()
        post {
            if !scheduled.isDisposed {
                scheduled.setDisposable(action(state))
            }
        }
        return scheduled
    }

    /// The actor whose queued work (or own subscription) this task is running, if any.
    @TaskLocal static var runningActor: ObjectIdentifier?
}

/// Work queued for one custom actor, run in order by one task at a time on the actor.
///
/// `@unchecked Sendable`: `waiting` and `draining` are only touched under `lock`, which
/// sits beside them; the closures in `waiting` are run by the one draining task.
private final class ActorWork: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: ContiguousArray<() -> Void> = []
    private var draining = false

    func post(_ work: @escaping () -> Void, on actor: any Actor) {
        let start = lock.withLock {
            waiting.append(work)
            if draining {
                return false
            }
            draining = true
            return true
        }
        if start {
            Task { await self.drain(on: actor) }
        }
    }

    /// Runs every waiting closure on `actor`, in order, until none is left.
    private func drain(on actor: isolated any Actor) {
        IsolationExecutor.$runningActor.withValue(ObjectIdentifier(actor)) {
            var batch: ContiguousArray<() -> Void> = []
            while true {
                lock.withLock {
                    swap(&waiting, &batch)
                    if batch.isEmpty {
                        draining = false
                    }
                }
                if batch.isEmpty {
                    return
                }
                for work in batch {
                    work()
                }
                batch.removeAll(keepingCapacity: true)
            }
        }
    }
}

/// Work that Ripple queued for the main actor: deliveries to main-actor closures from
/// other threads, subscriptions and disposals of main-actor `create` bodies.
///
/// Each post also dispatches one block to the main queue, which runs what is waiting,
/// in order. A thread that blocks the main queue while it waits for a sequence (a
/// blocking operator of RippleBlocking called in main-actor code) calls ``runPending()``
/// in its wait loop, so the work it waits for is not stuck behind it.
package enum MainActorMailbox {
    // `@unchecked Sendable`: `waiting` is only touched under `lock`, which sits beside it.
    private final class Queue: @unchecked Sendable {
        let lock = Lock()
        var waiting = RingQueue<() -> Void>(initialCapacity: 16)
        var wakers: [@Sendable () -> Void] = []
    }

    private static let queue = Queue()

    static func post(_ work: @escaping () -> Void) {
        let wakers = queue.lock.withLock {
            queue.waiting.enqueue(work)
            return queue.wakers
        }
        for wake in wakers {
            wake()
        }
        DispatchQueue.main.async {
            runPending()
        }
    }

    /// Runs the work waiting for the main actor, in order, including work posted while
    /// it runs. Call it on the main queue only.
    package static func runPending() {
        while let work = queue.lock.withLock({ queue.waiting.isEmpty ? nil : queue.waiting.dequeue() }) {
            work()
        }
    }

    /// Whether the caller runs on the main queue (the main actor's executor).
    package static var isOnMainQueue: Bool {
        DispatchQueue.isMain
    }

    /// Runs `body` with `wake` called whenever work is posted for the main actor, so a
    /// thread waiting on the main queue can run it (with ``runPending()``).
    package static func whileWaiting<Result>(wake: @escaping @Sendable () -> Void, _ body: () throws -> Result) rethrows -> Result {
        queue.lock.withLock { queue.wakers.append(wake) }
        defer { queue.lock.withLock { _ = queue.wakers.removeLast() } }
        return try body()
    }
}
