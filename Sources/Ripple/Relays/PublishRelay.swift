/// A ``PublishSubject`` that never ends: it only takes elements, with ``accept(_:)``,
/// so it can neither fail nor complete.
///
/// ```
/// accept:   -1---2---3---
/// early:    -1---2---3---
/// late:          2---3---   (subscribed between 1 and 2)
/// ```
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// _ = taps.subscribe(onNext: { print("tap") })
/// taps.accept(())   // prints tap
/// ```
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// Makes a relay with no observers.
    public init() {}

    /// Sends `element` to the current observers.
    ///
    /// ```swift
    /// relay.accept(1)
    /// ```
    ///
    /// - Parameter element: The element to deliver to the subscribers.
    public func accept(_ element: Element) {
        subject.on(next: element)
    }

    /// Subscribes `observer`: it receives the elements accepted from now on.
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
// a `PublishSubject`, which is `Sendable` under the same condition (its state is guarded by its
// lock).
extension PublishRelay: Sendable where Element: Sendable {}
