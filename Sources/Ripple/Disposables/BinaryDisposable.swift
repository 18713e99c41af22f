
/// Disposes two disposables, in order, once: `Disposables.create(_:_:)`.
// `@unchecked Sendable`: `first` and `second` are read and cleared only by the one
// caller that wins the atomic exchange on `disposed`.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    // The atomic exchange on `disposed` picks the one caller that may read and clear
    // the two references.
    private let disposed = AtomicValue<Bool>(false)
    private var first: Disposable?
    private var second: Disposable?

    init(_ first: Disposable, _ second: Disposable) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.first = first
        self.second = second
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        let first = self.first, second = self.second
        self.first = nil
        self.second = nil
        first?.dispose()
        second?.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
