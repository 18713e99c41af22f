/// A subject that keeps the last elements it received (all of them, or a given number)
/// and replays them to each new subscriber, before the events that follow.
///
/// ```
/// create(bufferSize: 2), onNext:  -1-2-3------4-|
/// early:                          -1-2-3------4-|
/// late (after 3):                       (23)--4-|
/// after the end:                                (34|)   (buffer, then the terminal event)
/// ```
///
/// ```swift
/// let subject = ReplaySubject<Int>.create(bufferSize: 2)
/// subject.onNext(1)
/// subject.onNext(2)
/// subject.onNext(3)
/// _ = subject.subscribe(onNext: { print($0) })   // prints 2, 3
/// ```
///
/// Thread safety: as for ``PublishSubject``. A new subscriber receives the buffer before
/// any newer element, even while other threads emit; a subscriber that subscribes from
/// inside an observer of this subject receives it at once, inside `subscribe`.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = ReplaySubject<Element>

    private let core = SubjectCore<Element, ClaimsUnderLock>()
    // Guarded by `core.lock` (see `SubjectCore`), hence no runtime exclusivity checks.
    @exclusivity(unchecked) private var buffer: ReplayBuffer<Element>
    private let bufferSizeIsValid: Bool

    private init(bufferSize: Int?) {
        buffer = ReplayBuffer(limit: bufferSize)
        bufferSizeIsValid = (bufferSize ?? 0) >= 0
        super.init()
    }

    /// Makes a subject that replays at most the last `bufferSize` elements.
    ///
    /// A `bufferSize` of 0 replays no element (only the terminal event). A negative
    /// `bufferSize` is invalid: every subscriber then receives
    /// `RxError.argumentOutOfRange` at once (RxSwift would hang).
    ///
    /// ```swift
    /// let lastThree = ReplaySubject<String>.create(bufferSize: 3)
    /// ```
    ///
    /// - Parameter bufferSize: How many of the latest elements are replayed.
    /// - Returns: A new replaying value.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize)
    }

    /// Makes a subject that replays every element it ever received. Use it only where
    /// the number of elements stays reasonable: it keeps them all in memory.
    ///
    /// ```swift
    /// let history = ReplaySubject<String>.createUnbounded()
    /// ```
    ///
    /// - Returns: A new value that replays every element.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Keeps an element for later subscribers and sends it to the current observers;
    /// a terminal event stops the subject: it removes every observer and is replayed,
    /// after the buffer, to later subscribers.
    ///
    /// - Parameter event: The event to deliver to the subscribers.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error, .completed:
            core.stop(event)
        }
    }

    /// Keeps `element` for later subscribers and sends it to the current observers;
    /// the same as `on(.next(element))`, without building the event.
    ///
    /// - Parameter element: The element to deliver.
    public func onNext(_ element: Element) {
        on(next: element)
    }

    /// Subscribes `observer`: it receives the buffered elements at once, then the
    /// events sent from now on (or, if the subject has stopped, the terminal event);
    /// or, if the subject was disposed, `RxError.disposed`.
    ///
    /// ```swift
    /// let subscription = subject.subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    override public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(elementObserver: ElementObserverAdapter(observer))
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        guard bufferSizeIsValid else {
            return refuseInvalidBufferSize(observer)
        }
        return core.subscribe(ElementSubjectObserver(observer), subject: self, replay: { buffer.elements })
    }

    @inline(never)
    private func refuseInvalidBufferSize<Observer: ElementObserver>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        observer.on(.error(RxError.argumentOutOfRange))
        return Disposables.create()
    }

    /// The observer side of the subject: the subject itself.
    ///
    /// - Returns: This value as an observer.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Drops every observer and the buffer; later events are ignored and later
    /// subscribers receive `RxError.disposed`.
    public func dispose() {
        core.dispose(clearing: { buffer.removeAll() })
    }
}

extension ReplaySubject: ElementObserver {
    /// The element road: Ripple's own senders (`bind(to:)`) and ``onNext(_:)`` come here.
    @usableFromInline
    func on(next element: Element) {
        core.emit(element, accept: { buffer.append(element) })
    }

    /// The error road: stops the subject with `error`, as ``on(_:)`` does.
    @usableFromInline
    func on(error: Swift.Error) {
        core.stop(.error(error))
    }

    /// The completion road: stops the subject, as ``on(_:)`` does.
    @usableFromInline
    func onCompletion() {
        core.stop(.completed)
    }
}

// `@unchecked Sendable` when the elements are: every mutable property (its observers, terminal state and replay `buffer`) is read
// and written only under `core.lock` (the `Lock` in `SubjectCore`), and events reach
// observers one at a time under the core's right to deliver. An element handed to
// `on(_:)` on one thread reaches observers on that or another thread, hence the
// condition on `Element`.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
