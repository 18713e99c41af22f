#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a ``VirtualTimeScheduler`` maps its own time units to real time.
///
/// ```swift
/// // Ticks of one second from the epoch, as Ints.
/// struct SecondsConverter: VirtualTimeConverterType {
///     func convertFromVirtualTime(_ t: Int) -> RxTime { Date(timeIntervalSince1970: TimeInterval(t)) }
///     func convertToVirtualTime(_ t: RxTime) -> Int { Int(t.timeIntervalSince1970) }
///     func convertFromVirtualTimeInterval(_ i: Int) -> TimeInterval { TimeInterval(i) }
///     func convertToVirtualTimeInterval(_ i: TimeInterval) -> Int { Int(i) }
///     func offsetVirtualTime(_ t: Int, offset: Int) -> Int { t + offset }
///     func compareVirtualTime(_ l: Int, _ r: Int) -> VirtualTimeComparison { l < r ? .lessThan : l == r ? .equal : .greaterThan }
/// }
/// ```
public protocol VirtualTimeConverterType {
    /// A point in virtual time.
    associatedtype VirtualTimeUnit
    /// A span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// The real time for a virtual time.
    ///
    /// - Parameter virtualTime: A virtual time.
    /// - Returns: The same moment as a date.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time for a real time.
    ///
    /// - Parameter time: A time.
    /// - Returns: The same moment in virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The real interval, in seconds, for a virtual interval.
    ///
    /// - Parameter virtualTimeInterval: A virtual time interval.
    /// - Returns: The interval in seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual interval for a real interval in seconds.
    ///
    /// - Parameter timeInterval: A time interval, in seconds.
    /// - Returns: The interval in virtual time units.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    ///
    /// - Parameters:
    ///   - time: A time.
    ///   - offset: The interval to add.
    /// - Returns: `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// How two virtual times compare.
    ///
    /// - Parameters:
    ///   - lhs: The first time.
    ///   - rhs: The second time.
    /// - Returns: Whether `lhs` is before, at or after `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left time is earlier.
    case lessThan
    /// The times are the same.
    case equal
    /// The left time is later.
    case greaterThan
}

extension VirtualTimeComparison {
    var lessThan: Bool { self == .lessThan }
    var greaterThan: Bool { self == .greaterThan }
}
