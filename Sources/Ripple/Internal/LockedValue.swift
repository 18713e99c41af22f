/// A value kept beside a ``Lock`` and reached only through ``withLock(_:)``: the shape
/// of the Synchronization module's `Mutex`, which Ripple cannot use before macOS 15 /
/// iOS 18.
///
/// `package` for the package's other modules (RippleBusNATS) whose state is `Sendable`
/// and fits that shape. The value lives on the heap beside the lock's word, at an
/// address that does not move. Built with `-Xswiftc -DRIPPLE_TSAN` the lock is a
/// `pthread_mutex_t` the Thread Sanitizer can see (see ``Lock``).
///
/// Two differences from `Mutex`: the result of a closure must be copyable, and a
/// recursive `withLock` deadlocks (and a recursive `withLockIfAvailable` returns `nil`)
/// where `Mutex` traps. Neither is ever recursive here.
package struct LockedValue<Value: ~Copyable>: ~Copyable {
    private let lock = Lock()
    private let value: UnsafeMutablePointer<Value>

    package init(_ initialValue: consuming sending Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, the lock held.
    @inline(__always)
    package borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.acquire()
        defer { lock.release() }
        return try body(&value.pointee)
    }

    /// Runs `body` with the value if the lock is free at once; returns `nil` without
    /// running it when another thread holds the lock.
    @inline(__always)
    package borrowing func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard lock.tryAcquire() else {
            return nil
        }
        defer { lock.release() }
        return try body(&value.pointee)
    }
}

// `@unchecked`: the value sits beside a lock that every access takes (``withLock(_:)``),
// and goes in and comes out only as `sending`: the two together are what make `Mutex`
// Sendable whatever its value.
extension LockedValue: @unchecked Sendable where Value: ~Copyable {}
