import Dispatch

/// Runs work on the main queue; the scheduler for UI updates.
///
/// ``MainScheduler/instance`` runs an action at once when it is scheduled from the main
/// queue and nothing it scheduled earlier is still waiting there; otherwise it dispatches
/// the action asynchronously. So an `observe(on: MainScheduler.instance)` on the main
/// queue delivers without a hop, and events never overtake ones already queued.
/// ``MainScheduler/asyncInstance`` always dispatches.
///
/// ```swift
/// results
///     .observe(on: MainScheduler.instance)
///     .subscribe(onNext: { label.text = $0 })
/// ```
///
/// "On the main queue" means work the main queue runs (or a queue targeting it runs),
/// decided with a queue-specific value as `dispatchPrecondition(condition: .onQueue(.main))`
/// does, not by asking whether this is the main thread. On Linux the main queue only
/// runs once the main thread parks in `dispatchMain()` or runs a `RunLoop`; after
/// `dispatchMain()` a pool thread drains it, so `Thread.isMainThread` is `false` there
/// while the main queue's work runs.
// `@unchecked Sendable`: the superclass's stored property is immutable, and `enqueued`
// is an atomic; nothing else is stored.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    // Actions scheduled on the main queue that have not finished yet, including one
    // running at once: while it is above zero, new work must queue behind them.
    private let enqueued = AtomicValue<Int>(0)

    /// A scheduler on the main queue. Use ``instance`` rather than making one: each
    /// instance only orders the work scheduled through itself.
    public init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    /// The shared main-queue scheduler, which runs work at once when it is already on
    /// the main queue with nothing queued.
    public static let instance = MainScheduler()

    /// A scheduler on the main queue that always dispatches asynchronously, even when
    /// called from the main queue.
    ///
    /// ```swift
    /// // Lets the current main-queue work finish before the next element arrives.
    /// numbers.observe(on: MainScheduler.asyncInstance)
    /// ```
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    /// Stops the program with `errorMessage` unless the caller runs on the main queue.
    ///
    /// ```swift
    /// func updateLabel() {
    ///     MainScheduler.ensureExecutingOnScheduler()
    ///     label.text = title
    /// }
    /// ```
    ///
    /// - Parameter errorMessage: The message to stop with; by default one that names the problem.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !DispatchQueue.isMain {
            fatalError(errorMessage ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main queue.")
        }
    }

    /// Stops the program with `errorMessage` unless the caller runs on the main thread.
    ///
    /// On Linux the main queue's work also counts, since after `dispatchMain()` the main
    /// queue is drained by a thread that is not the main thread.
    ///
    /// - Parameter errorMessage: The message to stop with; by default one that names the problem.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if os(Linux)
        let onMain = CurrentThread.isMain || DispatchQueue.isMain
        #else
        let onMain = CurrentThread.isMain
        #endif
        if !onMain {
            fatalError(errorMessage ?? "Running on a background thread.")
        }
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let earlier = enqueued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if earlier == 0, DispatchQueue.isMain {
            let disposable = action(state)
            enqueued.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        configuration.queue.asyncHandingOff {
            if !cancel.isDisposed {
                cancel.setDisposable(action(state))
            }
            self.enqueued.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }
        return cancel
    }
}
