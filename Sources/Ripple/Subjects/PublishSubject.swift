/// A subject that sends each event to the observers subscribed at that moment; it
/// replays nothing, except its terminal event to those who subscribe after it.
///
/// ```
/// onNext:        -1---2---3---|
/// early:         -1---2---3---|
/// late (at 2.5):          3---|
/// after the end:              |   (just the terminal event)
/// ```
///
/// ```swift
/// let subject = PublishSubject<String>()
/// subject.onNext("lost")                       // nobody is subscribed yet
/// _ = subject.subscribe(onNext: { print($0) })
/// subject.onNext("hello")                      // prints hello
/// ```
///
/// Thread safety: every method may be called from any thread. Events reach each
/// observer one at a time, in the order the subject accepted them, and no lock is held
/// while observers run. An event sent from inside an observer of this subject (or while
/// another thread is delivering) is delivered right after the event being delivered,
/// not nested inside it; a call from another thread waits for its turn only when 32
/// elements of other threads are already waiting (see <doc:Guarantees>). After
/// `onError` or `onCompleted` further events are ignored.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = PublishSubject<Element>

    private let core = SubjectCore<Element, ClaimsAlsoWithoutLock>()

    /// Makes a subject with no observers.
    override public init() {
        super.init()
    }

    /// Whether any observer is subscribed.
    ///
    /// ```swift
    /// let subject = PublishSubject<Int>()
    /// subject.hasObservers   // false
    /// ```
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        core.isDisposedNow
    }

    /// Sends `event` to the current observers. A terminal event stops the subject: it
    /// removes every observer and is sent to later subscribers too.
    ///
    /// ```swift
    /// subject.on(.next(1))
    /// subject.on(.completed)
    /// ```
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

    /// Sends `element` to the current observers; the same as `on(.next(element))`,
    /// without building the event.
    ///
    /// ```swift
    /// subject.onNext(1)
    /// ```
    ///
    /// - Parameter element: The element to deliver.
    public func onNext(_ element: Element) {
        on(next: element)
    }

    /// Subscribes `observer`: it receives the events sent from now on, or at once the
    /// terminal event if the subject has stopped, or `RxError.disposed` if it was
    /// disposed.
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
        core.subscribe(ElementSubjectObserver(observer), subject: self, replay: { [] })
    }

    /// The observer side of the subject: the subject itself.
    ///
    /// - Returns: This value as an observer.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Drops every observer without sending them anything; later events are ignored
    /// and later subscribers receive `RxError.disposed`.
    ///
    /// ```swift
    /// subject.dispose()
    /// subject.isDisposed   // true
    /// ```
    public func dispose() {
        core.dispose(clearing: {})
    }
}

extension PublishSubject: ElementObserver {
    /// The element road: Ripple's own senders (`bind(to:)`) and ``onNext(_:)`` come here.
    @usableFromInline
    func on(next element: Element) {
        core.emitClaimingWithoutLock(element)
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

// `@unchecked Sendable` when the elements are: every mutable property (its observers and terminal state) is read
// and written only under `core.lock` (the `Lock` in `SubjectCore`), and events reach
// observers one at a time under the core's right to deliver. An element handed to
// `on(_:)` on one thread reaches observers on that or another thread, hence the
// condition on `Element`.
extension PublishSubject: @unchecked Sendable where Element: Sendable {}
