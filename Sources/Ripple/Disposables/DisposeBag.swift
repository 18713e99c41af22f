
/// Collects disposables and disposes them, in insertion order, when the bag is
/// deallocated: the usual way to tie subscriptions to an owner's lifetime.
///
/// ```swift
/// final class ViewModel {
///     private let disposeBag = DisposeBag()
///     init(events: Observable<String>) {
///         events.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
///     }
/// }
/// ```
///
/// To cancel everything early, replace the bag with a new one.
// `@unchecked Sendable`: its mutable properties are accessed only under `lock`.
public final class DisposeBag: @unchecked Sendable {
    private let lock = Lock()
    private var disposables: [Disposable] = []

    /// An empty bag.
    public init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// A bag holding `disposables`.
    ///
    /// - Parameter disposables: Disposed when the bag is deallocated.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag holding `disposables`.
    ///
    /// - Parameter disposables: Disposed when the bag is deallocated.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// A bag holding the disposables the builder lists.
    ///
    /// ```swift
    /// let bag = DisposeBag {
    ///     first.subscribe(onNext: { print($0) })
    ///     second.subscribe(onNext: { print($0) })
    /// }
    /// ```
    ///
    /// - Parameter builder: Lists the disposables, one expression a line.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds `disposable`; it is disposed when the bag is deallocated.
    ///
    /// - Parameter disposable: Disposed when the bag is deallocated.
    public func insert(_ disposable: Disposable) {
        lock.withLock { self.disposables.append(disposable) }
    }

    /// Adds each of `disposables`.
    ///
    /// - Parameter disposables: Disposed when the bag is deallocated.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds each of `disposables`.
    ///
    /// - Parameter disposables: Disposed when the bag is deallocated.
    public func insert(_ disposables: [Disposable]) {
        lock.withLock { self.disposables.append(contentsOf: disposables) }
    }

    /// Adds the disposables the builder lists.
    ///
    /// - Parameter builder: Lists the disposables, one expression a line.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    deinit {
        for disposable in disposables {
            disposable.dispose()
        }
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }

    /// Builds an array of disposables from a list of expressions, for
    /// ``DisposeBag/init(builder:)`` and ``DisposeBag/insert(builder:)``.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the listed disposables.
        ///
        /// - Parameter disposables: The listed disposables.
        /// - Returns: The disposables, in order.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}
