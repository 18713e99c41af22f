extension ObservableType {
    /// Sends an element only once `dueTime` has passed without a newer one.
    ///
    /// Each element starts a timer of `dueTime` on `scheduler`; a newer element before
    /// the timer fires replaces it and restarts the timer. When the source completes,
    /// the element still waiting is sent at once, followed by `completed`; an error is
    /// forwarded at once and the waiting element is dropped.
    ///
    /// ```
    /// source:        -a-b----c-d-e-----|
    /// debounce(3):   ------b--------e--|
    ///
    /// source:        -a-b-|
    /// debounce(3):   -----(b|)
    /// ```
    ///
    /// ```swift
    /// searchField.text
    ///     .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { query in search(query) })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long an element must stay the latest before it is sent.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The debounced sequence.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class Debounce<Element>: Producer<Element> {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// What a ``DebounceSink`` does once it has decided, when another call is acting.
private enum DebounceAction<Element> {
    case startTimer(generation: UInt64)
    case send(Element)
    case complete(pending: Element?)
    case fail(Swift.Error)
}

/// One subscription to `debounce`: keeps the latest element and the generation of its
/// timer; a timer whose generation is no longer the latest does nothing.
final private class DebounceSink<Observer: ElementObserver>: SerializingSink<Observer, DebounceAction<Observer.Element>, ClaimsUnderLock>, ElementObserver {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    // Guarded by `lock`.
    private var generation: UInt64 = 0
    private var pending: Element?

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: SinkDisposer) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let subscription = source.subscribe(elementObserver: self)
        return Disposables.create(subscription, timer)
    }

    func on(next element: Element) {
        var generation: UInt64 = 0
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            self.generation &+= 1
            generation = self.generation
            pending = element
            return actions.claim(orLeave: timerStartAction(generation))
        }
        proceed(step) { startTimer(generation) }
    }

    func on(error: Swift.Error) {
        stopAndAct {
            pending = nil
            return .fail(error)
        }
    }

    func onCompletion() {
        stopAndAct {
            let last = pending
            pending = nil
            return .complete(pending: last)
        }
    }

    private func startTimer(_ generation: UInt64) {
        timer.disposable = scheduler.scheduleRelative(generation, dueTime: dueTime) { generation in
            self.timerFired(generation)
            return Disposables.create()
        }
    }

    private func timerFired(_ generation: UInt64) {
        var element: Element?
        let step: SerializationStep = lock.withLock {
            guard !isStopped, generation == self.generation, let pending else {
                return .nothing
            }
            self.pending = nil
            element = pending
            return actions.claim(orLeave: sendAction(pending))
        }
        proceed(step) {
            if let element {
                forwardOn(next: element)
            }
        }
    }

    // The two below build an action only when another call is acting; out of line so
    // that the per-element paths above never build one.
    @inline(never)
    private func timerStartAction(_ generation: UInt64) -> DebounceAction<Element> {
        .startTimer(generation: generation)
    }

    @inline(never)
    private func sendAction(_ element: Element) -> DebounceAction<Element> {
        .send(element)
    }

    override func perform(_ action: DebounceAction<Element>) {
        switch action {
        case .startTimer(let generation):
            startTimer(generation)
        case .send(let element):
            forwardOn(next: element)
        case .complete(let pending):
            if let pending {
                forwardOn(next: pending)
            }
            forwardCompletedAndDispose()
        case .fail(let error):
            forwardErrorAndDispose(error)
        }
    }
}
