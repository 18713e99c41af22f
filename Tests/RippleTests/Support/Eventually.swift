#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Suspends until `condition` holds, looking every millisecond for at most `timeout`;
/// returns whether it held. For work on other threads (a delivery, a task noticing its
/// cancellation): the timeout is a hang guard, never a measure of speed. Runs on the
/// caller's actor, so `condition` may read that actor's state.
func eventually(
    isolation: isolated (any Actor)? = #isolation,
    timeout: Duration = .seconds(5),
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// ``eventually(isolation:timeout:_:)`` for synchronous code: blocks the calling thread,
/// yielding the processor between looks for the first 10 ms (a race's other thread
/// usually gets there by then), then sleeping a millisecond between looks, so that a
/// long wait does not take a core from the thread it waits for.
func eventuallyBlocking(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start.advanced(by: timeout)
    let yieldingUntil = start.advanced(by: .milliseconds(10))
    while !condition() {
        let now = clock.now
        if now >= deadline { return false }
        if now < yieldingUntil {
            sched_yield()
        } else {
            usleep(1_000)
        }
    }
    return true
}
