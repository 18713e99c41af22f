extension ObservableType {
    /// On each tick of `sampler`, sends the latest element of this sequence if a new
    /// one has arrived since the previous tick, or else `defaultValue` if there is one.
    ///
    /// The sampler's completion counts as a last tick. The result completes on the
    /// first tick (or sampler completion) after this sequence has completed; an error
    /// from either sequence ends it at once. If the sampler completes while this
    /// sequence is still running, nothing more is sent and the result never ends.
    ///
    /// ```
    /// source:                     -1-2--3----4-|
    /// sampler:                    ----x---x-x---x-|
    /// sample(s):                  ----2---3-----(4|)
    /// sample(s, defaultValue: 0): ----2---3-0---(4|)
    /// ```
    ///
    /// (`(4|)`: the element and the completion at the same instant.)
    ///
    /// ```swift
    /// // Redraws the chart once a second with the latest reading.
    /// readings.sample(Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance))
    ///     .subscribe(onNext: { chart.show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - sampler: The sequence whose elements (of any type) are the sampling ticks.
    ///   - defaultValue: What to send on a tick when no new element has arrived; `nil`
    ///     sends nothing then.
    /// - Returns: A sequence with the latest element at each tick of `sampler`.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

final private class Sample<Element, SamplerElement>: Producer<Element> {
    let source: Observable<Element>
    let sampler: Observable<SamplerElement>
    let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SamplerElement>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SampleSink<Observer, SamplerElement>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, sampler: sampler)
        return (sink: sink, subscription: subscription)
    }
}

/// What a `sample` sink may have to do, for the call that holds the right to act.
private enum SampleAction<Element> {
    /// Send the element a tick took.
    case send(Element)
    /// The tick after the source's completion: send what it took, if anything, and
    /// complete.
    case end(last: Element?)
    case fail(Swift.Error)
}

/// Keeps the source's latest element and sends it when the sampler ticks.
///
/// The source and the sampler may send from different threads. Elements of the source
/// only update the stored element. Everything that reaches the observer comes from a
/// sampler event, except the source's error; so that the two never call the observer
/// at once, an error that arrives while a sampled element is being delivered waits in
/// ``SerializingSink/actions`` and the sampler's side sends it right after the element.
final private class SampleSink<Observer: ElementObserver, SamplerElement>: SerializingSink<Observer, SampleAction<Observer.Element>, ClaimsUnderLock>, ElementObserver {
    typealias Element = Observer.Element

    private let defaultValue: Element?
    private let sourceSubscription = SingleAssignmentDisposable()

    // Guarded by `lock`.
    // One slot, initialized while `hasLatest`: the element that arrived since the
    // last tick. (Not an `Element?`: in generic code each write to an optional costs
    // a runtime type lookup, and the source writes here once per element.)
    private let latest = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    private var hasLatest = false
    private var sourceCompleted = false

    init(defaultValue: Element?, observer: Observer, cancel: SinkDisposer) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        if hasLatest {
            latest.deinitialize(count: 1)
        }
        latest.deallocate()
    }

    func run(source: Observable<Element>, sampler: Observable<SamplerElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        let samplerSubscription = sampler.subscribe(elementObserver: SamplerObserver(sink: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    // MARK: The source

    func on(next element: Element) {
        lock.withLock {
            if hasLatest {
                latest.pointee = element
            } else {
                latest.initialize(to: element)
                hasLatest = true
            }
        }
    }

    func on(error: Swift.Error) {
        stopAndAct { .fail(error) }
    }

    func onCompletion() {
        lock.withLock { sourceCompleted = true }
        sourceSubscription.dispose()
    }

    // MARK: The sampler

    /// A sampler element, or the sampler's completion.
    func tick() {
        var element: Element?
        var complete = false
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            if hasLatest {
                element = latest.move()
                hasLatest = false
            } else {
                element = defaultValue
            }
            if sourceCompleted {
                isStopped = true
                complete = true
                // The ending never waits for a turn.
                return actions.claim(orLeaveWithoutWaiting: endAction(element)) ? .act : .queued
            }
            guard let element else {
                return .nothing
            }
            return actions.claim(orLeave: sendAction(element))
        }
        proceed(step) {
            if let element {
                forwardOn(next: element)
            }
            if complete {
                forwardCompletedAndDispose()
            }
        }
    }

    func samplerFailed(_ error: Swift.Error) {
        stopAndAct { .fail(error) }
    }

    // Out of line so that `tick()` never builds an action itself.
    @inline(never)
    private func sendAction(_ element: Element) -> SampleAction<Element> {
        .send(element)
    }

    @inline(never)
    private func endAction(_ element: Element?) -> SampleAction<Element> {
        .end(last: element)
    }

    override func perform(_ action: SampleAction<Element>) {
        switch action {
        case .send(let element):
            forwardOn(next: element)
        case .end(let element):
            if let element {
                forwardOn(next: element)
            }
            forwardCompletedAndDispose()
        case .fail(let error):
            forwardErrorAndDispose(error)
        }
    }
}

/// Observes the sampler and turns its events into ticks of the sink.
final private class SamplerObserver<Observer: ElementObserver, SamplerElement>: ElementObserver {
    typealias Element = SamplerElement

    private let sink: SampleSink<Observer, SamplerElement>

    init(sink: SampleSink<Observer, SamplerElement>) {
        self.sink = sink
    }

    func on(next element: SamplerElement) {
        sink.tick()
    }

    func on(error: Swift.Error) {
        sink.samplerFailed(error)
    }

    /// The sampler's completion ticks once more, like an element.
    func onCompletion() {
        sink.tick()
    }
}
