
extension ObservableType {
    /// Drops the elements that arrive within `duration` of the subscription, then
    /// passes everything through.
    ///
    /// Only elements are dropped: an error or a completion during that time passes
    /// through at once.
    ///
    /// ```
    /// source:     -1-2-3-4-5-|
    /// skip(4):    -----3-4-5-|
    /// ```
    ///
    /// ```swift
    /// // Ignores the burst of readings a sensor sends while it warms up.
    /// readings.skip(.milliseconds(500), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { record($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to drop elements for.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence without the elements sent during the first `duration`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

final private class SkipTime<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipTimeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, duration: duration, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Drops elements until the timer opens the gate.
///
/// The only state shared between the timer's thread and the source's is the gate: one
/// flag that goes from closed to open once and never back. An atomic flag is enough
/// for that, and costs one load per element where a `Lock` would cost a lock and an
/// unlock: nothing else is decided from it, and only the source's thread calls the
/// observer.
final private class SkipTimeSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let open = AtomicValue<Bool>(false)

    func run(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        // The timer is scheduled before subscribing, so on a virtual-time scheduler it
        // runs before source events due at the same instant that are scheduled later.
        let timer = scheduler.scheduleRelative(self, dueTime: duration) { sink in
            sink.open.store(true, ordering: .releasing)
            return Disposables.create()
        }
        let subscription = source.subscribe(elementObserver: self)
        return Disposables.create(timer, subscription)
    }

    func on(next element: Element) {
        if open.load(ordering: .acquiring) {
            forwardOn(next: element)
        }
    }
}
