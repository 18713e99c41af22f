import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs work on a dispatch queue that may run several actions at once.
///
/// Actions scheduled one after another can overlap when the queue is concurrent;
/// operators that need order (`observe(on:)`) keep it themselves, by scheduling the
/// next event only when the previous one has been delivered.
///
/// ```swift
/// let workers = ConcurrentDispatchQueueScheduler(qos: .utility)
/// images
///     .observe(on: workers)
///     .map { $0.thumbnail() }
/// ```
public final class ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
    /// The seconds of a time span, as `Foundation` counts them.
    public typealias TimeInterval = Double
    /// A point in time.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration

    /// The current time: the wall clock.
    public var now: Date {
        Date()
    }

    /// A scheduler on `queue`, serial or concurrent.
    ///
    /// ```swift
    /// let scheduler = ConcurrentDispatchQueueScheduler(queue: .global())
    /// ```
    ///
    /// - Parameters:
    ///   - queue: The dispatch queue the work runs on.
    ///   - leeway: How late the system may fire the scheduler's timers.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// A scheduler on a new concurrent queue with quality of service `qos`.
    ///
    /// ```swift
    /// let scheduler = ConcurrentDispatchQueueScheduler(qos: .background)
    /// ```
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the new queue.
    ///   - leeway: How late the system may fire the scheduler's timers.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let queue = DispatchQueue(label: "rx.concurrent_dispatch_queue.\(qos.qosClass)", qos: qos, attributes: .concurrent)
        self.init(queue: queue, leeway: leeway)
    }

    /// Runs `action` on the queue.
    ///
    /// - Returns: A disposable that cancels the action if it has not started yet, and
    ///   disposes what the action returned if it has run.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` on the queue after `dueTime`, using a dispatch timer.
    ///
    /// - Returns: A disposable that cancels the timer if it has not fired yet.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - dueTime: How long to wait before running `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter` and then every `period`, with a
    /// repeating dispatch timer. Runs never overlap, even on a concurrent queue; each
    /// gets the state the previous one returned.
    ///
    /// - Returns: A disposable that stops the timer.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - startAfter: How long to wait before the first run.
    ///   - period: The time between runs.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
