@testable import Ripple

/// An error for tests to send and compare.
struct TestError: Error, Equatable, CustomStringConvertible {
    var id = 0
    var description: String { "TestError(\(id))" }
}

/// An event in a form tests can compare with `==`: errors compare by description.
enum Recorded<Element: Equatable>: Equatable, CustomStringConvertible {
    case next(Element)
    case error(String)
    case completed

    init(_ event: Event<Element>) {
        switch event {
        case .next(let element): self = .next(element)
        case .error(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }

    /// `.error` for a ``TestError``.
    static func error(_ error: TestError) -> Recorded {
        .error(error.description)
    }

    var description: String {
        switch self {
        case .next(let element): "next(\(element))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

/// An observer that records every event it receives, safe to feed from several threads.
final class EventRecorder<Element: Equatable>: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: `recorded` is read and written only under `lock`.
    private let lock = Lock()
    private var recorded: [Recorded<Element>] = []

    func on(_ event: Event<Element>) {
        lock.withLock { recorded.append(Recorded(event)) }
    }

    var events: [Recorded<Element>] {
        var copy: [Recorded<Element>] = []
        lock.withLock { copy = recorded }
        return copy
    }
}

extension ObservableType where Element: Equatable {
    /// Subscribes, collects every event that arrives synchronously, disposes, and
    /// returns the events.
    func recordSynchronously() -> [Recorded<Element>] {
        let recorder = EventRecorder<Element>()
        subscribe(recorder).dispose()
        return recorder.events
    }
}

/// A thread-safe counter for closures called from several threads.
final class Counter: @unchecked Sendable {
    // `@unchecked Sendable`: the only state is an atomic.
    private let count = AtomicValue<Int>(0)

    @discardableResult
    func increment() -> Int {
        count.wrappingAdd(1, ordering: .relaxed).newValue
    }

    var value: Int { count.load(ordering: .relaxed) }
}

/// Moves a value that is not `Sendable` into a `@Sendable` closure, for tests that
/// deliberately hand objects to other threads to check Ripple's own thread safety.
struct Unchecked<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: the tests using it synchronise through Ripple itself or
    // through `DispatchGroup`; the point of those tests is that Ripple's objects are safe.
    let value: Value
    init(_ value: Value) { self.value = value }
}
