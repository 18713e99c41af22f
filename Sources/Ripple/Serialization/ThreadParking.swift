#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A place where threads sleep, without spinning, until a condition kept elsewhere
/// (typically in atomics) holds, and are woken by the thread that made it hold.
///
/// Built on `pthread_cond_t` and `pthread_mutex_t`, which exist on every platform
/// Ripple runs on (Synchronization offers `Mutex` and atomics but no way to wait for
/// a change), and which the Thread Sanitizer understands in every build, so, unlike
/// ``Lock``, it needs no `RIPPLE_TSAN` variant.
///
/// The condition is not guarded by the parking's mutex, so no wake-up may be lost
/// between a waiter's check and its sleep. The protocol that ensures it:
///
/// - A waiter announces itself (for example increments a sequentially consistent
///   atomic count) *before* calling ``wait(until:)``, which checks the condition under
///   the mutex and sleeps only while it is false.
/// - The thread that makes the condition true does so with a sequentially consistent
///   store, *then* reads the announcement and, if anyone waits, calls ``wakeAll()``,
///   which takes the mutex: a waiter has either not checked yet (and will see the
///   condition true) or is asleep (and is woken).
///
/// One parking can serve many unrelated conditions (``shared``): waking a thread
/// whose condition still does not hold only makes it check again and sleep.
final class ThreadParking: @unchecked Sendable {
    // `@unchecked Sendable`: its only state is the mutex and condition variable, both
    // made for use from any thread, and allocated once, never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// The parking every subject shares: waits are rare (a delivering thread that has
    /// filled a replaying subscriber's buffer), so one costs nothing per subject.
    static let shared = ThreadParking()

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Sleeps until `isDone` returns `true`; returns at once when it already does.
    /// `isDone` runs under the parking's mutex and must not block nor call out.
    func wait(until isDone: () -> Bool) {
        pthread_mutex_lock(mutex)
        while !isDone() {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every thread sleeping in ``wait(until:)``; each checks its condition again.
    func wakeAll() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
