import Dispatch
import Synchronization

// What a client's test folder would declare for itself: nothing here is Ripple API.

/// A log that any thread may append to: the events a pattern produced.
final class Log<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    /// Appends `value`.
    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    /// Everything appended so far, in order.
    var all: [Value] {
        storage.withLock { $0 }
    }
}

/// Waits (suspending, so the main actor and the main queue keep running) until
/// `condition` holds, for at most five seconds; returns whether it came to hold.
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

/// ``eventually`` on the main actor, for a condition about main-actor state checked
/// from nonisolated code.
@MainActor
func onMainActorEventually(_ condition: @MainActor () -> Bool) async -> Bool {
    await eventually { condition() }
}

/// Whether the caller runs on the main queue (what `MainScheduler` and `@MainActor`
/// work run on), told by a queue-specific value as a client would.
func onMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

private let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()
