extension ObservableType {
    /// Subscribes again after a failure when the sequence built by
    /// `notificationHandler` says so.
    ///
    /// For each subscription, `notificationHandler` receives the sequence of this
    /// sequence's errors (only those of type `Error`) and returns a *trigger*. After a
    /// failure, the trigger's next element subscribes to this sequence again; if the
    /// trigger completes, the result completes; if it fails, the result fails with its
    /// error. An error that is not an `Error` ends the result at once. A trigger that
    /// ends before any failure ends the result only at the next failure.
    ///
    /// ```
    /// source (1st try):  -1-x
    /// errors:               -e
    /// trigger:              ---t
    /// source (2nd try):         -1-2-|
    /// retry(when:):      -1------1-2-|
    /// ```
    ///
    /// ```swift
    /// request.retry(when: { (errors: Observable<URLError>) in
    ///     errors.delay(.seconds(1), scheduler: MainScheduler.instance)   // wait, then retry
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors and returns the trigger: each element
    ///     starts a new attempt; its end ends the result. It runs once per subscription,
    ///     when the subscription is made: on the actor it was written on if it is
    ///     isolated to one (a subscription made elsewhere moves there, and so does its
    ///     disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements of every attempt.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler).subscribing(on: isolation)
    }

    /// Subscribes again after a failure when the sequence built by
    /// `notificationHandler` says so; the handler receives every error.
    ///
    /// The same as the typed `retry(when:)`, for errors of any type: after a failure,
    /// the trigger's next element subscribes again, its completion completes the
    /// result and its error fails it.
    ///
    /// ```
    /// source (each try):  -1-x
    /// trigger:               -t   (the errors, as they come)
    /// retry(when: { $0 }): -1--1--1- …
    /// ```
    ///
    /// ```swift
    /// source.retry(when: { errors in
    ///     errors.take(3)   // up to three retries, then complete
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors and returns the trigger: each element
    ///     starts a new attempt; its end ends the result. It runs once per subscription,
    ///     when the subscription is made: on the actor it was written on if it is
    ///     isolated to one (a subscription made elsewhere moves there, and so does its
    ///     disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements of every attempt.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler).subscribing(on: isolation)
    }
}

/// `retry(when:)`; `Failure` is the error type the handler receives (`any Error` for
/// the untyped variant, which matches every error).
final private class RetryWhen<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: Producer<Element> {
    typealias NotificationHandler = (Observable<Failure>) -> TriggerObservable

    let source: Observable<Element>
    let notificationHandler: NotificationHandler

    init(source: Observable<Element>, notificationHandler: @escaping NotificationHandler) {
        self.source = source
        self.notificationHandler = notificationHandler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RetryWhenSink<Observer, TriggerObservable, Failure>(source: source, observer: observer, cancel: cancel)
        let subscription = sink.run(notificationHandler)
        return (sink: sink, subscription: subscription)
    }
}

/// How the trigger ended.
private enum TriggerEnd {
    case completed
    case failed(Swift.Error)
}

/// One subscription to a `retry(when:)`.
///
/// The handler is called at subscription with this subscription's `errors`, and its
/// trigger is subscribed before the first attempt. A failed attempt is disposed, marks
/// the sink as *awaiting the trigger*, and is sent into `errors`; while the sink
/// awaits, the trigger's elements start new attempts and its end ends the result. A
/// trigger that ends while nobody awaits is remembered and acted on at the next
/// failure (in RxSwift the trigger feeds a subject, which replays its end to the next
/// failed attempt).
///
/// Attempts start behind the same kind of gate as `retry()` (see
/// `CatchSequenceSink`), so a source that fails synchronously, with a trigger that
/// answers synchronously, is retried in a loop, not by recursion. The trigger and the
/// source may run on different threads: the state they share lives under `lock`, and
/// exactly one of them delivers the terminal event.
final private class RetryWhenSink<Observer: ElementObserver, TriggerObservable: ObservableType, Failure: Swift.Error>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let source: Observable<Element>
    private let errors = ErrorRelay<Failure>()
    private let attempt = SerialDisposable()
    private let lock = Lock()
    // Guarded by `lock`.
    private let attempts = SerializationPoint<Void, ClaimsUnderLock>()
    private var awaitingTrigger = false
    private var triggerEnd: TriggerEnd?
    private var finished = false

    init(source: Observable<Element>, observer: Observer, cancel: SinkDisposer) {
        self.source = source
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ notificationHandler: (Observable<Failure>) -> TriggerObservable) -> Disposable {
        let trigger = notificationHandler(errors)
        let triggerSubscription = trigger.asObservable().subscribe(elementObserver: RetryTriggerObserver(sink: self))
        startAttempt()
        return Disposables.create(attempt, triggerSubscription)
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        attemptFailed(error)
    }

    func onCompletion() {
        finish(.completed)
    }

    private func attemptFailed(_ error: Swift.Error) {
        if isDisposed {
            return
        }
        guard let failure = error as? Failure else {
            finish(.error(error))
            return
        }
        attempt.disposable = Disposables.create()
        let end: TriggerEnd? = lock.withLock {
            awaitingTrigger = true
            return triggerEnd
        }
        if let end {
            triggerEnded(end)
            return
        }
        errors.on(next: failure)
    }

    /// The trigger's element: starts the next attempt if a failed one awaits it.
    func triggerFired() {
        let awaiting = lock.withLock { awaitingTrigger && !finished }
        if awaiting {
            startAttempt()
        }
    }

    /// The trigger's end: ends the result if a failed attempt awaits the trigger,
    /// otherwise waits for the next failure.
    func triggerEnded(_ end: TriggerEnd) {
        let awaiting: Bool = lock.withLock {
            if awaitingTrigger {
                return true
            }
            triggerEnd = end
            return false
        }
        guard awaiting else { return }
        switch end {
        case .completed:
            finish(.completed)
        case .failed(let error):
            finish(.error(error))
        }
    }

    private func startAttempt() {
        let acting: Bool = lock.withLock {
            return attempts.claim(orLeaveWithoutWaiting: ())
        }
        guard acting else { return }
        subscribeToSource()
        attempts.finishTurn(under: lock) { subscribeToSource() }
    }

    private func subscribeToSource() {
        if isDisposed {
            return
        }
        lock.withLock { awaitingTrigger = false }
        let slot = SingleAssignmentDisposable()
        attempt.disposable = slot
        slot.setDisposable(source.subscribe(elementObserver: self))
    }

    /// Delivers the terminal event, once, whichever of the source and the trigger
    /// asks first.
    private func finish(_ event: Event<Element>) {
        let first: Bool = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        forwardOn(event)
        dispose()
    }
}

/// Observes the trigger for a ``RetryWhenSink``.
final private class RetryTriggerObserver<Observer: ElementObserver, TriggerObservable: ObservableType, Failure: Swift.Error>: ElementObserver {
    typealias Element = TriggerObservable.Element

    private let sink: RetryWhenSink<Observer, TriggerObservable, Failure>

    init(sink: RetryWhenSink<Observer, TriggerObservable, Failure>) {
        self.sink = sink
    }

    func on(next element: Element) {
        sink.triggerFired()
    }

    func on(error: Swift.Error) {
        sink.triggerEnded(.failed(error))
    }

    func onCompletion() {
        sink.triggerEnded(.completed)
    }
}

/// The `errors` sequence a `retry(when:)` handler receives: sends each failure of
/// the source to everyone subscribed at that moment, and never ends (the trigger's
/// subscription, and with it every subscription to `errors`, is disposed with the
/// retrying subscription).
final private class ErrorRelay<Failure>: Observable<Failure> {
    private let lock = Lock()
    // Guarded by `lock`, in subscription order.
    private var observers: [(key: Int, on: (Event<Failure>) -> Void)] = []
    private var nextKey = 0

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let key: Int = lock.withLock {
            let key = nextKey
            nextKey += 1
            observers.append((key: key, on: observer.on))
            return key
        }
        return Disposables.create { [weak self] in
            self?.unsubscribe(key)
        }
    }

    private func unsubscribe(_ key: Int) {
        lock.withLock {
            observers.removeAll { $0.key == key }
        }
    }

    func on(next failure: Failure) {
        let current = lock.withLock { observers }
        for observer in current {
            observer.on(.next(failure))
        }
    }
}
