import Testing
@testable import Ripple

/// The root of every suite in this target.
///
/// Each suite is declared in an extension of this type, so two traits reach every test:
/// `.serialized`, because `Resources.total` is one process-wide count and tests running
/// side by side would see each other's objects; and `.checksResources`, which fails a
/// test whose Ripple objects are not all released once it returns.
@Suite(.serialized, .checksResources)
struct RippleTests {}

/// Fails a test if `Resources.total` has not returned to its value before the test.
///
/// Work released on another thread (a dispatch queue, a racing dispose) may finish a
/// moment after the test body returns, so the check waits up to two seconds before
/// failing. The failure message lists the kinds of Ripple object still alive
/// (``Resources/liveObjectsDiff(from:)``), so the leak is easy to locate.
struct ResourceLeakCheck: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        let before = Resources.total
        let objectsBefore = Resources.liveObjects
        try await function()
        var after = Resources.total
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        while after != before, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
            after = Resources.total
        }
        if after != before {
            let diff = Resources.liveObjectsDiff(from: objectsBefore)
            Issue.record("Ripple objects leaked: Resources.total was \(before) before the test and \(after) after it; still alive: \(Self.describe(diff))")
        }
    }

    /// The kinds of object a test left alive (or released beyond what it made), largest
    /// count first: `+2 MapSink<Int, Int>, +1 SinkDisposer`.
    static func describe(_ diff: [String: Int]) -> String {
        guard !diff.isEmpty else { return "(no kind differs)" }
        return diff
            .sorted { abs($0.value) != abs($1.value) ? abs($0.value) > abs($1.value) : $0.key < $1.key }
            .map { "\($0.value > 0 ? "+" : "")\($0.value) \($0.key)" }
            .joined(separator: ", ")
    }
}

extension Trait where Self == ResourceLeakCheck {
    /// Fails the test if it leaves Ripple objects alive.
    static var checksResources: Self { ResourceLeakCheck() }
}
