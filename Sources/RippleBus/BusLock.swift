#if RIPPLE_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif
import Synchronization

/// A non-recursive lock for state kept in ordinary stored properties of the object it
/// sits beside (Ripple's own `Lock` is internal to the `Ripple` module).
///
/// `Mutex<State>` wants its state and results `sending`, which the bus's subscriber
/// lists and a subscription's handler are not; `BusLock` guards the properties instead.
/// Never call a handler, an observer or a scheduler while holding it.
///
/// Like Ripple's `Lock`, it is a heap-allocated `pthread_mutex_t` when built with
/// `-Xswiftc -DRIPPLE_TSAN`, so that Thread Sanitizer (which cannot see `Mutex` on
/// Linux) understands it.
struct BusLock: ~Copyable {
    #if RIPPLE_TSAN
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held and returns what it returned.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #else
    private let mutex = Mutex(())

    /// Runs `body` with the lock held and returns what it returned.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        mutex.withLock { _ in result = body() }
        return result.unsafelyUnwrapped
    }
    #endif
}
