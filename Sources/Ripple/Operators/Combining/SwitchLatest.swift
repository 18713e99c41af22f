extension ObservableType {
    /// Maps each element to a sequence and sends the elements of the latest one only:
    /// a new element disposes the previous inner sequence before subscribing to the
    /// next.
    ///
    /// The result completes once this sequence and the latest inner sequence have
    /// completed. It fails when this sequence or the latest inner sequence fails, or
    /// `selector` throws; an inner sequence already replaced is no longer heard.
    ///
    /// ```
    /// source:        -1---2----|
    /// selector(1):    -1-1-
    /// selector(2):        -2-2-2|
    /// flatMapLatest: --1-1-2-2-2|
    /// ```
    ///
    /// ```swift
    /// searchText
    ///     .flatMapLatest { query in api.search(query) }   // older searches are cancelled
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence to switch to: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element. The inner sequences' elements
    ///     are sent where those sequences send them.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the latest inner sequence.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, isolation: (any Actor)? = #isolation) -> Observable<Source.Element> {
        SwitchProducer(source: delivering(to: isolation)) { try selector($0).asObservable() }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Sends the elements of the latest inner sequence only: each inner sequence that
    /// arrives disposes the previous one.
    ///
    /// The result completes once this sequence and the latest inner sequence have
    /// completed, and fails when either fails.
    ///
    /// ```
    /// source:         -a----b--|
    /// a:               -1-2-
    /// b:                    -4--5|
    /// switchLatest(): --1-2--4--5|
    /// ```
    ///
    /// ```swift
    /// let pages: Observable<Observable<Page>> = …
    /// pages.switchLatest().subscribe(onNext: { render($0) })
    /// ```
    ///
    /// - Returns: The elements of the latest inner sequence.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchProducer(source: asObservable()) { $0.asObservable() }
    }
}

/// `flatMapLatest` and `switchLatest`.
final private class SwitchProducer<SourceElement, Element>: Producer<Element> {
    typealias Selector = (SourceElement) throws -> Observable<Element>

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to `flatMapLatest` or `switchLatest`.
///
/// Each inner sequence gets an increasing id; only events from the inner sequence
/// whose id is `latest` get through, so a replaced one that is still sending on
/// another thread is ignored from the moment the new one is decided. State is guarded
/// by `lock`; downstream calls happen outside it, one at a time, through the
/// ``MergingSink`` it is.
final private class SwitchSink<SourceElement, Observer: ElementObserver>: MergingSink<Observer>, ElementObserver {
    typealias Element = SourceElement
    typealias Source = Observable<Observer.Element>
    typealias Inner = SwitchInner<SourceElement, Observer>

    private let selector: (SourceElement) throws -> Source
    private let sourceSubscription = SingleAssignmentDisposable()
    /// `Inner.self`, looked up once: allocating through it needs no lookup of
    /// `SwitchInner<SourceElement, Observer>` per inner sequence (see ``MergeSink``).
    private let innerType: Inner.Type
    /// Subscribes the inner observers (see ``InnerSubscriber``).
    private let innerSubscriber = InnerSubscriber<Inner>()

    // Guarded by `lock`; no two accesses overlap, so the runtime exclusivity checks are
    // skipped.
    @exclusivity(unchecked) private var latest: UInt64 = 0
    /// The latest inner sequence, until it ends or the subscriptions are disposed.
    @exclusivity(unchecked) private var current: InnerSubscription?
    @exclusivity(unchecked) private var isSubscriptionDisposed = false
    @exclusivity(unchecked) private var sourceCompleted = false

    init(selector: @escaping (SourceElement) throws -> Source, observer: Observer, cancel: SinkDisposer) {
        self.selector = selector
        self.innerType = Inner.self
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        return Disposables.create(with: disposeSubscriptions)
    }

    private func disposeSubscriptions() {
        sourceSubscription.dispose()
        let subscription: Disposable = lock.withLock {
            isSubscriptionDisposed = true
            guard let current else { return NopDisposable() }
            return finishLocked(current)
        }
        subscription.dispose()
    }

    /// Ends `inner` and takes its subscription, to dispose after the lock. Call with
    /// `lock` held.
    private func finishLocked(_ inner: InnerSubscription) -> Disposable {
        if current === inner {
            current = nil
        }
        return inner.finishLocked()
    }

    // MARK: The outer sequence

    func on(next element: SourceElement) {
        let source: Source
        do {
            source = try selector(element)
        } catch {
            fail(error)
            return
        }
        var inner: Inner?
        var replaced: Disposable = NopDisposable()
        lock.withLock {
            if isStopped || isSubscriptionDisposed {
                return
            }
            if let current {
                replaced = finishLocked(current)
            }
            latest &+= 1
            let newInner = innerType.init(parent: self, id: latest)
            current = newInner
            inner = newInner
        }
        guard let inner else { return }
        // The previous inner subscription ends before the new one starts.
        replaced.dispose()
        inner.subscribe(to: source)
    }

    func on(error: Swift.Error) {
        fail(error)
    }

    func onCompletion() {
        let complete: Bool = lock.withLock {
            sourceCompleted = true
            if isStopped || current != nil {
                return false
            }
            return stopLocked(failing: nil)
        }
        sourceSubscription.dispose()
        if complete {
            end(failing: nil)
        }
    }

    // MARK: Inner sequences

    /// Subscribes `inner` to `source` and keeps the subscription, through
    /// `innerSubscriber`, which needs no lookup of the inner observer's conformance.
    func subscribe(_ inner: Inner, to source: Source) {
        keep(innerSubscriber.subscribe(inner, to: source), of: inner)
    }

    /// An element of inner sequence `id`: the hot path.
    @inline(__always)
    func innerNext(_ element: Observer.Element, id: UInt64) {
        forwardSerialized(next: element) { id == latest }
    }

    /// Inner sequence `id` has ended: with `error`, or completed when `nil`.
    func innerEnded(_ inner: InnerSubscription, id: UInt64, failing error: Swift.Error?) {
        var subscription: Disposable = NopDisposable()
        let act: Bool = lock.withLock {
            subscription = finishLocked(inner)
            if isStopped || id != latest || (error == nil && !sourceCompleted) {
                return false
            }
            return stopLocked(failing: error)
        }
        subscription.dispose()
        if act {
            end(failing: error)
        }
    }
}

/// Observes one inner sequence for a ``SwitchSink``, and holds its subscription.
final private class SwitchInner<SourceElement, Observer: ElementObserver>: InnerSubscription, ElementObserver {
    typealias Element = Observer.Element

    private let parent: SwitchSink<SourceElement, Observer>
    private let id: UInt64

    // `required` so that the sink can allocate through a stored metatype.
    required init(parent: SwitchSink<SourceElement, Observer>, id: UInt64) {
        self.parent = parent
        self.id = id
    }

    /// Subscribes to `source` and hands the subscription to the sink.
    func subscribe(to source: Observable<Element>) {
        parent.subscribe(self, to: source)
    }

    func on(next element: Element) {
        parent.innerNext(element, id: id)
    }

    // The terminal road: the inner sequence's end reaches the sink without an `Event`.
    func on(error: Swift.Error) {
        parent.innerEnded(self, id: id, failing: error)
    }

    func onCompletion() {
        parent.innerEnded(self, id: id, failing: nil)
    }
}
