import Ripple

/// A scripted source for tests: sends recorded events at their virtual times and
/// records when it was subscribed and unsubscribed.
///
/// Made by ``TestScheduler/createHotObservable(_:)`` (events at absolute times,
/// whoever is subscribed then receives them) or ``TestScheduler/createColdObservable(_:)``
/// (events at times relative to each subscription).
// `@unchecked Sendable`: `subscriptionLog` is read and written only under `lock`.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The scripted events.
    public let recordedEvents: [Recorded<Event<Element>>]
    let scheduler: TestScheduler
    private let lock = Lock()
    private var subscriptionLog: [Subscription] = []

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = events
    }

    /// Every subscription so far, with its disposal time if disposed.
    public var subscriptions: [Subscription] {
        var copy: [Subscription] = []
        lock.withLock { copy = subscriptionLog }
        return copy
    }

    /// Subscribes `observer`; implemented by the hot and cold kinds.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("TestableObservable is abstract; use createHotObservable or createColdObservable")
    }

    /// Records a subscription starting now; returns its index for ``recordUnsubscribe(_:)``.
    func recordSubscribe() -> Int {
        let now = scheduler.clock
        var index = 0
        lock.withLock {
            subscriptionLog.append(Subscription(now))
            index = subscriptionLog.count - 1
        }
        return index
    }

    /// Marks the subscription at `index` as disposed now.
    func recordUnsubscribe(_ index: Int) {
        let now = scheduler.clock
        lock.withLock {
            subscriptionLog[index] = Subscription(subscriptionLog[index].subscribe, now)
        }
    }
}

/// Sends each recorded event at its absolute virtual time to whoever is subscribed.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // `@unchecked Sendable`: `observers` is read and written only under `observersLock`.
    private let observersLock = Lock()
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextObserverKey = 0

    override init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        super.init(scheduler: scheduler, events: events)
        for recorded in events {
            scheduler.scheduleAt(recorded.time) { [weak self] in
                self?.send(recorded.value)
            }
        }
    }

    private func send(_ event: Event<Element>) {
        var current: [AnyObserver<Element>] = []
        observersLock.withLock {
            current = observers.keys.sorted().map { observers[$0]! }
        }
        for observer in current {
            observer.on(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        var key = 0
        observersLock.withLock {
            key = nextObserverKey
            nextObserverKey += 1
            observers[key] = AnyObserver(observer)
        }
        let index = recordSubscribe()
        return Disposables.create {
            self.observersLock.withLock {
                _ = self.observers.removeValue(forKey: key)
            }
            self.recordUnsubscribe(index)
        }
    }
}

/// Sends each recorded event at its time relative to each subscription.
// `@unchecked Sendable`: `deliveryLog` is read and written only under `deliveryLock`; the
// superclass guards its subscription log with its lock, and each subscription's
// scheduled work lives in a CompositeDisposable.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private let deliveryLock = Lock()
    /// Each event sent, with the index of the subscription it went to.
    private var deliveryLog: [(subscription: Int, event: Recorded<Event<Element>>)] = []

    /// Every event sent to any subscription so far, in the order sent.
    var deliveries: [Recorded<Event<Element>>] {
        var copy: [Recorded<Event<Element>>] = []
        deliveryLock.withLock { copy = deliveryLog.map(\.event) }
        return copy
    }

    /// The events sent to one subscription (by its index in ``subscriptions``) so far, at
    /// the absolute time each was sent: what ``MarbleSVG`` draws for a cold source (an
    /// event cancelled by a disposal at its own time is not in it).
    func deliveries(toSubscription index: Int) -> [Recorded<Event<Element>>] {
        var copy: [Recorded<Event<Element>>] = []
        deliveryLock.withLock { copy = deliveryLog.filter { $0.subscription == index }.map(\.event) }
        return copy
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = recordSubscribe()
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            _ = scheduled.insert(scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { [weak self, scheduler] _ in
                let sent = Recorded(time: scheduler.clock, value: recorded.value)
                if let self {
                    deliveryLock.withLock { deliveryLog.append((index, sent)) }
                }
                observer.on(recorded.value)
                return Disposables.create()
            })
        }
        return Disposables.create {
            self.recordUnsubscribe(index)
            scheduled.dispose()
        }
    }
}
