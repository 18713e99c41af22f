#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A virtual-time scheduler whose clock is a `Date`: replays work that is spread over
/// real dates (a day of trades, a log) instantly and in order.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
/// scheduler.advanceTo(Date(timeIntervalSince1970: 3_600))   // one virtual hour
/// ```
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// A scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameter initialClock: The date the virtual clock starts at.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}

/// The converter of ``HistoricalScheduler``: virtual time is real time.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point in time.
    public typealias VirtualTimeUnit = RxTime
    /// A span of time in seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// Returns `virtualTime`.
    ///
    /// - Parameter virtualTime: A virtual time.
    /// - Returns: The same moment as a date.
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    /// Returns `time`.
    ///
    /// - Parameter time: A time.
    /// - Returns: The same moment in virtual time.
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    /// Returns `virtualTimeInterval`.
    ///
    /// - Parameter virtualTimeInterval: A virtual time interval.
    /// - Returns: The interval in seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    /// Returns `timeInterval`.
    ///
    /// - Parameter timeInterval: A time interval, in seconds.
    /// - Returns: The interval in virtual time units.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    /// `time` plus `offset` seconds.
    ///
    /// - Parameters:
    ///   - time: A time.
    ///   - offset: The interval to add.
    /// - Returns: `time` moved by `offset`.
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }

    /// Compares two dates.
    ///
    /// - Parameters:
    ///   - lhs: The first time.
    ///   - rhs: The second time.
    /// - Returns: Whether `lhs` is before, at or after `rhs`.
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        switch lhs.compare(rhs) {
        case .orderedAscending: .lessThan
        case .orderedSame: .equal
        case .orderedDescending: .greaterThan
        }
    }
}
