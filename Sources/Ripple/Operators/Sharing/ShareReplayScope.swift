
/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives.
///
/// ```swift
/// let perConnection = source.share(replay: 1, scope: .whileConnected)
/// let once = source.share(replay: 1, scope: .forever)
/// ```
public enum SubjectLifetimeScope: Sendable {
    /// Each connection to the source has its own subject: when the source ends, or the
    /// last observer leaves, the subject and what it replays are dropped, and the next
    /// observer starts a fresh subscription to the source (so `retry` and `repeat`
    /// work as expected). Like `multicast(makeSubject:).refCount()`. The default.
    case whileConnected
    /// One subject serves every connection: a new connection may replay elements of an
    /// earlier one, and after the source ends every new observer receives the replayed
    /// elements and the terminal event at once, without subscribing to the source
    /// again. Like `multicast(subject).refCount()`.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all observers, replaying the last
    /// `replay` elements to each new observer; the source is subscribed when the first
    /// observer arrives and unsubscribed when the last one leaves.
    ///
    /// ```
    /// source:               -1--2--3--|
    /// share(replay: 1)
    /// A (from 0):           -1--2--3--|
    /// B (from 1.5):            12--3--|
    /// source subscribed once
    /// ```
    ///
    /// ```swift
    /// let user = loadUser().share(replay: 1)
    /// _ = user.subscribe(onNext: { print("header", $0) })
    /// _ = user.subscribe(onNext: { print("sidebar", $0) })   // no second load
    /// ```
    ///
    /// With `.whileConnected` (the default) Ripple picks the connection a new observer
    /// joins under the same lock that decides disconnection, for every `replay`; it
    /// behaves as `multicast(makeSubject:).refCount()`, as RxSwift's does. A negative
    /// `replay` makes every observer fail with `RxError.argumentOutOfRange` (RxSwift
    /// would crash).
    ///
    /// - Parameters:
    ///   - replay: How many of the latest elements each new subscriber receives.
    ///   - scope: Whether the replayed elements survive the last subscriber
    ///     (`.forever`) or not (`.whileConnected`).
    /// - Returns: A sequence that shares one subscription among its subscribers.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            if replay == 0 {
                return multicast(PublishSubject()).refCount()
            }
            return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
        case .whileConnected:
            if replay == 0 {
                return ShareWhileConnected(source: asObservable(), makeSubject: { PublishSubject() })
            }
            return ShareWhileConnected(source: asObservable(), makeSubject: { ReplaySubject.create(bufferSize: replay) })
        }
    }
}

/// `share(replay:scope: .whileConnected)`: a subject per connection, the connection
/// chosen and counted under one lock, no lock held while events flow.
final private class ShareWhileConnected<Element, Subject: Observable<Element> & ElementObserver>: Observable<Element>
    where Subject.Element == Element {
    let source: Observable<Element>
    let makeSubject: () -> Subject

    let lock = Lock()
    // Guarded by `lock`: the connection new observers join; `nil` when none.
    private var connection: ShareConnection<Element, Subject>?

    init(source: Observable<Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(elementObserver: ElementObserverAdapter(observer))
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        // The subject is made outside the lock and dropped if a connection exists.
        var spare: Subject?
        while true {
            let joined: (connection: ShareConnection<Element, Subject>, isFirst: Bool)? = lock.withLock {
                if let connection {
                    connection.count += 1
                    return (connection, false)
                }
                guard let subject = spare else {
                    return nil
                }
                let connection = ShareConnection(parent: self, subject: subject)
                connection.count = 1
                self.connection = connection
                return (connection, true)
            }
            guard let joined else {
                spare = makeSubject()
                continue
            }
            let subscription = joined.connection.subject.subscribe(elementObserver: observer)
            if joined.isFirst {
                joined.connection.connect(source)
            }
            return ShareSubscription(parent: self, connection: joined.connection, subscription: subscription)
        }
    }

    /// An observer of `connection` left: the last one disconnects it.
    fileprivate func leave(_ connection: ShareConnection<Element, Subject>) {
        let disconnect: Bool = lock.withLock {
            connection.count -= 1
            guard connection.count == 0 else {
                return false
            }
            if self.connection === connection {
                self.connection = nil
            }
            return true
        }
        if disconnect {
            connection.disconnect()
        }
    }

    /// The source of `connection` ended: new observers start a new connection.
    fileprivate func ended(_ connection: ShareConnection<Element, Subject>) {
        lock.withLock {
            if self.connection === connection {
                self.connection = nil
            }
        }
    }
}

/// One connection of `share(…, scope: .whileConnected)`: its subject and its
/// subscription to the source.
final private class ShareConnection<Element, Subject: Observable<Element> & ElementObserver>: ElementObserver
    where Subject.Element == Element {
    let subject: Subject
    private let parent: ShareWhileConnected<Element, Subject>
    private let subscription = SingleAssignmentDisposable()
    // Guarded by `parent.lock`: how many observers joined and have not left.
    var count = 0

    init(parent: ShareWhileConnected<Element, Subject>, subject: Subject) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.parent = parent
        self.subject = subject
    }

    func connect(_ source: Observable<Element>) {
        subscription.setDisposable(source.subscribe(elementObserver: self))
    }

    func disconnect() {
        subscription.dispose()
    }

    func on(next element: Element) {
        subject.on(next: element)
    }

    // Forgotten first, so an observer that resubscribes on the terminal event starts
    // a new connection.
    func on(error: Swift.Error) {
        parent.ended(self)
        subject.on(error: error)
        subscription.dispose()
    }

    func onCompletion() {
        parent.ended(self)
        subject.onCompletion()
        subscription.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// One observer's place in a `share` connection.
final private class ShareSubscription<Element, Subject: Observable<Element> & ElementObserver>: Disposable
    where Subject.Element == Element {
    private let parent: ShareWhileConnected<Element, Subject>
    private let connection: ShareConnection<Element, Subject>
    private let subscription: Disposable
    private let disposed = AtomicValue<Bool>(false)

    init(parent: ShareWhileConnected<Element, Subject>, connection: ShareConnection<Element, Subject>, subscription: Disposable) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.parent = parent
        self.connection = connection
        self.subscription = subscription
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        subscription.dispose()
        parent.leave(connection)
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
