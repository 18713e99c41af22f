/// A subject that sends only its last element, and only when it completes: on
/// `onCompleted` every observer (and every later subscriber) receives the last element
/// followed by `completed`, or just `completed` if there was none; on `onError`, just
/// the error.
///
/// ```
/// onNext:         -1---2---3---|
/// early:          -------------(3|)
/// late (at 2.5):  -------------(3|)
/// after the end:               (3|)
/// ```
///
/// ```swift
/// let result = AsyncSubject<Int>()
/// _ = result.subscribe(onNext: { print($0) }, onCompleted: { print("done") })
/// result.onNext(1)
/// result.onNext(2)
/// result.onCompleted()   // prints 2, then done
/// ```
///
/// Thread safety: as for ``PublishSubject``. Like RxSwift's, it has no `dispose()`.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType {
    /// The observer side of the subject: the subject itself.
    public typealias SubjectObserverType = AsyncSubject<Element>

    private let core = SubjectCore<Element, ClaimsUnderLock>()
    // Guarded by `core.lock` (see `SubjectCore`), hence no runtime exclusivity checks.
    @exclusivity(unchecked) private var lastElement: Element?

    /// Makes a subject with no observers and no element.
    override public init() {
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Keeps an element as the last one; on `.completed` sends the last element and
    /// `completed` to every observer, on `.error` the error. After a terminal event
    /// further events are ignored.
    ///
    /// - Parameter event: The event to deliver to the subscribers.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error, .completed:
            stop(event)
        }
    }

    /// Keeps `element` as the last one; the same as `on(.next(element))`.
    ///
    /// - Parameter element: The element to deliver.
    public func onNext(_ element: Element) {
        on(next: element)
    }

    private func stop(_ event: Event<Element>) {
        core.stop(event, after: { event.isCompleted ? lastElement : nil })
    }

    /// Subscribes `observer`: it receives the outcome when the subject ends; if the
    /// subject has already ended, it receives it at once.
    ///
    /// ```swift
    /// let subscription = result.subscribe(onNext: { print($0) })
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
            if let lastElement, core.stopEvent?.isCompleted == true {
                return [lastElement]
            }
            return []
        })
    }

    /// The observer side of the subject: the subject itself.
    ///
    /// - Returns: This value as an observer.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }
}

extension AsyncSubject: ElementObserver {
    /// The element road: Ripple's own senders (`bind(to:)`) and ``onNext(_:)`` come here.
    @usableFromInline
    func on(next element: Element) {
        let core = self.core
        core.lock.withLock {
            if core.isAccepting {
                lastElement = element
            }
        }
    }

    /// The error road: stops the subject with `error`, as ``on(_:)`` does.
    @usableFromInline
    func on(error: Swift.Error) {
        stop(.error(error))
    }

    /// The completion road: stops the subject, as ``on(_:)`` does.
    @usableFromInline
    func onCompletion() {
        stop(.completed)
    }
}

// `@unchecked Sendable` when the elements are: every mutable property (its observers, terminal state and `lastElement`) is read
// and written only under `core.lock` (the `Lock` in `SubjectCore`), and events reach
// observers one at a time under the core's right to deliver. An element handed to
// `on(_:)` on one thread reaches observers on that or another thread, hence the
// condition on `Element`.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
