import Synchronization

private let liveSerialDispatchQueueObservables = Atomic<Int32>(0)

extension Resources {
    /// The number of live `observe(on:)` sequences that take the serial-dispatch-queue
    /// path (those observing on a ``SerialDispatchQueueScheduler`` or ``MainScheduler``),
    /// counted, like ``total``, only in debug builds.
    ///
    /// As in RxSwift, the count is of the sequences `observe(on:)` returns, whether or not
    /// anyone subscribes; tests use it to check which implementation was chosen.
    ///
    /// ```swift
    /// let observed = numbers.observe(on: SerialDispatchQueueScheduler(qos: .default))
    /// Resources.numberOfSerialDispatchQueueObservables   // 1 in a debug build
    /// ```
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        liveSerialDispatchQueueObservables.load(ordering: .relaxed)
    }
}

/// `observe(on:)` for a ``SerialDispatchQueueScheduler``: one queue hop per batch of
/// events rather than one per event.
final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    let source: Observable<Element>
    let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
        super.init()
        #if DEBUG
        liveSerialDispatchQueueObservables.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
    }

    deinit {
        #if DEBUG
        liveSerialDispatchQueueObservables.wrappingSubtract(1, ordering: .relaxed)
        #endif
    }
}

/// Queues upstream's events under a lock and drains them on the serial queue.
///
/// When the queue of events goes from empty to non-empty, the sink schedules one drain.
/// A drain takes every event waiting at that moment and delivers them in order, then
/// either goes idle or, if more arrived meanwhile, schedules the next drain, so other
/// work on the queue gets its turn between batches. At most one drain is scheduled or
/// running at a time; it checks for disposal before each element, so once the
/// subscription is disposed nothing that is still queued is delivered.
final private class ObserveOnSerialDispatchQueueSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let scheduler: SerialDispatchQueueScheduler
    private let lock = Lock()
    // Guarded by `lock`: the elements waiting for a drain; `stopped` once upstream has
    // ended or the sink is disposed (later events are dropped); `ended` and `endError`
    // once upstream has ended; `draining` while a drain is scheduled or runs.
    private var pending: ContiguousArray<Element> = []
    private var stopped = false
    private var ended = false
    private var endError: Swift.Error?
    private var draining = false
    // Touched only by the drain, of which there is never more than one at a time: the
    // batch it is delivering. Kept between drains so its storage is reused.
    private var batch: ContiguousArray<Element> = []

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        let schedule = lock.withLock {
            if stopped {
                return false
            }
            pending.append(element)
            if draining {
                return false
            }
            draining = true
            return true
        }
        if schedule {
            scheduleDrain()
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
        let schedule = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            ended = true
            endError = error
            if draining {
                return false
            }
            draining = true
            return true
        }
        if schedule {
            scheduleDrain()
        }
    }

    private func scheduleDrain() {
        _ = scheduler.scheduleInternal(self) { sink in
            sink.drain()
            return Disposables.create()
        }
    }

    private func drain() {
        if isDisposed {
            return
        }
        lock.withLock {
            swap(&pending, &batch)
        }
        for element in batch {
            if isDisposed {
                break
            }
            forwardOn(next: element)
        }
        batch.removeAll(keepingCapacity: true)
        if isDisposed {
            return
        }
        let next = lock.withLock { () -> ObserveOnStep in
            if !pending.isEmpty {
                return .elements
            }
            if ended {
                return .terminal(endError)
            }
            draining = false
            return .idle
        }
        switch next {
        case .idle:
            break
        case .elements:
            scheduleDrain()
        case .terminal(let error):
            forwardTerminal(error)
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
        // Released here, outside the lock: an element's deinit may run any code.
        var dropped: ContiguousArray<Element> = []
        lock.withLock {
            stopped = true
            swap(&pending, &dropped)
        }
    }
}
