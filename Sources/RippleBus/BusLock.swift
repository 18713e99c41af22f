import Synchronization

/// A non-recursive lock for state kept in ordinary stored properties of the object it
/// sits beside (Ripple's own `Lock` is internal to the `Ripple` module).
///
/// `Mutex<State>` wants its state and results `sending`, which the bus's subscriber
/// lists and a subscription's handler are not; `BusLock` guards the properties instead.
/// Never call a handler, an observer or a scheduler while holding it.
struct BusLock: ~Copyable {
    private let mutex = Mutex(())

    /// Runs `body` with the lock held and returns what it returned.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        mutex.withLock { _ in result = body() }
        return result.unsafelyUnwrapped
    }
}
