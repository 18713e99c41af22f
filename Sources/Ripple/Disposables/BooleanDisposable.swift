
/// A disposable that only records whether it was disposed.
///
/// ```swift
/// let cancelled = BooleanDisposable()
/// cancelled.dispose()
/// cancelled.isDisposed   // true
/// ```
public final class BooleanDisposable: Cancelable, Sendable {
    private let disposed: AtomicValue<Bool>

    /// A disposable that is not yet disposed.
    public init() {
        self.disposed = AtomicValue(false)
    }

    /// A disposable in the given state.
    ///
    /// - Parameter isDisposed: Whether the disposable starts out disposed.
    public init(isDisposed: Bool) {
        self.disposed = AtomicValue(isDisposed)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Marks the disposable as disposed.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
