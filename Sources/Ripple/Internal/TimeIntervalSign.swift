import Dispatch

extension DispatchTimeInterval {
    /// Whether the interval is shorter than zero (`.never` is not). Operators for which
    /// a negative time span or period means nothing (a buffer's span, a timer's period)
    /// check it and fail with `RxError.argumentOutOfRange`; a negative *due time* means
    /// "already due" and needs no check.
    var isNegative: Bool {
        switch self {
        case .seconds(let value), .milliseconds(let value), .microseconds(let value), .nanoseconds(let value): value < 0
        case .never: false
        @unknown default: false
        }
    }
}
