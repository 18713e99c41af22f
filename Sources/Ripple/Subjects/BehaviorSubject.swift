/// A subject that holds a current value: each new subscriber receives it at once,
/// then every later event.
///
/// ```
/// value 0, onNext:  ---1---2---|
/// early:            0--1---2---|
/// late (at 1.5):        1--2---|
/// after the end:               |   (just the terminal event, no value)
/// ```
///
/// ```swift
/// let subject = BehaviorSubject(value: 0)
/// _ = subject.subscribe(onNext: { print($0) })   // prints 0
/// subject.onNext(1)                              // prints 1
/// try subject.value()                            // 1
/// ```
///
/// Thread safety: as for ``PublishSubject``. A new subscriber receives the current
/// value before any newer element, even while other threads emit; a subscriber that
/// subscribes from inside an observer of this subject receives it at once, inside
/// `subscribe`.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    private let core = SubjectCore<Element, ClaimsUnderLock>()
    // Guarded by `core.lock` (see `SubjectCore`), hence no runtime exclusivity checks.
    @exclusivity(unchecked) private var element: Element

    /// Makes a subject whose current value is `value`.
    ///
    /// ```swift
    /// let selection = BehaviorSubject(value: "none")
    /// ```
    ///
    /// - Parameter value: The initial value, sent to each subscriber until a newer one.
    public init(value: Element) {
        element = value
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        core.isDisposedNow
    }

    /// The current value: the initial value or the last element received.
    ///
    /// After `onCompleted` it is still the last element; after `onError` it throws that
    /// error; after ``dispose()`` it throws `RxError.disposed(object:)`.
    ///
    /// ```swift
    /// let subject = BehaviorSubject(value: 1)
    /// try subject.value()   // 1
    /// ```
    ///
    /// - Returns: The latest element, or the initial value.
    public func value() throws -> Element {
        let core = self.core
        let result: Result<Element, Swift.Error> = core.lock.withLock {
            if core.isDisposed {
                return .failure(RxError.disposed(object: self))
            }
            if let error = core.stopEvent?.error {
                return .failure(error)
            }
            return .success(element)
        }
        return try result.get()
    }

    /// Sends `event` to the current observers; an element becomes the current value.
    /// A terminal event stops the subject: it removes every observer and is sent to
    /// later subscribers (without the value).
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

    /// Makes `element` the current value and sends it to the current observers; the
    /// same as `on(.next(element))`, without building the event.
    ///
    /// ```swift
    /// subject.onNext(2)
    /// ```
    ///
    /// - Parameter element: The element to deliver.
    public func onNext(_ element: Element) {
        on(next: element)
    }

    /// Subscribes `observer`: it receives the current value at once, then the events
    /// sent from now on; or, if the subject has stopped, just the terminal event; or,
    /// if it was disposed, `RxError.disposed`.
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
        let core = self.core
        return core.subscribe(ElementSubjectObserver(observer), subject: self, replay: {
            core.isStopped ? [] : [element]
        })
    }

    /// The observer side of the subject: the subject itself.
    ///
    /// - Returns: This value as an observer.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Drops every observer without sending them anything; later events are ignored,
    /// later subscribers receive `RxError.disposed` and ``value()`` throws it.
    public func dispose() {
        core.dispose(clearing: {})
    }

    /// The current value, for ``BehaviorRelay``, whose subject never fails nor is disposed.
    var currentValue: Element {
        core.lock.withLock { element }
    }
}

extension BehaviorSubject: ElementObserver {
    /// The element road: Ripple's own senders (`bind(to:)`) and ``onNext(_:)`` come here.
    @usableFromInline
    func on(next element: Element) {
        core.emit(element, accept: { self.element = element })
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

// `@unchecked Sendable` when the elements are: every mutable property (its observers, terminal state and current `element`) is read
// and written only under `core.lock` (the `Lock` in `SubjectCore`), and events reach
// observers one at a time under the core's right to deliver. An element handed to
// `on(_:)` on one thread reaches observers on that or another thread, hence the
// condition on `Element`.
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
