import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs work on a serial dispatch queue: one action at a time, in the order scheduled.
///
/// Use it to move work off the caller's thread while keeping it serialised; an
/// `observe(on:)` with this scheduler delivers events in order, several per queue hop.
///
/// ```swift
/// let background = SerialDispatchQueueScheduler(qos: .userInitiated)
/// numbers
///     .observe(on: background)
///     .subscribe(onNext: { print($0) })   // on the scheduler's queue
/// ```
///
/// Given a concurrent queue (``init(queue:internalSerialQueueName:leeway:)``), the
/// scheduler makes a serial queue that targets it, so its work stays serial.
// `@unchecked Sendable`: not `final` (``MainScheduler`` subclasses it), so the compiler
// will not check it; its only stored property is an immutable `let` of a `Sendable` type.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The seconds of a time span, as `Foundation` counts them.
    public typealias TimeInterval = Double
    /// A point in time.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration

    /// The current time: the wall clock.
    public var now: Date {
        Date()
    }

    /// A scheduler on `serialQueue` itself, which must be serial.
    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: The label of the queue the scheduler creates.
    ///   - serialQueueConfiguration: Called with the new queue before the scheduler
    ///     uses it, to set queue-specific values or a target queue.
    ///   - leeway: How late the system may fire the scheduler's timers.
    ///
    /// ```swift
    /// let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "com.example.parser")
    /// ```
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName` that targets
    /// `queue`, so work is serial even when `queue` is concurrent.
    ///
    /// ```swift
    /// let scheduler = SerialDispatchQueueScheduler(queue: .global(), internalSerialQueueName: "com.example.io")
    /// ```
    ///
    /// - Parameters:
    ///   - queue: The queue the new serial queue targets.
    ///   - internalSerialQueueName: The label of the new serial queue.
    ///   - leeway: How late the system may fire the scheduler's timers.
    public convenience init(queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets the global queue of quality of
    /// service `qos`.
    ///
    /// ```swift
    /// let scheduler = SerialDispatchQueueScheduler(qos: .background)
    /// ```
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue to target.
    ///   - internalSerialQueueName: The label of the new serial queue.
    ///   - leeway: How late the system may fire the scheduler's timers.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }

    /// Runs `action` on the queue, after the work already scheduled.
    ///
    /// - Returns: A disposable that cancels the action if it has not started yet, and
    ///   disposes what the action returned if it has run.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleInternal(state, action: action)
    }

    /// What ``schedule(_:action:)`` does; ``MainScheduler`` overrides it to run at once
    /// when it can.
    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
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
    public final func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter` and then every `period`, with a
    /// repeating dispatch timer; each run gets the state the previous one returned.
    ///
    /// ```swift
    /// let ticking = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { count in
    ///     print("tick \(count)")
    ///     return count + 1
    /// }
    /// ```
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
