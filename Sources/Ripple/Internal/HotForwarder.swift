
/// A minimal hot, multicasting sequence: the events it is given go to every observer
/// subscribed at that moment.
///
/// `groupBy` uses one per group, where RxSwift uses a `PublishSubject`; it is internal
/// and holds only what a group needs:
///
/// - **Hot**: subscribing starts nothing, and a subscriber receives only what is
///   forwarded after it subscribed; nothing is replayed.
/// - **Multicast**: each event goes to all current subscribers, in the order they
///   subscribed.
/// - **Terminal event kept**: after `.error` or `.completed`, later events are ignored,
///   and a late subscriber receives that terminal event at once.
/// - **Thread-safe**: subscribing and disposing may happen on any thread, while events
///   arrive on another (serialised among themselves, as the grammar demands). The
///   subscriber list is guarded by a ``Lock`` that is never held while an observer runs;
///   each event goes to the list as it was when the event arrived, minus subscriptions
///   disposed since.
final class HotForwarder<Element>: Observable<Element>, ElementObserver {
    private let lock = Lock()
    // Guarded by `lock`. Emptied by the terminal event.
    private var subscribers: ContiguousArray<HotForwarderSubscription<Element>> = []
    // Guarded by `lock`. The terminal event, once it has arrived.
    private var stopEvent: Event<Element>?

    override init() {
        super.init()
    }

    func on(next element: Element) {
        let current = lock.withLock { subscribers }
        for subscription in current {
            subscription.send(next: element)
        }
    }

    func on(error: Swift.Error) {
        end(.error(error))
    }

    func onCompletion() {
        end(.completed)
    }

    /// Keeps the terminal event for later subscribers and sends it to the current ones;
    /// only the first terminal event counts.
    private func end(_ event: Event<Element>) {
        let current: ContiguousArray<HotForwarderSubscription<Element>> = lock.withLock {
            guard stopEvent == nil else { return [] }
            stopEvent = event
            defer { subscribers = [] }
            return subscribers
        }
        for subscription in current {
            subscription.send(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(elementObserver: ElementObserverAdapter(observer))
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        let subscription = HotForwarderSubscription(observer: AnyObserver(observer), forwarder: self)
        let stopEvent: Event<Element>? = lock.withLock {
            if let stopEvent = self.stopEvent {
                return stopEvent
            }
            subscribers.append(subscription)
            return nil
        }
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        return subscription
    }

    fileprivate func remove(_ subscription: HotForwarderSubscription<Element>) {
        lock.withLock {
            if let index = subscribers.firstIndex(where: { $0 === subscription }) {
                subscribers.remove(at: index)
            }
        }
    }
}

/// One observer's place in a ``HotForwarder``; disposing it removes the observer.
final private class HotForwarderSubscription<Element>: Disposable {
    private let observer: AnyObserver<Element>
    private let disposed = AtomicValue<Bool>(false)
    // Cleared by `dispose()`; read only by the one call that sets `disposed`.
    private var forwarder: HotForwarder<Element>?

    init(observer: AnyObserver<Element>, forwarder: HotForwarder<Element>) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.observer = observer
        self.forwarder = forwarder
    }

    func send(next element: Element) {
        if !disposed.load(ordering: .relaxed) {
            observer.onNext(element)
        }
    }

    func send(_ event: Event<Element>) {
        if !disposed.load(ordering: .relaxed) {
            observer.on(event)
        }
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        let forwarder = self.forwarder
        self.forwarder = nil
        forwarder?.remove(self)
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
