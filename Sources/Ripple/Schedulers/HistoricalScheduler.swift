import Foundation

/// A virtual-time scheduler whose clock is a `Date`: replays work that is spread over
/// real dates (a day of trades, a log) instantly and in order.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
/// scheduler.advanceTo(Date(timeIntervalSince1970: 3_600))   // one virtual hour
/// ```
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// A scheduler whose clock starts at `initialClock`.
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
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    /// Returns `time`.
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    /// Returns `virtualTimeInterval`.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    /// Returns `timeInterval`.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    /// `time` plus `offset` seconds.
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }

    /// Compares two dates.
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        switch lhs.compare(rhs) {
        case .orderedAscending: .lessThan
        case .orderedSame: .equal
        case .orderedDescending: .greaterThan
        }
    }
}
