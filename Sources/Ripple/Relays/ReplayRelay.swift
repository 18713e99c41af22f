/// A ``ReplaySubject`` that never ends: it replays its last elements (all of them, or
/// a given number) to each new subscriber, and only takes elements, with
/// ``accept(_:)``.
///
/// ```
/// create(bufferSize: 2), accept:  -1-2-3------4-
/// early:                          -1-2-3------4-
/// late (after 3):                       (23)--4-
/// ```
///
/// ```swift
/// let log = ReplayRelay<String>.create(bufferSize: 2)
/// log.accept("a"); log.accept("b"); log.accept("c")
/// _ = log.subscribe(onNext: { print($0) })   // prints b, c
/// ```
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// Makes a relay that replays at most the last `bufferSize` elements.
    ///
    /// A negative `bufferSize` is invalid: every subscriber then receives
    /// `RxError.argumentOutOfRange` at once (see ``ReplaySubject/create(bufferSize:)``).
    ///
    /// ```swift
    /// let recent = ReplayRelay<Int>.create(bufferSize: 3)
    /// ```
    ///
    /// - Parameter bufferSize: How many of the latest elements are replayed.
    /// - Returns: A new replaying value.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// Makes a relay that replays every element it ever accepted; it keeps them all in
    /// memory.
    ///
    /// ```swift
    /// let everything = ReplayRelay<Int>.createUnbounded()
    /// ```
    ///
    /// - Returns: A new value that replays every element.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// Keeps `element` for later subscribers and sends it to the current observers.
    ///
    /// ```swift
    /// relay.accept(1)
    /// ```
    ///
    /// - Parameter element: The element to deliver to the subscribers.
    public func accept(_ element: Element) {
        subject.on(next: element)
    }

    /// Subscribes `observer`: it receives the buffered elements at once, then the
    /// elements accepted from now on.
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
// a `ReplaySubject`, which is `Sendable` under the same condition (its state is guarded by its
// lock).
extension ReplayRelay: Sendable where Element: Sendable {}
