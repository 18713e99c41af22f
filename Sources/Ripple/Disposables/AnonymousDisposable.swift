
/// Runs a closure on the first `dispose()`: `Disposables.create(with:)`.
// `@unchecked Sendable`: `disposeAction` is read and cleared only by the one caller that
// wins the atomic exchange on `disposed`; the action runs on that caller's thread, as
// disposal does everywhere in Rx.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    // The action runs exactly once: the atomic exchange on `disposed` picks the one
    // caller that may run and clear it.
    private let disposed = AtomicValue<Bool>(false)
    private var disposeAction: (() -> Void)?

    init(_ disposeAction: @escaping () -> Void) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.disposeAction = disposeAction
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        if let action = disposeAction {
            if journeyTracingIsOn {
                JourneyTrace.step("AnonymousDisposable", "dispose", "runs the closure given to Disposables.create(with:), here your onDisposed")
            }
            disposeAction = nil
            action()
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
