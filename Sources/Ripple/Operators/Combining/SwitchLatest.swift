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
    /// - Parameter selector: Maps an element to the sequence to switch to.
    /// - Returns: The elements of the latest inner sequence.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        SwitchProducer(source: asObservable()) { try selector($0).asObservable() }
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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// What a ``SwitchSink`` call that could not act leaves for the call that can.
private enum SwitchAction<Element> {
    case next(Element)
    case error(Swift.Error)
    case completed
}

/// One subscription to `flatMapLatest` or `switchLatest`.
///
/// Each inner sequence gets an increasing id; only events from the inner sequence
/// whose id is `latest` get through, so a replaced one that is still sending on
/// another thread is ignored from the moment the new one is decided. State is guarded
/// by `lock`; downstream calls happen outside it, one at a time, through `actions`.
final private class SwitchSink<SourceElement, Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = SourceElement
    typealias Source = Observable<Observer.Element>
    typealias Inner = SwitchInner<SourceElement, Observer>

    private let selector: (SourceElement) throws -> Source
    private let sourceSubscription = SingleAssignmentDisposable()

    let lock = Lock()
    // Guarded by `lock`.
    private var latest: UInt64 = 0
    /// The latest inner sequence, until it ends or the subscriptions are disposed.
    private var current: Inner?
    private var isSubscriptionDisposed = false
    private var sourceCompleted = false
    /// A terminal event has been decided: nothing else is forwarded.
    private var isStopped = false
    private var actions = SerializedActions<SwitchAction<Observer.Element>>()

    init(selector: @escaping (SourceElement) throws -> Source, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        return Disposables.create(with: disposeSubscriptions)
    }

    private func disposeSubscriptions() {
        sourceSubscription.dispose()
        let subscription: Disposable? = lock.withLock {
            isSubscriptionDisposed = true
            guard let current else { return nil }
            return finishLocked(current)
        }
        subscription?.dispose()
    }

    /// Ends `inner` and takes its subscription, to dispose after the lock. Call with
    /// `lock` held.
    private func finishLocked(_ inner: Inner) -> Disposable? {
        inner.isFinished = true
        if current === inner {
            current = nil
        }
        defer { inner.subscription = nil }
        return inner.subscription
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
        let decision: (inner: Inner, replaced: Disposable?)? = lock.withLock {
            if isStopped || isSubscriptionDisposed {
                return nil
            }
            var replaced: Disposable?
            if let current {
                replaced = finishLocked(current)
            }
            latest &+= 1
            let inner = Inner(parent: self, id: latest)
            current = inner
            return (inner, replaced)
        }
        guard let (inner, replaced) = decision else { return }
        // The previous inner subscription ends before the new one starts.
        replaced?.dispose()
        let subscription = source.subscribe(elementObserver: inner)
        let disposeNow: Bool = lock.withLock {
            if inner.isFinished {
                return true
            }
            inner.subscription = subscription
            return false
        }
        if disposeNow {
            subscription.dispose()
        }
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            fail(error)
        case .completed:
            let complete: Bool = lock.withLock {
                sourceCompleted = true
                if isStopped || current != nil {
                    return false
                }
                return stop(with: .completed)
            }
            sourceSubscription.dispose()
            if complete {
                forwardCompletedAndDispose()
                actionDone()
            }
        }
    }

    // MARK: Inner sequences

    /// An element of inner sequence `id`: the hot path.
    func innerNext(_ element: Observer.Element, id: UInt64) {
        let act: Bool = lock.withLock {
            if isStopped || id != latest {
                return false
            }
            if actions.claim() {
                return true
            }
            enqueueElement(element)
            return false
        }
        if act {
            forwardOn(next: element)
            actionDone()
        }
    }

    func innerFailed(_ error: Swift.Error, inner: Inner) {
        let (subscription, act): (Disposable?, Bool) = lock.withLock {
            let subscription = finishLocked(inner)
            if isStopped || inner.id != latest {
                return (subscription, false)
            }
            return (subscription, stop(with: .error(error)))
        }
        subscription?.dispose()
        if act {
            forwardErrorAndDispose(error)
            actionDone()
        }
    }

    func innerCompleted(_ inner: Inner) {
        let (subscription, complete): (Disposable?, Bool) = lock.withLock {
            let subscription = finishLocked(inner)
            if isStopped || inner.id != latest || !sourceCompleted {
                return (subscription, false)
            }
            return (subscription, stop(with: .completed))
        }
        subscription?.dispose()
        if complete {
            forwardCompletedAndDispose()
            actionDone()
        }
    }

    // MARK: Acting one call at a time

    @inline(never)
    private func fail(_ error: Swift.Error) {
        let act: Bool = lock.withLock {
            if isStopped {
                return false
            }
            return stop(with: .error(error))
        }
        if act {
            forwardErrorAndDispose(error)
            actionDone()
        }
    }

    /// Decides the terminal event. Call with `lock` held: returns `true` when the
    /// caller must forward it now; otherwise it is left for the call that is acting.
    @inline(never)
    private func stop(with action: SwitchAction<Observer.Element>) -> Bool {
        isStopped = true
        if actions.claim() {
            return true
        }
        actions.enqueue(action)
        return false
    }

    // Builds an action only when another call is acting; out of line so that the
    // element path above never builds one.
    @inline(never)
    private func enqueueElement(_ element: Observer.Element) {
        actions.enqueue(.next(element))
    }

    /// Gives back the right to act, first forwarding what other calls left meanwhile.
    private func actionDone() {
        if !lock.withLock({ actions.releaseIfIdle() }) {
            performWaitingActions()
        }
    }

    @inline(never)
    private func performWaitingActions() {
        while let action = lock.withLock({ actions.next() }) {
            switch action {
            case .next(let element):
                forwardOn(next: element)
            case .error(let error):
                forwardErrorAndDispose(error)
            case .completed:
                forwardCompletedAndDispose()
            }
        }
    }
}

/// Observes one inner sequence for a ``SwitchSink``, and holds its subscription.
///
/// Its mutable state belongs to the sink: read and written only under the sink's
/// `lock`.
final private class SwitchInner<SourceElement, Observer: ElementObserver>: ElementObserver {
    typealias Element = Observer.Element

    private let parent: SwitchSink<SourceElement, Observer>
    let id: UInt64
    // Guarded by `parent.lock`.
    var subscription: Disposable?
    /// Ended, replaced, or disposed with the sink's subscriptions.
    var isFinished = false

    init(parent: SwitchSink<SourceElement, Observer>, id: UInt64) {
        self.parent = parent
        self.id = id
    }

    func on(next element: Element) {
        parent.innerNext(element, id: id)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            parent.innerNext(element, id: id)
        case .error(let error):
            parent.innerFailed(error, inner: self)
        case .completed:
            parent.innerCompleted(self)
        }
    }
}
