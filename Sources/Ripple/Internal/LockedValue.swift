#if RIPPLE_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#endif
import Synchronization

/// `Mutex<Value>` with ``Lock``'s Thread Sanitizer variant: the state is kept inside the
/// lock and reached only through ``withLock(_:)``.
///
/// `package` for the package's other modules (RippleBusNATS) whose state is `Sendable`
/// and fits `Mutex`'s shape. Built normally it *is* a `Mutex`, at the same cost. Built
/// with `-Xswiftc -DRIPPLE_TSAN` it is a `pthread_mutex_t` beside the value, because the
/// sanitizer cannot see `Mutex` on Linux and would report every access it guards as a
/// race (see ``Lock``).
///
/// Two differences from `Mutex`: the result of a closure must be copyable, and in the
/// sanitizer build a recursive `withLock` deadlocks (and a recursive
/// `withLockIfAvailable` returns `nil`) where `Mutex` traps. Neither is ever recursive here.
package struct LockedValue<Value: ~Copyable>: ~Copyable {
    #if RIPPLE_TSAN
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    package borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` with the value if the lock is free at once; returns `nil` without
    /// running it when another thread holds the lock.
    package borrowing func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else {
            return nil
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
    #else
    private let mutex: Mutex<Value>

    package init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with the value, the lock held.
    @inline(__always)
    package borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }

    /// Runs `body` with the value if the lock is free at once; returns `nil` without
    /// running it when another thread holds the lock.
    @inline(__always)
    package borrowing func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        try mutex.withLockIfAvailable(body)
    }
    #endif
}

// `@unchecked` only in the sanitizer build, where the value sits beside a
// `pthread_mutex_t` that every access takes (``withLock(_:)``), and goes in and comes
// out only as `sending`: the two together are what make `Mutex` Sendable whatever its
// value.
#if RIPPLE_TSAN
extension LockedValue: @unchecked Sendable where Value: ~Copyable {}
#else
extension LockedValue: Sendable where Value: ~Copyable {}
#endif
