
/// Holds one disposable at a time: assigning a new one disposes the old one.
///
/// After the serial disposable itself is disposed, any disposable assigned to it is
/// disposed at once.
///
/// ```swift
/// let current = SerialDisposable()
/// current.disposable = firstRequest
/// current.disposable = secondRequest   // disposes firstRequest
/// ```
// `@unchecked Sendable`: its mutable properties are accessed only under `lock`.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false

    /// A serial disposable holding nothing.
    public init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Whether the serial disposable has been disposed.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The current disposable. Setting it disposes the previous one; once the serial
    /// disposable is disposed, a disposable set here is disposed immediately.
    public var disposable: Disposable {
        get {
            lock.withLock { current } ?? Disposables.create()
        }
        set {
            let toDispose: Disposable? = lock.withLock {
                if disposed {
                    return newValue
                }
                defer { current = newValue }
                return current
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the current disposable and every one set later.
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
