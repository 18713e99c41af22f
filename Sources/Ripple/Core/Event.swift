/// One signal of a sequence: an element, or the end of the sequence.
///
/// Every sequence follows the grammar `next* (error | completed)?`: any number of
/// elements, then at most one terminal event, after which nothing else arrives.
///
/// ```swift
/// let event: Event<Int> = .next(1)
/// event.element      // 1
/// event.isStopEvent  // false
/// ```
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence ended with a failure.
    case error(Swift.Error)
    /// The sequence ended successfully.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// `next(1)`, `error(reason)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let element): "next(\(element))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

extension Event {
    /// `true` for `.error` and `.completed`, the events that end a sequence.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The element of a `.next` event, otherwise `nil`.
    @inlinable
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The error of an `.error` event, otherwise `nil`.
    @inlinable
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` only for `.completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `.next` event; terminal events pass through unchanged.
    ///
    /// If `transform` throws, the result is an `.error` event carrying the thrown error.
    ///
    /// ```swift
    /// Event.next(2).map { $0 * 10 }   // .next(20)
    /// ```
    ///
    /// - Parameter transform: Turns the element into the new element; may throw.
    /// - Returns: The transformed event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that holds an ``Event``; lets generic code treat events of any element uniformly.
public protocol EventConvertible {
    /// The type of element in the event.
    associatedtype Element
    /// The event itself.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}
