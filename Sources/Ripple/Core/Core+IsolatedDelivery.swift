extension ObservableType {
    /// This sequence, delivered where closures given with `isolation` may run: itself
    /// when `isolation` is `nil`, or when it already delivers on the main actor;
    /// otherwise behind an ``IsolatedDelivery`` for the actor's executor.
    ///
    /// Every operator whose closure runs per event calls it on its source before it
    /// builds itself, so its closure runs on the closure's actor.
    @usableFromInline
    func delivering(to isolation: (any Actor)?) -> Observable<Element> {
        let source = asObservable()
        guard let isolation else {
            return source
        }
        return source.delivering(toExecutor: IsolationExecutor.forIsolation(isolation))
    }

    /// This sequence, subscribed (and disposed) where closures given with `isolation`
    /// may run: for sequences whose closures run when they are subscribed (`create`,
    /// `deferred`, `using`, `do(onSubscribe:)`). When the subscription is made on that
    /// executor already, it happens at once.
    @usableFromInline
    func subscribing(on isolation: (any Actor)?) -> Observable<Element> {
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return asObservable()
        }
        return subscribe(on: executor)
    }
}

extension Observable {
    /// Delivers on `executor` (`nil`: as it is).
    func delivering(toExecutor executor: IsolationExecutor?) -> Observable<Element> {
        guard let executor else {
            return self
        }
        if executor.isMainActor, let producer = self as? Producer<Element>, producer.deliversOnMainActor {
            return self
        }
        return IsolatedDelivery(source: self, executor: executor)
    }

    /// Marks this sequence, built from a source that delivers on the main actor by an
    /// operator that sends synchronously, as delivering on the main actor too, so the
    /// operators after it need no hop of their own: a chain of main-actor closures costs
    /// one check per event, not one per operator.
    @usableFromInline
    func deliveringOnMainActor(if isolation: (any Actor)?) -> Observable<Element> {
        if let isolation, isolation === MainActor.shared, let producer = self as? Producer<Element> {
            producer.deliversOnMainActor = true
        }
        return self
    }
}

/// Runs `action` where a closure given with `isolation` may run: at once when the caller
/// is there (or `isolation` is `nil`), otherwise later, on the actor. For closures that
/// run on disposal (`onDisposed`, `do(onDispose:)`, `Disposables.create(with:)`).
@usableFromInline
func isolatedAction(_ action: (() -> Void)?, _ isolation: (any Actor)?) -> (() -> Void)? {
    guard let action, let executor = IsolationExecutor.forIsolation(isolation) else {
        return action
    }
    return { executor.perform(action) }
}

/// Delivers its source's events on an actor's executor, in order: directly when they
/// arrive there with nothing waiting, otherwise queued and delivered by one drain at a
/// time on the executor.
///
/// What holds:
/// - Order: an event that arrives on the executor while earlier ones wait goes behind
///   them; terminal events follow the elements.
/// - Disposal: the drain checks for disposal before each event, and runs on the same
///   executor as the closures, so once `dispose()` has returned there, nothing more is
///   delivered.
/// - Bound: as `observe(on:)`, events wait while the actor is busy, as many as the
///   source sends meanwhile; a drain delivers what was waiting when it started and
///   posts itself again for the rest, so other work on the actor gets its turn.
final class IsolatedDelivery<Element>: Producer<Element> {
    let source: Observable<Element>
    let executor: IsolationExecutor

    init(source: Observable<Element>, executor: IsolationExecutor) {
        self.source = source
        self.executor = executor
        super.init()
        deliversOnMainActor = executor.isMainActor
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(IsolatedDeliverySink(executor: executor, observer: observer, cancel: cancel), to: source)
    }
}

final private class IsolatedDeliverySink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let queue: IsolatedQueue<Event<Element>>

    init(executor: IsolationExecutor, observer: Observer, cancel: SinkDisposer) {
        queue = IsolatedQueue(executor: executor)
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if queue.mayDeliverDirectly {
            forwardOn(next: element)
        } else {
            enqueue(next: element)
        }
    }

    func on(error: Swift.Error) {
        if queue.mayDeliverDirectly {
            forwardErrorAndDispose(error)
        } else {
            enqueue(.error(error))
        }
    }

    func onCompletion() {
        if queue.mayDeliverDirectly {
            forwardCompletedAndDispose()
        } else {
            enqueue(.completed)
        }
    }

    /// Out of line, so that the direct road does not build an `Event` (for an element type
    /// the code is not specialised for, that costs a metadata lookup per element).
    @inline(never)
    private func enqueue(next element: Element) {
        enqueue(.next(element))
    }

    private func enqueue(_ event: Event<Element>) {
        if queue.enqueue(event) {
            queue.executor.post { self.drain() }
        }
    }

    /// Delivers what waits, on the executor, up to disposal; posts itself again if more
    /// arrived meanwhile.
    private func drain() {
        let more = queue.drain { event in
            if !isDisposed {
                deliver(event)
            }
        }
        if more {
            queue.executor.post { self.drain() }
        }
    }

    private func deliver(_ event: Event<Element>) {
        switch event {
        case .next(let element): forwardOn(next: element)
        case .error(let error): forwardErrorAndDispose(error)
        case .completed: forwardCompletedAndDispose()
        }
    }

    override func dispose() {
        super.dispose()
        queue.close()
    }
}

/// Runs `subscribe`, a subscription made by code isolated to `isolation`: for a custom
/// actor, telling Ripple that this thread runs on that actor meanwhile, so events a
/// synchronous source sends during the call reach the actor's closures at once.
@usableFromInline
func subscribingEntering<Result>(_ isolation: (any Actor)?, _ subscribe: () -> Result) -> Result {
    guard let isolation, !(isolation === MainActor.shared) else {
        return subscribe()
    }
    return IsolationExecutor.$runningActor.withValue(ObjectIdentifier(isolation), operation: subscribe)
}
