/// A sequence of UI events (taps, edits ended …): it never fails, is subscribed on
/// the main queue, and sends only events that happen after subscription.
///
/// ```
/// events:  -tap--tap-
/// result:  -tap--tap-
/// ```
///
/// ```swift
/// let taps = ControlEvent(events: tapRelay)
/// taps.subscribe(onNext: { print("tapped") })
/// ```
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of element.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Wraps `events`, which must never fail; it is subscribed on the main queue
    /// (``ConcurrentMainScheduler``).
    ///
    /// ```swift
    /// let edits = ControlEvent(events: editRelay)
    /// ```
    ///
    /// - Parameter events: The events; the sequence must never fail.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an ``Observable``.
    ///
    /// - Returns: This value as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// Returns `self`.
    ///
    /// - Returns: This control event.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }
}

/// A type that is, or presents itself as, a ``ControlEvent``.
///
/// ```swift
/// func log<E: ControlEventType>(_ events: E) -> Disposable { events.subscribe(onNext: { print($0) }) }
/// ```
public protocol ControlEventType: ObservableType {
    /// This value as a ``ControlEvent``.
    ///
    /// - Returns: This value as a control event.
    func asControlEvent() -> ControlEvent<Element>
}

extension ControlEvent {
    /// The events as a ``Signal``.
    ///
    /// ```swift
    /// let taps: Signal<Void> = button.tap.asSignal()
    /// ```
    ///
    /// - Returns: A Signal with the control's events.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorSignalWith: .empty())
    }

    /// The events as a ``Driver``.
    ///
    /// ```swift
    /// let taps: Driver<Void> = button.tap.asDriver()
    /// ```
    ///
    /// - Returns: A Driver with the control's events.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorDriveWith: .empty())
    }
}
