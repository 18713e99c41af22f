import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    var seconds: TimeInterval {
        switch self {
        case .seconds(let value): TimeInterval(value)
        case .milliseconds(let value): TimeInterval(value) / 1_000
        case .microseconds(let value): TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000
        case .never: .infinity
        @unknown default: .infinity
        }
    }

    /// The interval in nanoseconds, saturating; `.never` is `Int.max`.
    var nanoseconds: Int {
        switch self {
        case .seconds(let value): value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): value
        case .never: .max
        @unknown default: .max
        }
    }

    /// An interval from seconds, rounded to the nanosecond.
    init(seconds: TimeInterval) {
        if seconds.isInfinite || seconds >= TimeInterval(Int.max) / 1_000_000_000 {
            self = .never
        } else {
            self = .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
        }
    }
}

extension Date {
    /// This date moved by `interval`; `.never` is the distant future, so virtual-time
    /// schedulers can still convert it to a (very late) tick.
    func adding(_ interval: DispatchTimeInterval) -> Date {
        if case .never = interval {
            return .distantFuture
        }
        return addingTimeInterval(interval.seconds)
    }
}
