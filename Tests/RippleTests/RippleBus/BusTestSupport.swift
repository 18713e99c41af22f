import Dispatch
@testable import Ripple

/// A handler's view of itself for the bus tests: records what it receives, and counts
/// how many calls are inside it at once (a bus subscriber must never see two).
final class BusProbe<Value: Sendable>: Sendable {
    private let received = LockedValue<[Value]>([])
    private let overlap = OverlapDetector()

    /// Records `value`, staying inside the handler a little so overlaps would show.
    func handle(_ value: Value) {
        overlap.enter()
        received.withLock { $0.append(value) }
        overlap.leave()
    }

    var values: [Value] {
        received.withLock { $0 }
    }

    var count: Int {
        received.withLock { $0.count }
    }

    /// The most calls that were inside ``handle(_:)`` at the same time.
    var mostAtOnce: Int {
        overlap.maximum
    }

    /// Waits until `count` values have arrived.
    func wait(for count: Int) -> Bool {
        eventuallyBlocking { self.count >= count }
    }
}

/// Events for the bus's protocol and superclass subscriptions.
protocol BusUserEvent: Sendable {
    var user: String { get }
}

struct BusLoggedIn: BusUserEvent, Equatable {
    let user: String
}

struct BusLoggedOut: BusUserEvent, Equatable {
    let user: String
}

class BusBaseEvent: @unchecked Sendable {
    // `@unchecked Sendable`: immutable; not final because the tests subclass it.
    let name: String
    init(name: String) { self.name = name }
}

final class BusDerivedEvent: BusBaseEvent, @unchecked Sendable {}
