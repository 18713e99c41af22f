
/// A disposable that is set exactly once, possibly after it has been disposed (in
/// which case the one set is disposed at once).
///
/// Operators use it when the disposable of some work only exists after the work has
/// started, while a dispose may already have arrived.
///
/// ```swift
/// let subscription = SingleAssignmentDisposable()
/// subscription.setDisposable(source.subscribe(observer))
/// ```
// `@unchecked Sendable`: its mutable properties are accessed only under `lock`.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var current: Disposable?
    private var isSet = false
    private var disposed = false

    /// A disposable waiting for ``setDisposable(_:)``.
    public init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Sets the disposable. If this has already been disposed, `disposable` is
    /// disposed at once.
    ///
    /// - Precondition: Called at most once; a second call is a programming error and
    ///   traps.
    /// - Parameter disposable: The disposable to hold, and to dispose with this one.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow: Bool = lock.withLock {
            precondition(!isSet, "SingleAssignmentDisposable.setDisposable may be called only once")
            isSet = true
            if disposed {
                return true
            }
            current = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Disposes the disposable that was set, or the one set later.
    public func dispose() {
        let toDispose: Disposable? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        toDispose?.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
