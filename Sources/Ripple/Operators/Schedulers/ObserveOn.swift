extension ObservableType {
    /// Delivers the events of this sequence on `scheduler`: every `onNext`, `onError` and
    /// `onCompleted` downstream runs there, one at a time and in order.
    ///
    /// Only delivery moves; subscribing and disposing stay where they happen (use
    /// ``subscribe(on:)`` to move those). On a ``SerialDispatchQueueScheduler`` (and so on
    /// ``MainScheduler``) events are queued and drained in batches, several per queue hop;
    /// on any other scheduler each event is scheduled in turn. Once the subscription is
    /// disposed, no event that has not started to be delivered is delivered.
    ///
    /// ```
    /// source (any thread):   -1-2-3-|
    /// observe(on: main):     --1-2-3-|   (on the main queue)
    /// ```
    ///
    /// ```swift
    /// searchResults
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { results in tableView.show(results) })
    /// ```
    ///
    /// - Parameter scheduler: Where the observer receives the events.
    /// - Returns: This sequence, delivered through `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serial)
        }
        return ObserveOn(source: asObservable(), scheduler: scheduler)
    }
}

/// `observe(on:)` for any scheduler: schedules one event at a time, recursively.
final private class ObserveOn<Element>: Producer<Element> {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel), to: source)
    }
}

/// What an `observe(on:)` sink delivers next. Not nested in the generic sinks, so using
/// it costs no runtime type lookup on the per-element path.
enum ObserveOnStep {
    /// Nothing is waiting.
    case idle
    /// Elements are waiting.
    case elements
    /// Every element has been delivered and the sequence ended, with `error` or not.
    case terminal(Swift.Error?)
}

/// What both `observe(on:)` sinks share: queues upstream's events under a lock until a
/// delivery on the scheduler takes them, and makes sure at most one delivery is
/// scheduled or running at a time, so events are delivered one after another, in
/// order, even on a concurrent scheduler.
///
/// A subclass says how a delivery runs on its scheduler: ``scheduleDelivery()`` starts
/// one when an event arrives while none is active; the delivery takes the waiting
/// elements with ``takeWaiting(into:)`` and asks ``nextStep()`` what follows once it
/// has delivered them. `.idle` ends the delivery (the next event schedules a new one).
class ObserveOnSinkBase<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let lock = Lock()
    // Guarded by `lock`: the elements waiting for a delivery; `stopped` once upstream
    // has ended or the sink is disposed (later events are dropped); `ended` and
    // `endError` once upstream has ended; `delivering` while a delivery is scheduled or
    // runs.
    private var pending: ContiguousArray<Element> = []
    private var stopped = false
    private var ended = false
    private var endError: Swift.Error?
    private var delivering = false

    final func on(next element: Element) {
        let start = lock.withLock {
            if stopped {
                return false
            }
            pending.append(element)
            return claimDelivery()
        }
        if start {
            scheduleDelivery()
        }
    }

    final func on(error: Swift.Error) {
        end(with: error)
    }

    final func onCompletion() {
        end(with: nil)
    }

    private func end(with error: Swift.Error?) {
        let start = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            ended = true
            endError = error
            return claimDelivery()
        }
        if start {
            scheduleDelivery()
        }
    }

    /// Call with `lock` held, once an event waits: `true` when no delivery is scheduled
    /// or running, in which case the caller must schedule one (and it counts as
    /// scheduled from now on).
    private func claimDelivery() -> Bool {
        if delivering {
            return false
        }
        delivering = true
        return true
    }

    /// Schedules a delivery on the scheduler. Called outside the lock when an event
    /// arrives while no delivery is scheduled or running (and by a subclass whose
    /// delivery goes on in a new run, when ``nextStep()`` says `.elements`).
    func scheduleDelivery() {
        abstractMethod()
    }

    /// Stops a scheduled delivery from running; called by ``dispose()``.
    func cancelDelivery() {}

    /// For the delivery: moves the waiting elements into `batch`, which must be empty,
    /// and says what comes next: `.elements` when it moved some, otherwise as
    /// ``nextStep()``.
    final func takeWaiting(into batch: inout ContiguousArray<Element>) -> ObserveOnStep {
        lock.withLock {
            swap(&pending, &batch)
            return batch.isEmpty ? stepWithoutElements() : .elements
        }
    }

    /// For the delivery, once it has delivered what it took: `.elements` when more are
    /// waiting, `.terminal` when upstream has ended and nothing is left, or `.idle`,
    /// which ends the delivery: the next event schedules a new one.
    final func nextStep() -> ObserveOnStep {
        lock.withLock {
            pending.isEmpty ? stepWithoutElements() : .elements
        }
    }

    /// Call with `lock` held, when no element is waiting.
    private func stepWithoutElements() -> ObserveOnStep {
        if ended {
            return .terminal(endError)
        }
        delivering = false
        return .idle
    }

    @inline(never)
    final func forwardTerminal(_ error: Swift.Error?) {
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }

    override func dispose() {
        super.dispose()
        cancelDelivery()
        // Released here, outside the lock: an element's deinit may run any code.
        var dropped: ContiguousArray<Element> = []
        lock.withLock {
            stopped = true
            swap(&pending, &dropped)
        }
    }
}

/// Delivers on the scheduler one element (or the terminal event) per scheduled step.
///
/// A delivery is a recursion on the scheduler: each step delivers one element and
/// recurses; when nothing is left it stops, and the next event starts a new one.
final private class ObserveOnSink<Observer: ElementObserver>: ObserveOnSinkBase<Observer> {
    private let scheduler: ImmediateSchedulerType
    private let recursion = SerialDisposable()
    // Touched only by the recursion's steps, which run one after another: the elements
    // taken from the queue, delivered from `batchIndex` on.
    private var batch: ContiguousArray<Element> = []
    private var batchIndex = 0

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: SinkDisposer) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func scheduleDelivery() {
        recursion.disposable = scheduler.scheduleRecursive(()) { _, recurse in
            self.step(recurse)
        }
    }

    override func cancelDelivery() {
        recursion.dispose()
    }

    private func step(_ recurse: (()) -> Void) {
        if isDisposed {
            return
        }
        if batchIndex == batch.count {
            batch.removeAll(keepingCapacity: true)
            batchIndex = 0
            switch takeWaiting(into: &batch) {
            case .idle:
                return
            case .terminal(let error):
                forwardTerminal(error)
                return
            case .elements:
                break
            }
        }
        let element = batch[batchIndex]
        batchIndex += 1
        forwardOn(next: element)
        if !isDisposed {
            recurse(())
        }
    }
}
