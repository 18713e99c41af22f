
/// In a static word: a global ``AtomicValue`` would be initialised lazily.
private var liveSerialDispatchQueueObservables: AtomicView<Int32> {
    GlobalAtomicWord.liveSerialDispatchQueueObservables.view()
}

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
        deliversOnMainActor = scheduler is MainScheduler || scheduler === MainScheduler.asyncInstance
        #if DEBUG
        liveSerialDispatchQueueObservables.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel), to: source)
    }

    deinit {
        #if DEBUG
        liveSerialDispatchQueueObservables.wrappingSubtract(1, ordering: .relaxed)
        #endif
    }
}

/// Drains the queued events on the serial queue, in batches.
///
/// When an event arrives while no drain is active, the sink schedules one. A drain
/// takes every event waiting at that moment and delivers them in order, then either
/// goes idle or, if more arrived meanwhile, schedules the next drain, so other work on
/// the queue gets its turn between batches. It checks for disposal before each
/// element, so once the subscription is disposed nothing that is still queued is
/// delivered.
final private class ObserveOnSerialDispatchQueueSink<Observer: ElementObserver>: ObserveOnSinkBase<Observer> {
    private let scheduler: SerialDispatchQueueScheduler
    // Touched only by the drain, of which there is never more than one at a time: the
    // batch it is delivering. Kept between drains so its storage is reused.
    private var batch: ContiguousArray<Element> = []

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: SinkDisposer) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func scheduleDelivery() {
        _ = scheduler.scheduleInternal(self) { sink in
            sink.drain()
            return Disposables.create()
        }
    }

    private func drain() {
        if isDisposed {
            return
        }
        var next = takeWaiting(into: &batch)
        if case .elements = next {
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
            next = nextStep()
        }
        switch next {
        case .idle:
            break
        case .elements:
            scheduleDelivery()
        case .terminal(let error):
            forwardTerminal(error)
        }
    }
}
