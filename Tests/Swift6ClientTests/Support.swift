import Dispatch
import Foundation
import Ripple
import Testing

// What a client's test folder would declare for itself: nothing here is Ripple API.

/// Runs these suites only in a test run of their own:
///
///     RIPPLE_CLIENT_TESTS=1 swift test --skip-build --filter 'Swift6ClientTests|Swift5ClientTests'
///
/// They share the test process with RippleTests, whose leak check counts live Ripple
/// objects process-wide (`Resources.total`, debug builds) and serializes its own tests
/// for that reason; these suites, running beside them, would be counted as their leaks
/// (and the subjects kept in `static let`s stay alive for good). Plain `swift test`
/// still compiles them, which is the check that matters most here, and lists them as
/// skipped.
let clientPatterns: ConditionTrait = .enabled(
    if: ProcessInfo.processInfo.environment["RIPPLE_CLIENT_TESTS"] != nil,
    "run with RIPPLE_CLIENT_TESTS=1, apart from RippleTests (see Support.swift)"
)

/// A log that any thread may append to: the events a pattern produced.
nonisolated final class Log<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

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

/// Subscribes to `source` and waits for it to complete: its elements, or `nil` if it
/// did not complete within ``eventually``'s limit.
func elements<Element: Sendable>(of source: Observable<Element>) async -> [Element]? {
    let log = Log<Element>()
    let ended = Log<Bool>()
    let subscription = source.subscribe(onNext: { log.append($0) }, onCompleted: { ended.append(true) })
    defer { subscription.dispose() }
    return await eventually { ended.all == [true] } ? log.all : nil
}

/// ``eventually`` on the main actor, for a condition about main-actor state checked
/// from nonisolated code.
@MainActor
func onMainActorEventually(_ condition: @MainActor () -> Bool) async -> Bool {
    await eventually { condition() }
}

/// Whether the caller runs on the main queue (what `MainScheduler` and `@MainActor`
/// work run on), told by a queue-specific value as a client would.
nonisolated func onMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

nonisolated private let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()
