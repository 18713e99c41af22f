
extension ObservableType {
    /// Makes a connectable sequence that, once connected, sends the source's events
    /// through `subject` to all its observers.
    ///
    /// The same subject serves every connection: after the source ends, later
    /// observers get what the subject keeps (its terminal event, a replay buffer).
    ///
    /// ```
    /// source:            -1--2--3--|
    /// connect() at 1.5:  
    /// observer:          ----2--3--|
    /// ```
    ///
    /// ```swift
    /// let shared = source.multicast(PublishSubject<Int>())
    /// _ = shared.subscribe(onNext: { print($0) })
    /// let connection = shared.connect()
    /// ```
    ///
    /// - Parameter subject: The subject every connection shares.
    /// - Returns: A connectable sequence that shares one subscription through `subject`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
        where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Makes a connectable sequence that, once connected, sends the source's events
    /// through a subject made by `makeSubject` to all its observers.
    ///
    /// A subject is made when first needed (by a subscriber or by `connect()`) and
    /// forgotten when its connection is disposed or the source ends, so each connection
    /// starts with a fresh subject; observers of an earlier subject hear nothing more.
    ///
    /// ```
    /// source:                     -1--2--|
    /// connect() at 0:
    /// observer (subscribed at 0): -1--2--|
    /// ```
    ///
    /// ```swift
    /// let shared = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
    /// let connection = shared.connect()
    /// ```
    ///
    /// - Parameters:
    ///   - makeSubject: Makes the subject of each connection, when a subscriber or
    ///     `connect()` first needs it: on the actor it was written on if it is isolated
    ///     to one (subscriptions and `connect()` calls made elsewhere move there, in the
    ///     order they were made), otherwise where that subscription or call is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A connectable sequence that shares one subscription per connection.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject, isolation: (any Actor)? = #isolation) -> ConnectableObservable<Subject.Element>
        where Subject.Observer.Element == Element {
        let connectable = ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return connectable
        }
        return ConnectingOnExecutor(connectable, executor: executor)
    }

    /// For each subscription, makes a subject with `subjectSelector`, lets `selector`
    /// build a sequence from the source shared through it, subscribes to that sequence
    /// and then connects the source.
    ///
    /// ```
    /// source:                     -1--2--|
    /// selector: { zip($0, $0.skip(1)) }
    /// result:                     ----(1,2)--|
    /// ```
    ///
    /// ```swift
    /// let pairs = source.multicast({ PublishSubject<Int>() }, selector: { shared in
    ///     Observable.zip(shared, shared.skip(1))
    /// })
    /// ```
    ///
    /// If either closure throws, the subscription ends with that error.
    ///
    /// - Parameters:
    ///   - subjectSelector: Makes the subject of each subscription: on the actor it was
    ///     written on if it is isolated to one (a subscription made elsewhere moves
    ///     there, and so does its disposal), otherwise where the subscription is made.
    ///   - selector: Builds the result from the shared sequence, right after
    ///     `subjectSelector` and where it runs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The sequence `selector` returns, per subscription.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        Multicast(source: asObservable(), subjectSelector: subjectSelector, selector: selector).subscribing(on: isolation)
    }

    /// Makes a connectable sequence that shares one subscription to the source through
    /// a ``PublishSubject``: observers get the elements sent after they subscribe.
    ///
    /// ```
    /// source:                      -1--2--3--|
    /// connect() at 0, subscribe at 1.5:
    /// observer:                    ----2--3--|
    /// ```
    ///
    /// ```swift
    /// let shared = source.publish()
    /// _ = shared.subscribe(onNext: { print($0) })
    /// let connection = shared.connect()
    /// ```
    ///
    /// - Returns: A connectable sequence that shares one subscription to this sequence.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// Makes a connectable sequence that shares one subscription to the source through
    /// a ``ReplaySubject`` keeping the last `bufferSize` elements, which each new
    /// observer receives first.
    ///
    /// ```
    /// source:                 -1--2--3--|
    /// replay(2), connect() at 0, subscribe at 2.5:
    /// observer:                      (12)3--|
    /// ```
    ///
    /// ```swift
    /// let shared = source.replay(2)
    /// let connection = shared.connect()
    /// ```
    ///
    /// A negative `bufferSize` makes every observer fail with
    /// `RxError.argumentOutOfRange` (RxSwift would crash).
    ///
    /// - Parameter bufferSize: How many of the latest elements are replayed.
    /// - Returns: A connectable sequence that shares one subscription through a
    ///   `ReplaySubject`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// Makes a connectable sequence that shares one subscription to the source through
    /// a ``ReplaySubject`` keeping every element, which each new observer receives
    /// first.
    ///
    /// ```
    /// source:                 -1--2--3--|
    /// connect() at 0, subscribe at 2.5:
    /// observer:                      (123)--|
    /// ```
    ///
    /// ```swift
    /// let shared = source.replayAll()
    /// let connection = shared.connect()
    /// ```
    ///
    /// - Returns: A connectable sequence that replays every element to each new
    ///   subscriber.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}

/// Sends elements to a subject's observer side on the element road when the subject is
/// one of Ripple's own (whose `on(next:)` builds no `Event`), through `onNext` otherwise.
func elementRoad<Observer: ObserverType>(to observer: Observer) -> (Observer.Element) -> Void {
    typealias Element = Observer.Element
    if let subject = observer as? PublishSubject<Element> {
        return { subject.on(next: $0) }
    }
    if let subject = observer as? ReplaySubject<Element> {
        return { subject.on(next: $0) }
    }
    if let subject = observer as? BehaviorSubject<Element> {
        return { subject.on(next: $0) }
    }
    if let subject = observer as? AsyncSubject<Element> {
        return { subject.on(next: $0) }
    }
    return { observer.on(.next($0)) }
}

/// The connectable sequence of `multicast`, `publish`, `replay` and `replayAll`.
final private class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    typealias SourceElement = Subject.Observer.Element

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject

    private let lock = Lock()
    // Guarded by `lock`: the subject of the current (or next) connection, and the
    // current connection. Both are forgotten when that connection ends.
    private var subject: Subject?
    private var connection: MulticastConnection<Subject>?
    // Guarded by `lock`: how many subjects have been forgotten.
    private var era: UInt64 = 0

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    /// The current subject, made if there is none, with the number of subjects
    /// forgotten so far. `makeSubject` runs outside the lock; if another thread
    /// installed a subject meanwhile, that one wins.
    private func currentSubject() -> (subject: Subject, era: UInt64) {
        if let current = lock.withLock({ subject.map { ($0, era) } }) {
            return current
        }
        let made = makeSubject()
        return lock.withLock {
            if let subject {
                return (subject, era)
            }
            subject = made
            return (made, era)
        }
    }

    override func connect() -> Disposable {
        while true {
            let current = currentSubject()
            let decided: (connection: MulticastConnection<Subject>, isNew: Bool)? = lock.withLock {
                if let connection {
                    return (connection, false)
                }
                // A connection that ended since `currentSubject()` forgot that subject:
                // this connection must not reuse it, so start over.
                guard era == current.era else {
                    return nil
                }
                let connection = MulticastConnection(parent: self, subjectObserver: current.subject.asObserver())
                self.connection = connection
                return (connection, true)
            }
            guard let decided else {
                continue
            }
            if decided.isNew {
                decided.connection.start(source)
            }
            return decided.connection
        }
    }

    /// Forgets `connection` (and its subject) if it is still the current one.
    fileprivate func ended(_ connection: MulticastConnection<Subject>) {
        let dropped: (Subject?, MulticastConnection<Subject>?) = lock.withLock {
            guard self.connection === connection else {
                return (nil, nil)
            }
            defer {
                self.subject = nil
                self.connection = nil
                era &+= 1
            }
            return (self.subject, self.connection)
        }
        // Released here, after the lock.
        withExtendedLifetime(dropped) {}
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Subject.Element {
        currentSubject().subject.subscribe(observer)
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Subject.Element {
        currentSubject().subject.asObservable().subscribe(elementObserver: observer)
    }
}

/// A connectable sequence whose subscriptions and `connect()` calls run on an actor's
/// executor, for a `makeSubject` isolated to that actor: at once when made there,
/// otherwise posted, in the order they were made (one executor serves both). Disposing
/// a subscription also moves there; disposing a connection does not (no closure of the
/// caller's runs then).
final private class ConnectingOnExecutor<Element>: ConnectableObservable<Element> {
    private let connectable: ConnectableObservable<Element>
    private let executor: IsolationExecutor
    private let subscribed: Observable<Element>

    init(_ connectable: ConnectableObservable<Element>, executor: IsolationExecutor) {
        self.connectable = connectable
        self.executor = executor
        subscribed = connectable.subscribe(on: executor)
        super.init()
    }

    override func connect() -> Disposable {
        executor.schedule(connectable) { $0.connect() }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribed.subscribe(observer)
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        subscribed.subscribe(elementObserver: observer)
    }
}

/// One connection of a ``ConnectableObservableAdapter``: observes the source and
/// forwards to the subject; disposing it (or the source ending) unsubscribes from the
/// source and makes the adapter forget it.
final private class MulticastConnection<Subject: SubjectType>: ElementObserver, Disposable {
    typealias Element = Subject.Observer.Element

    private let subjectObserver: Subject.Observer
    private let forwardNext: (Element) -> Void
    private let subscription = SingleAssignmentDisposable()
    private let disposed = AtomicValue<Bool>(false)
    // Set in `init`; read and cleared only by the one `dispose()` that sets `disposed`.
    private var parent: ConnectableObservableAdapter<Subject>?

    init(parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.parent = parent
        self.subjectObserver = subjectObserver
        forwardNext = elementRoad(to: subjectObserver)
    }

    func start(_ source: Observable<Element>) {
        subscription.setDisposable(source.subscribe(elementObserver: self))
    }

    func on(next element: Element) {
        if disposed.load(ordering: .acquiring) {
            return
        }
        forwardNext(element)
    }

    func on(error: Swift.Error) {
        end(.error(error))
    }

    func onCompletion() {
        end(.completed)
    }

    /// As in RxSwift: the connection ends first, so an observer that reconnects on the
    /// terminal event gets a new connection and a new subject.
    private func end(_ event: Event<Element>) {
        if disposed.load(ordering: .acquiring) {
            return
        }
        dispose()
        subjectObserver.on(event)
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        let parent = self.parent
        self.parent = nil
        parent?.ended(self)
        subscription.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// `multicast(_:selector:)`: one subject and one connection per subscription.
final private class Multicast<Subject: SubjectType, Result>: Producer<Result> {
    let source: Observable<Subject.Observer.Element>
    let subjectSelector: () throws -> Subject
    let selector: (Observable<Subject.Element>) throws -> Observable<Result>

    init(
        source: Observable<Subject.Observer.Element>,
        subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
        super.init()
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = MulticastSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class MulticastSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    func run<Subject: SubjectType>(_ parent: Multicast<Subject, Element>) -> Disposable {
        do {
            let subject = try parent.subjectSelector()
            let connectable = ConnectableObservableAdapter(source: parent.source, makeSubject: { subject })
            let observable = try parent.selector(connectable.asObservable())
            let subscription = observable.subscribe(elementObserver: self)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        } catch {
            forwardErrorAndDispose(error)
            return Disposables.create()
        }
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }
}
