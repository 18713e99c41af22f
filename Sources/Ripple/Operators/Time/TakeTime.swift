extension ObservableType {
    /// Sends this sequence's events for `duration` after the subscription, then
    /// completes.
    ///
    /// The timer starts at subscription. If the source ends first, its terminal event
    /// passes through; an error is never delayed.
    ///
    /// ```
    /// source:              -1-2-3-4-5-|
    /// take(for: 6):        -1-2-3|
    /// ```
    ///
    /// ```swift
    /// // Listens for answers for five seconds, then stops.
    /// answers.take(for: .seconds(5), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { print($0) }, onCompleted: { print("time is up") })
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to pass elements through.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence with the elements sent during the first `duration`, then
    ///   completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

final private class TakeTime<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeTimeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, duration: duration, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// What a `take(for:)` sink may have to do, for the call that holds the right to act.
private enum TakeTimeAction<Element> {
    case send(Element)
    case complete
    case fail(Swift.Error)
}

/// Forwards elements until the timer fires, then completes.
///
/// Elements arrive on the source's thread and the timer fires on the scheduler's, and
/// the observer must never be called by both at once: a completion decided while an
/// element is being forwarded waits in ``SerializingSink/actions`` and is sent by the
/// element's thread as soon as its element has been delivered.
final private class TakeTimeSink<Observer: ElementObserver>: SerializingSink<Observer, TakeTimeAction<Observer.Element>, ClaimsUnderLock>, ElementObserver {
    typealias Element = Observer.Element

    func run(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        // The timer is scheduled before subscribing, so on a virtual-time scheduler it
        // runs before source events due at the same instant that are scheduled later.
        let timer = scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.stopAndAct { .complete }
            return Disposables.create()
        }
        let subscription = source.subscribe(elementObserver: self)
        return Disposables.create(timer, subscription)
    }

    func on(next element: Element) {
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            return actions.claim(orLeave: sendAction(element))
        }
        proceed(step) { forwardOn(next: element) }
    }

    func on(error: Swift.Error) {
        stopAndAct { .fail(error) }
    }

    func onCompletion() {
        stopAndAct { .complete }
    }

    // Out of line so that `on(next:)` never builds an action itself.
    @inline(never)
    private func sendAction(_ element: Element) -> TakeTimeAction<Element> {
        .send(element)
    }

    override func perform(_ action: TakeTimeAction<Element>) {
        switch action {
        case .send(let element):
            forwardOn(next: element)
        case .complete:
            forwardCompletedAndDispose()
        case .fail(let error):
            forwardErrorAndDispose(error)
        }
    }
}
