#if RIPPLE_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif
import Synchronization

/// A non-recursive lock for state kept in ordinary stored properties.
///
/// `package` so that the package's other modules (RippleBus, RippleFoundation) share
/// this one lock type, Thread Sanitizer variant included, instead of each keeping a copy.
///
/// `Mutex<State>` wants its state `sending` in and out, which non-`Sendable` values
/// (disposables, observers, user closures) cannot be. `Lock` guards the properties of
/// the object it sits beside instead: every access to them goes through
/// ``withLock(_:)``. Never call out to user code or to a downstream observer while
/// holding it: take what you need under the lock, then act after it.
///
/// Thread Sanitizer cannot see `Mutex` on Linux (its futex and atomics live in the
/// uninstrumented Synchronization module), so every access it guards is reported as a
/// race. Build with `-Xswiftc -DRIPPLE_TSAN` for sanitizer runs: the lock is then a
/// heap-allocated `pthread_mutex_t`, which the sanitizer understands.
package struct Lock: ~Copyable {
    #if RIPPLE_TSAN
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    package func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #else
    private let mutex = Mutex(())

    package init() {}

    @inline(__always)
    package func withLock<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        mutex.withLock { _ in result = body() }
        return result.unsafelyUnwrapped
    }
    #endif
}
