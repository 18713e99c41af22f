import Synchronization

/// A non-recursive lock for state kept in ordinary stored properties.
///
/// `Mutex<State>` wants its state `sending` in and out, which non-`Sendable` values
/// (disposables, observers, user closures) cannot be. `Lock` guards the properties of
/// the object it sits beside instead: every access to them goes through
/// ``withLock(_:)``. Never call out to user code or to a downstream observer while
/// holding it: take what you need under the lock, then act after it.
struct Lock: ~Copyable {
    private let mutex = Mutex(())

    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        mutex.withLock { _ in result = body() }
        return result.unsafelyUnwrapped
    }
}
