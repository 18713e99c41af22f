import Dispatch
import Testing
@testable import Ripple

/// Suspends until `condition` holds, checking every millisecond for at most `seconds`
/// (two by default); returns whether it held. Async tests use it to wait for work on
/// other threads (a delivery, a task noticing its cancellation, a server restarting)
/// without sleeping blindly. It runs on the caller's actor, so `condition` may read that
/// actor's state.
func eventually(
    isolation: isolated (any Actor)? = #isolation,
    within seconds: Double = 2,
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    while !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Suspends until every Ripple object created since `baseline` was read has been
/// released (`Resources.total` is back to it); returns whether that happened in time.
/// A bridged task may release its sink a moment after it has been cancelled, so async
/// tests call this before returning instead of leaving it to the suite's grace period.
func resourcesReturn(
    isolation: isolated (any Actor)? = #isolation,
    to baseline: Int32
) async -> Bool {
    await eventually(isolation: isolation) { Resources.total == baseline }
}

/// Whether the caller runs on the main queue (the main actor's executor here).
func onMainQueueNow() -> Bool {
    DispatchQueue.isMain
}

/// An error that is not a `TestError`, to check that the error thrown is the one sent.
struct OtherError: Error, Equatable {}
