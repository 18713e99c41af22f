extension ObservableType {
    /// Splits the elements into groups by the key `keySelector` gives them: sends a
    /// ``GroupedObservable`` the first time each key appears, and each element through
    /// its key's group.
    ///
    /// Groups are hot: a group's subscriber receives the elements that arrive after it
    /// subscribed (the element that opened a group is sent right after the group, so a
    /// subscription made on receiving the group sees it). When the source completes or
    /// fails, every group and then the outer sequence end the same way, and a group
    /// subscribed later receives that end at once. If `keySelector` throws, the groups
    /// and the outer sequence end with its error.
    ///
    /// Until it ends, the source stays subscribed while the outer subscription *or* any
    /// group subscription lives: disposing the outer subscription stops new groups from
    /// being sent, but the groups already subscribed keep receiving elements. Once all
    /// are disposed, the source is unsubscribed and the groups receive nothing more.
    ///
    /// ```
    /// source:              -1-2-3-4-5-|
    /// groupBy { $0 % 2 }:  -A-B-------|
    /// group A (key 1):     -1---3---5-|
    /// group B (key 0):     ---2---4---|
    /// ```
    ///
    /// ```swift
    /// Observable.of("apple", "avocado", "banana")
    ///     .groupBy { $0.first! }
    ///     .subscribe(onNext: { group in
    ///         _ = group.subscribe(onNext: { print(group.key, $0) })
    ///     })
    /// // a apple, a avocado, b banana
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Gives each element's key; called once per element: on the actor
    ///     it was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first, and the groups then send them there), otherwise on the thread that
    ///     sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of groups, one per key, each a sequence of its elements.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key, isolation: (any Actor)? = #isolation) -> Observable<GroupedObservable<Key, Element>> {
        GroupBy(source: delivering(to: isolation), keySelector: keySelector).deliveringOnMainActor(if: isolation)
    }
}

/// The elements of one group made by ``ObservableType/groupBy(keySelector:isolation:)``, with the
/// key they share.
///
/// ```swift
/// numbers.groupBy { $0 % 2 == 0 ? "even" : "odd" }
///     .subscribe(onNext: { group in
///         _ = group.subscribe(onNext: { print(group.key, $0) })
///     })
/// ```
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every element of this group has.
    public let key: Key

    private let source: Observable<Element>

    /// A group with `key` whose elements are those of `source`.
    ///
    /// ```swift
    /// let group = GroupedObservable(key: "odd", source: Observable.of(1, 3))
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key the group's elements share.
    ///   - source: The group's elements.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as a plain ``Observable``.
    ///
    /// - Returns: This value as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        source
    }
}

final private class GroupBy<Key: Hashable, Source>: Producer<GroupedObservable<Key, Source>> {
    private let source: Observable<Source>
    private let keySelector: (Source) throws -> Key

    init(source: Observable<Source>, keySelector: @escaping (Source) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == GroupedObservable<Key, Source> {
        let sink = GroupBySink<Key, Source, Observer>(keySelector: keySelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// Routes one subscription's elements to their groups.
///
/// The source subscription is shared, through a ``RefCountDisposable``, by the outer
/// subscription (the primary reference, returned from `run`) and by every group
/// subscription (a lease each): it ends when all of them are disposed, or at once when
/// the source ends or `keySelector` throws. Once the outer subscription is disposed,
/// this sink forwards nothing downstream but still feeds the groups.
///
/// The group table is touched only by the source's events, which the grammar
/// serialises; groups may be subscribed from any thread, which ``HotForwarder``
/// handles. When the source ends, the groups end first, in the order they opened,
/// then the outer sequence.
final private class GroupBySink<Key: Hashable, Source, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == GroupedObservable<Key, Source> {
    typealias Element = Source

    private let keySelector: (Source) throws -> Key
    private let sourceSubscription = SingleAssignmentDisposable()
    private let refCount: RefCountDisposable
    private var groups: [Key: HotForwarder<Source>] = [:]
    // The same groups in the order they opened, so that they end in that order.
    private var groupsInOrder: [HotForwarder<Source>] = []

    init(keySelector: @escaping (Source) throws -> Key, observer: Observer, cancel: SinkDisposer) {
        self.keySelector = keySelector
        self.refCount = RefCountDisposable(disposable: sourceSubscription)
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Source>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        return refCount
    }

    func on(next element: Source) {
        let key: Key
        do {
            key = try keySelector(element)
        } catch {
            fail(error)
            return
        }
        if let group = groups[key] {
            group.on(next: element)
            return
        }
        let group = HotForwarder<Source>()
        groups[key] = group
        groupsInOrder.append(group)
        forwardOn(next: GroupedObservable(key: key, source: GroupSource(forwarder: group, refCount: refCount)))
        group.on(next: element)
    }

    func on(error: Swift.Error) {
        fail(error)
    }

    func onCompletion() {
        let groups = takeGroups()
        for group in groups {
            group.on(.completed)
        }
        forwardOn(.completed)
        sourceSubscription.dispose()
        dispose()
    }

    @inline(never)
    private func fail(_ error: Swift.Error) {
        let groups = takeGroups()
        for group in groups {
            group.on(.error(error))
        }
        forwardOn(.error(error))
        sourceSubscription.dispose()
        dispose()
    }

    /// Empties the table (each group keeps its terminal event for late subscribers) and
    /// returns the groups in the order they opened.
    private func takeGroups() -> [HotForwarder<Source>] {
        defer {
            groups = [:]
            groupsInOrder = []
        }
        return groupsInOrder
    }
}

/// The sequence behind one ``GroupedObservable``: subscribing takes a lease on the
/// shared source subscription and subscribes to the group's ``HotForwarder``.
final private class GroupSource<Element>: Observable<Element> {
    private let forwarder: HotForwarder<Element>
    private let refCount: RefCountDisposable

    init(forwarder: HotForwarder<Element>, refCount: RefCountDisposable) {
        self.forwarder = forwarder
        self.refCount = refCount
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(elementObserver: ElementObserverAdapter(observer))
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        let lease = refCount.retain()
        let subscription = forwarder.subscribe(elementObserver: observer)
        return Disposables.create(subscription, lease)
    }
}
