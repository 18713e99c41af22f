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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
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

/// Queues upstream's events and delivers them on the scheduler, one per scheduled step.
///
/// A recursion on the scheduler runs while events are waiting: each step delivers one
/// element (or the terminal event) and recurses; when the queue is empty it stops, and
/// the next event starts a new one. The `running` flag keeps it to one recursion at a
/// time, so events are delivered one after another, in order, even on a concurrent
/// scheduler.
final private class ObserveOnSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let recursion = SerialDisposable()
    private let lock = Lock()
    // Guarded by `lock`: the elements waiting for the recursion; `stopped` once upstream
    // has ended or the sink is disposed (later events are dropped); `ended` and
    // `endError` once upstream has ended; `running` while a recursion is scheduled or runs.
    private var pending: ContiguousArray<Element> = []
    private var stopped = false
    private var ended = false
    private var endError: Swift.Error?
    private var running = false
    // Touched only by the recursion's steps, which run one after another: the elements
    // taken from `pending`, delivered from `batchIndex` on.
    private var batch: ContiguousArray<Element> = []
    private var batchIndex = 0

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        let start = lock.withLock {
            if stopped {
                return false
            }
            pending.append(element)
            if running {
                return false
            }
            running = true
            return true
        }
        if start {
            startRecursion()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            end(with: error)
        case .completed:
            end(with: nil)
        }
    }

    private func end(with error: Swift.Error?) {
        let start = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            ended = true
            endError = error
            if running {
                return false
            }
            running = true
            return true
        }
        if start {
            startRecursion()
        }
    }

    private func startRecursion() {
        recursion.disposable = scheduler.scheduleRecursive(()) { _, recurse in
            self.step(recurse)
        }
    }

    private func step(_ recurse: (()) -> Void) {
        if isDisposed {
            return
        }
        if batchIndex == batch.count {
            batch.removeAll(keepingCapacity: true)
            batchIndex = 0
            let next = lock.withLock { () -> ObserveOnStep in
                swap(&pending, &batch)
                if !batch.isEmpty {
                    return .elements
                }
                if ended {
                    return .terminal(endError)
                }
                running = false
                return .idle
            }
            switch next {
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

    @inline(never)
    private func forwardTerminal(_ error: Swift.Error?) {
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }

    override func dispose() {
        super.dispose()
        recursion.dispose()
        // Released here, outside the lock: an element's deinit may run any code.
        var dropped: ContiguousArray<Element> = []
        lock.withLock {
            stopped = true
            swap(&pending, &dropped)
        }
    }
}
