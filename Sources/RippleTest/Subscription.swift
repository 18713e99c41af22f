/// When a ``TestableObservable`` was subscribed to and, if it was, unsubscribed from.
///
/// ```swift
/// #expect(source.subscriptions == [Subscription(200, 1000)])
/// ```
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: TestTime
    /// The virtual time of the disposal; `Int.max` while still subscribed.
    public let unsubscribe: TestTime

    /// A subscription that has not been disposed.
    ///
    /// - Parameter subscribe: The virtual time of the subscription.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, .max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    ///
    /// - Parameters:
    ///   - subscribe: The virtual time of the subscription.
    ///   - unsubscribe: The virtual time of the disposal.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(subscribe : unsubscribe)`, with `Infinity` while still subscribed.
    public var debugDescription: String {
        let end = unsubscribe == .max ? "Infinity" : String(unsubscribe)
        return "(\(subscribe) : \(end))"
    }
}
