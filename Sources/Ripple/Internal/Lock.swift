#if RIPPLE_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#else
import CRippleAtomics
#endif

/// A non-recursive lock for state kept in ordinary stored properties.
///
/// `package` so that the package's other modules (RippleBus, RippleFoundation) share
/// this one lock type, Thread Sanitizer variant included, instead of each keeping a copy.
///
/// ``LockedValue`` (like `Mutex`) wants its state `sending` in and out, which
/// non-`Sendable` values (disposables, observers, user closures) cannot be. `Lock` guards
/// the properties of the object it sits beside instead: every access to them goes through
/// ``withLock(_:)``. Never call out to user code or to a downstream observer while
/// holding it: take what you need under the lock, then act after it.
///
/// It is a 32-bit word on the heap (an `os_unfair_lock` on Apple platforms, a futex
/// lock elsewhere; see CRippleAtomics.h): a lock needs an address that does not move,
/// which a stored property's is not promised to be. Uncontended, taking and releasing
/// it is one atomic operation each, inlined.
///
/// Build with `-Xswiftc -DRIPPLE_TSAN` for Thread Sanitizer runs: the lock is then a
/// heap-allocated `pthread_mutex_t`, which the sanitizer models as a lock (with its
/// lock-order and deadlock reports); the futex lock it would see, at best, as atomics on
/// a word, and its sleeping not at all.
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

    /// Takes the lock, waiting while another thread holds it; ``release()`` must follow.
    /// For callers whose body throws; prefer ``withLock(_:)``.
    @inline(__always)
    package func acquire() {
        pthread_mutex_lock(mutex)
    }

    /// Takes the lock if it is free at once; returns whether it did. A `true` must be
    /// followed by ``release()``.
    @inline(__always)
    package func tryAcquire() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Releases the lock taken by ``acquire()`` or ``tryAcquire()``.
    @inline(__always)
    package func release() {
        pthread_mutex_unlock(mutex)
    }
    #else
    private let word: UnsafeMutablePointer<UInt32>

    package init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)  // free, for both the futex lock and os_unfair_lock
    }

    deinit {
        word.deallocate()
    }

    /// Runs `body` with the lock held.
    @inline(__always)
    package func withLock<Result>(_ body: () -> Result) -> Result {
        ripple_lock_lock(word)
        defer { ripple_lock_unlock(word) }
        return body()
    }

    /// Takes the lock, waiting while another thread holds it; ``release()`` must follow.
    /// For callers whose body throws; prefer ``withLock(_:)``.
    @inline(__always)
    package func acquire() {
        ripple_lock_lock(word)
    }

    /// Takes the lock if it is free at once; returns whether it did. A `true` must be
    /// followed by ``release()``.
    @inline(__always)
    package func tryAcquire() -> Bool {
        ripple_lock_trylock(word)
    }

    /// Releases the lock taken by ``acquire()`` or ``tryAcquire()``.
    @inline(__always)
    package func release() {
        ripple_lock_unlock(word)
    }
    #endif
}
