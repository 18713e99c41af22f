import Ripple

/// A recorded event: what ``Recorded`` is when its value is an `Event`.
///
/// It exists so that arrays of recorded events, such as ``TestableObserver/events``,
/// can have members of their own (``Swift/Array/marbles``) without every array
/// getting them; you never conform to it yourself.
public protocol RecordedEventConvertible {
    /// The event type, `Event<Element>`.
    associatedtype Value: EventConvertible
    /// When the event happened.
    var time: TestTime { get }
    /// The event.
    var value: Value { get }
}

extension Recorded: RecordedEventConvertible where Value: EventConvertible {}
