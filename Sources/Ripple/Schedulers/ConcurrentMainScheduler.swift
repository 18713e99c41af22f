import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs work on the main queue, at once whenever the caller is already on it.
///
/// Unlike ``MainScheduler/instance`` it does not check for work still queued on the main
/// queue, so it suits work whose order relative to other main-queue work does not
/// matter, such as subscribing: `subscribe(on: ConcurrentMainScheduler.instance)`.
///
/// ```swift
/// locationUpdates
///     .subscribe(on: ConcurrentMainScheduler.instance)   // subscribes on the main queue
/// ```
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The seconds of a time span, as `Foundation` counts them.
    public typealias TimeInterval = Double
    /// A point in time.
    public typealias Time = Date

    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    /// The current time: the wall clock.
    public var now: Date {
        mainScheduler.now
    }

    /// Runs `action` now when called on the main queue, else dispatches it there.
    ///
    /// - Returns: A disposable that cancels a dispatched action that has not started,
    ///   and disposes what the action returned once it has run.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if DispatchQueue.isMain {
            return action(state)
        }
        return mainScheduler.configuration.schedule(state, action: action)
    }

    /// Runs `action` on the main queue after `dueTime`.
    ///
    /// - Returns: A disposable that cancels the timer if it has not fired yet.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long to wait before running `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter` and then every `period`.
    ///
    /// - Returns: A disposable that stops the timer.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long to wait before the first run.
    ///   - period: The time between runs.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
