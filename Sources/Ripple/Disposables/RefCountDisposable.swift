
/// Disposes its underlying disposable only when it has been disposed itself *and*
/// every disposable handed out by ``retain()`` has been disposed.
///
/// ```swift
/// let shared = RefCountDisposable(disposable: connection)
/// let lease = shared.retain()
/// shared.dispose()   // connection stays open: a lease is outstanding
/// lease.dispose()    // now connection is disposed
/// ```
// `@unchecked Sendable`: its mutable properties are accessed only under `lock`.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    // `nil` once the underlying disposable has been disposed.
    private var underlying: Disposable?
    private var isPrimaryDisposed = false
    private var leases = 0

    /// Guards `disposable` with a reference count.
    ///
    /// - Parameter disposable: The disposable to dispose once this one and every lease are disposed.
    public init(disposable: Disposable) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        underlying = disposable
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool {
        lock.withLock { underlying == nil }
    }

    /// Hands out a lease that keeps the underlying disposable alive until disposed.
    /// After the underlying disposable is gone, returns a disposable that does nothing.
    ///
    /// - Returns: A lease; disposing it releases this hold on the underlying disposable.
    public func retain() -> Disposable {
        let leased = lock.withLock {
            guard underlying != nil else { return false }
            leases += 1
            return true
        }
        return leased ? Lease(owner: self) : Disposables.create()
    }

    /// Disposes the primary reference; the underlying disposable goes once no lease
    /// remains.
    public func dispose() {
        let toDispose: Disposable? = lock.withLock {
            guard !isPrimaryDisposed else { return nil }
            isPrimaryDisposed = true
            return takeUnderlyingIfReleased()
        }
        toDispose?.dispose()
    }

    fileprivate func release() {
        let toDispose: Disposable? = lock.withLock {
            guard underlying != nil else { return nil }
            precondition(leases > 0, "RefCountDisposable released more often than retained")
            leases -= 1
            return takeUnderlyingIfReleased()
        }
        toDispose?.dispose()
    }

    /// Call with `lock` held.
    private func takeUnderlyingIfReleased() -> Disposable? {
        guard isPrimaryDisposed, leases == 0 else { return nil }
        defer { underlying = nil }
        return underlying
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }

    /// One lease from ``retain()``; releases once.
    private final class Lease: Disposable {
        private let released = AtomicValue<Bool>(false)
        private let owner: RefCountDisposable

        init(owner: RefCountDisposable) {
            self.owner = owner
        }

        func dispose() {
            if !released.exchange(true, ordering: .acquiringAndReleasing) {
                owner.release()
            }
        }
    }
}
