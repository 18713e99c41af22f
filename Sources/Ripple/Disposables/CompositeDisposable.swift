
/// A group of disposables that are disposed together.
///
/// Disposables can be added and removed while the group is live. Once the group is
/// disposed, anything inserted is disposed at once.
///
/// ```swift
/// let group = CompositeDisposable()
/// let key = group.insert(timerSubscription)
/// group.remove(for: key!)   // disposes timerSubscription
/// group.dispose()           // disposes the rest, in insertion order
/// ```
// `@unchecked Sendable`: its mutable properties are accessed only under `lock`.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// Identifies a disposable inside a ``CompositeDisposable``, for ``remove(for:)``.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let rawValue: UInt64
    }

    private let lock = Lock()
    // Guarded by `lock`. `nil` once the group is disposed; keys grow monotonically, so
    // sorting them gives insertion order.
    private var disposables: [UInt64: Disposable]? = [:]
    private var nextKey: UInt64 = 0

    /// An empty group.
    public init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// A group holding two disposables.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.init(disposables: [disposable1, disposable2])
    }

    /// A group holding three disposables.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        self.init(disposables: [disposable1, disposable2, disposable3])
    }

    /// A group holding all of `disposables`.
    ///
    /// - Parameters:
    ///   - disposable1: The first disposable.
    ///   - disposable2: The second disposable.
    ///   - disposable3: The third disposable.
    ///   - disposable4: The fourth disposable.
    ///   - disposables: Any further disposables.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable, _ disposables: Disposable...) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A group holding all of `disposables`.
    ///
    /// - Parameter disposables: The disposables to hold.
    public convenience init(disposables: [Disposable]) {
        self.init()
        for disposable in disposables {
            _ = insert(disposable)
        }
    }

    /// Whether the group has been disposed.
    public var isDisposed: Bool {
        lock.withLock { disposables == nil }
    }

    /// The number of disposables in the group.
    public var count: Int {
        lock.withLock { disposables?.count ?? 0 }
    }

    /// Adds `disposable` to the group.
    ///
    /// - Parameter disposable: The disposable to add.
    /// - Returns: A key for ``remove(for:)``, or `nil` if the group is already disposed,
    ///   in which case `disposable` is disposed at once.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: DisposeKey? = lock.withLock {
            guard disposables != nil else { return nil }
            let key = nextKey
            nextKey &+= 1
            disposables![key] = disposable
            return DisposeKey(rawValue: key)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// Removes the disposable for `disposeKey` and disposes it. Does nothing if it was
    /// already removed or the group is disposed.
    ///
    /// - Parameter disposeKey: The key ``insert(_:)`` returned for the disposable.
    public func remove(for disposeKey: DisposeKey) {
        let removed = lock.withLock { disposables?.removeValue(forKey: disposeKey.rawValue) }
        removed?.dispose()
    }

    /// Disposes every disposable in the group, in insertion order.
    public func dispose() {
        let taken = lock.withLock {
            defer { disposables = nil }
            return disposables
        }
        guard let taken else { return }
        for key in taken.keys.sorted() {
            taken[key]!.dispose()
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
