#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A scheduler whose clock only moves when you say so: work runs in order of its due
/// time, and time jumps straight to the next due item. The base of ``HistoricalScheduler``
/// and of RippleTest's `TestScheduler`.
///
/// ```swift
/// let scheduler = HistoricalScheduler()
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in
///     print("a minute later, instantly")
///     return Disposables.create()
/// }
/// scheduler.start()
/// ```
///
/// Scheduling is thread-safe; the work itself runs on the thread that calls
/// ``start()`` or ``advanceTo(_:)``.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
    /// A point in this scheduler's time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of this scheduler's time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let converter: Converter
    private let lock = Lock()
    // Guarded by `lock`.
    private var currentClock: VirtualTime
    private var running = false
    private var nextItemID = 0
    private var queue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>

    /// A scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The virtual time the clock starts at.
    ///   - converter: Converts between virtual time and real dates and intervals.
    public init(initialClock: VirtualTime, converter: Converter) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.currentClock = initialClock
        self.converter = converter
        self.queue = PriorityQueue { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: true
            case .greaterThan: false
            case .equal: lhs.id < rhs.id
            }
        }
    }

    /// The current virtual time.
    public var clock: VirtualTime {
        lock.withLock { currentClock }
    }

    /// The current virtual time, as a date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// Whether ``start()`` or ``advanceTo(_:)`` is running work.
    public var isEnabled: Bool {
        lock.withLock { running }
    }

    /// Schedules `action` at the current time (see ``adjustScheduledTime(_:)``).
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the work if it has not run yet.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` `dueTime` after the current time.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long to wait before running `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the work if it has not run yet.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let time = converter.convertToVirtualTime(now.adding(dueTime))
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Schedules `action` `dueTime` (in virtual units) after the current time.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long to wait before running `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the work if it has not run yet.
    public func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` at virtual time `time`.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - time: The virtual time to run `action` at.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the work if it has not run yet.
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        lock.withLock {
            let item = VirtualSchedulerItem(time: time, id: nextItemID) { action(state) }
            nextItemID += 1
            queue.enqueue(item)
            return item
        }
    }

    /// The time relative scheduling actually uses for `time`; subclasses override it
    /// (RippleTest's `TestScheduler` moves work due now to one tick later).
    ///
    /// - Parameter time: The time the work was scheduled for.
    /// - Returns: The time to run the work at; by default `time` itself.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs every scheduled item in time order, moving the clock to each one's time,
    /// until none is left or ``stop()`` is called.
    public func start() {
        let alreadyRunning = lock.withLock {
            defer { running = true }
            return running
        }
        guard !alreadyRunning else { return }
        while let item = nextDueItem(notAfter: nil) {
            item.invoke()
        }
        lock.withLock { running = false }
    }

    /// Runs the items due up to and including `virtualTime`, then sets the clock to it.
    ///
    /// - Precondition: The scheduler is not already running.
    ///
    /// - Parameter virtualTime: A virtual time.
    public func advanceTo(_ virtualTime: VirtualTime) {
        lock.withLock {
            precondition(!running, "VirtualTimeScheduler.advanceTo called while the scheduler is running")
            precondition(!converter.compareVirtualTime(virtualTime, currentClock).lessThan, "VirtualTimeScheduler cannot advance to a time in the past")
            running = true
        }
        while let item = nextDueItem(notAfter: virtualTime) {
            item.invoke()
        }
        lock.withLock {
            currentClock = virtualTime
            running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// - Precondition: `virtualInterval` does not move the clock backwards.
    ///
    /// - Parameter virtualInterval: How far to move the clock.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock {
            let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
            precondition(!converter.compareVirtualTime(target, currentClock).lessThan, "VirtualTimeScheduler cannot sleep into the past")
            currentClock = target
        }
    }

    /// Stops ``start()`` or ``advanceTo(_:)`` after the item running now.
    public func stop() {
        lock.withLock { running = false }
    }

    /// Takes the next live item due no later than `limit`, moving the clock to its
    /// time; `nil` when stopped or nothing is due.
    private func nextDueItem(notAfter limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.withLock {
            while running, let item = queue.first {
                if item.isDisposed {
                    _ = queue.dequeue()
                    continue
                }
                if let limit, converter.compareVirtualTime(item.time, limit).greaterThan {
                    return nil
                }
                _ = queue.dequeue()
                if converter.compareVirtualTime(item.time, currentClock).greaterThan {
                    currentClock = item.time
                }
                return item
            }
            return nil
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// One piece of work queued on a ``VirtualTimeScheduler``.
final class VirtualSchedulerItem<Time>: Cancelable {
    let time: Time
    let id: Int
    private let action: () -> Disposable
    private let disposable = SingleAssignmentDisposable()

    init(time: Time, id: Int, action: @escaping () -> Disposable) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.time = time
        self.id = id
        self.action = action
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }

    func invoke() {
        guard !disposable.isDisposed else { return }
        disposable.setDisposable(action())
    }

    func dispose() {
        disposable.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
