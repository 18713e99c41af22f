import Dispatch
@testable import Ripple

/// What the closures a test hands to Ripple saw, in the order they ran, and whether each
/// ran where it had to (the main queue, an actor, a background queue).
final class IsolationProbe: Sendable {
    private let log = Guarded<[(note: String, inPlace: Bool)]>([])

    /// Records `note`, and whether the caller runs on the main queue.
    func note(_ note: String) {
        self.note(note, inPlace: DispatchQueue.isMain)
    }

    /// Records `note`, and whether the caller runs where the test expects.
    func note(_ note: String, inPlace: Bool) {
        log.withLock { $0.append((note, inPlace)) }
    }

    /// The notes, in the order they were taken.
    var notes: [String] {
        log.withLock { $0.map(\.note) }
    }

    /// The notes taken where the test did not expect them.
    var misplaced: [String] {
        log.withLock { $0.filter { !$0.inPlace }.map(\.note) }
    }

    var count: Int {
        log.withLock { $0.count }
    }
}

/// A serial background queue that sends a test's events, and a way to tell whether the
/// caller runs on it.
// `@unchecked Sendable`: `key` is only read after `init`, and dispatch's queue-specific
// storage is thread-safe.
final class BackgroundLine: @unchecked Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(_ label: String = "ripple.tests.isolation") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    /// A scheduler whose work runs on ``queue``.
    func scheduler() -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "ripple.tests.isolation.scheduler")
    }

    /// Whether the caller runs on ``queue``.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}

/// Whether the caller runs on `actor`: in work Ripple queued for it, or in a
/// subscription the actor made itself (what `IsolationExecutor` checks).
func runs(on actor: any Actor) -> Bool {
    IsolationExecutor.runningActor == ObjectIdentifier(actor)
}
