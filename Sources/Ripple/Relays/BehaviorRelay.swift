/// A ``BehaviorSubject`` that never ends: it holds a current ``value``, replayed to
/// each new subscriber, and only takes elements, with ``accept(_:)``.
///
/// ```
/// value 0, accept:  ---1---2---
/// early:            0--1---2---
/// late:                 1--2---   (subscribed between 1 and 2)
/// ```
///
/// ```swift
/// let count = BehaviorRelay(value: 0)
/// _ = count.subscribe(onNext: { print($0) })   // prints 0
/// count.accept(count.value + 1)                // prints 1
/// ```
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// Makes a relay whose current value is `value`.
    ///
    /// ```swift
    /// let name = BehaviorRelay(value: "")
    /// ```
    ///
    /// - Parameter value: The initial value, sent to each subscriber until a newer one.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value: the initial value or the last accepted element.
    ///
    /// ```swift
    /// let relay = BehaviorRelay(value: 1)
    /// relay.value   // 1
    /// ```
    public var value: Element {
        // The relay never sends a terminal event nor disposes its subject, so the
        // subject's `value()` could not throw.
        subject.currentValue
    }

    /// Makes `element` the current value and sends it to the current observers.
    ///
    /// ```swift
    /// relay.accept(2)
    /// ```
    ///
    /// - Parameter element: The element to deliver to the subscribers.
    public func accept(_ element: Element) {
        subject.on(next: element)
    }

    /// Subscribes `observer`: it receives the current value at once, then the elements
    /// accepted from now on.
    ///
    /// ```swift
    /// let subscription = relay.subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an ``Observable`` (which never ends).
    ///
    /// ```swift
    /// let values: Observable<Int> = relay.asObservable()
    /// ```
    ///
    /// - Returns: This value as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        subject
    }
}

// Sendable when the elements are: the only stored property is an immutable reference to
// a `BehaviorSubject`, which is `Sendable` under the same condition (its state is guarded by its
// lock).
extension BehaviorRelay: Sendable where Element: Sendable {}
