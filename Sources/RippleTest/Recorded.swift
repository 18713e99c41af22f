import Ripple

/// Virtual time in a ``TestScheduler``: an integer number of ticks.
public typealias TestTime = Int

/// A value stamped with the virtual time at which it happened: usually an `Event`
/// received by a ``TestableObserver`` or scripted for a ``TestableObservable``.
///
/// ```swift
/// let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(300)]
/// ```
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When the value happened.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// A value at a time.
    ///
    /// - Parameters:
    ///   - time: When the value happened.
    ///   - value: What happened.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `value @ time`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
    /// `.next(element)` at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - element: The element.
    /// - Returns: The recorded `.next(element)`.
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// `.completed` at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - type: The element type, where the context does not give it.
    /// - Returns: The recorded `.completed`.
    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// `.error(error)` at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the event.
    ///   - error: The error.
    ///   - type: The element type, where the context does not give it.
    /// - Returns: The recorded `.error(error)`.
    public static func error<Element>(_ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }

    /// The recorded events as an array; reads well in `XCTAssertEqual` and `#expect`.
    ///
    /// ```swift
    /// #expect(observer.events == Recorded.events(.next(210, 1), .completed(300)))
    /// ```
    ///
    /// - Parameter recordedEvents: The events, in order.
    /// - Returns: `recordedEvents` as an array.
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        recordedEvents
    }

    /// The recorded events as an array.
    ///
    /// - Parameter recordedEvents: The events, in order.
    /// - Returns: `recordedEvents`, unchanged.
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        recordedEvents
    }
}

/// Events compare equal when their elements do; errors compare by their description
/// (and, where Foundation bridges them, by domain and code as well).
extension Event: Equatable where Element: Equatable {
    /// Whether two events are the same kind with equal elements, or errors that compare
    /// equal (the same `Equatable` error, or else the same type and description).
    ///
    /// ```swift
    /// #expect(Event.next(1) == .next(1))
    /// #expect(Event<Int>.completed != .next(1))
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An event.
    ///   - rhs: Another event.
    /// - Returns: `true` when the two events are equal.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): left == right
        case (.completed, .completed): true
        case (.error(let left), .error(let right)): errorsAreEqual(left, right)
        default: false
        }
    }
}

/// Errors are equal when they are the same `Equatable` value, or else when their
/// types and descriptions match.
func errorsAreEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    if let equal = equalIfEquatable(lhs, rhs) {
        return equal
    }
    return type(of: lhs) == type(of: rhs) && String(describing: lhs) == String(describing: rhs)
}

private func equalIfEquatable(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool? {
    func open<Left: Equatable>(_ left: Left) -> Bool? {
        guard let right = rhs as? Left else { return nil }
        return left == right
    }
    guard let equatable = (lhs as Any) as? any Equatable else { return nil }
    return open(equatable)
}
