/// Factory methods for the common disposables.
///
/// ```swift
/// return Disposables.create { timer.invalidate() }
/// ```
public enum Disposables {
    /// A disposable that does nothing when disposed.
    ///
    /// - Returns: A disposable with nothing to dispose.
    public static func create() -> any Disposable & Sendable {
        NopDisposable.noOp
    }

    /// A disposable that runs `dispose` exactly once, on the first `dispose()` call.
    ///
    /// - Parameters:
    ///   - dispose: The action to run on the first `dispose()`: on the actor it was
    ///     written on if it is isolated to one (at once when `dispose()` is called
    ///     there, otherwise later, on the actor), otherwise on the thread that disposes.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A cancelable that runs `dispose` once.
    public static func create(with dispose: @escaping () -> Void, isolation: (any Actor)? = #isolation) -> any Cancelable & Sendable {
        AnonymousDisposable(isolatedAction(dispose, isolation) ?? dispose)
    }

    /// A disposable that disposes both disposables, in order, once.
    ///
    /// - Parameters:
    ///   - disposable1: Disposed first.
    ///   - disposable2: Disposed second.
    /// - Returns: A cancelable that disposes both.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> any Cancelable & Sendable {
        BinaryDisposable(disposable1, disposable2)
    }

    /// A disposable that disposes the three disposables, in order, once.
    ///
    /// - Parameters:
    ///   - disposable1: Disposed first.
    ///   - disposable2: Disposed second.
    ///   - disposable3: Disposed third.
    /// - Returns: A cancelable that disposes all three.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) -> any Cancelable & Sendable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// A disposable that disposes all of them, in order, once.
    ///
    /// - Parameters:
    ///   - disposable1: Disposed first.
    ///   - disposable2: Disposed second.
    ///   - disposable3: Disposed third.
    ///   - disposables: Disposed after those, in order.
    /// - Returns: A cancelable that disposes all of them.
    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposables: Disposable...
    ) -> any Cancelable & Sendable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
    }

    /// A disposable that disposes all of `disposables`, in order, once.
    ///
    /// - Parameter disposables: Disposed in order.
    /// - Returns: A cancelable that disposes all of them.
    public static func create(_ disposables: [Disposable]) -> any Cancelable & Sendable {
        switch disposables.count {
        case 2: BinaryDisposable(disposables[0], disposables[1])
        default: CompositeDisposable(disposables: disposables)
        }
    }
}
