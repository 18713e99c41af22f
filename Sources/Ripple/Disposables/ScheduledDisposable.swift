
/// Disposes its disposable on a scheduler: `subscribe(on:)` uses it so that an
/// unsubscription runs where the subscription ran.
///
/// ```swift
/// let onWorker = ScheduledDisposable(scheduler: worker, disposable: subscription)
/// onWorker.dispose()   // subscription.dispose() runs on `worker`
/// ```
// `@unchecked Sendable`: `disposable` is cleared only by the one caller that wins the
// atomic exchange on `disposed`; `scheduler` is immutable.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType
    private let disposed = AtomicValue<Bool>(false)
    private var disposable: Disposable?

    /// Wraps `disposable` so that disposing runs on `scheduler`.
    ///
    /// - Parameters:
    ///   - scheduler: Where the disposal runs.
    ///   - disposable: The disposable to dispose on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Schedules the disposal of the wrapped disposable on ``scheduler``.
    public func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        _ = scheduler.schedule(self) { this in
            let inner = this.disposable
            this.disposable = nil
            inner?.dispose()
            return Disposables.create()
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
