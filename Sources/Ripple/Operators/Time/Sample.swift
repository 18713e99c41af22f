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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SampleSink<Observer, SamplerElement>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, sampler: sampler)
        return (sink: sink, subscription: subscription)
    }
}

/// Keeps the source's latest element and sends it when the sampler ticks.
///
/// The source and the sampler may send from different threads. Elements of the source
/// only update the stored element. Everything that reaches the observer comes from a
/// sampler event, except the source's error; so that the two never call the observer
/// at once, an error that arrives while a sampled element is being delivered is left
/// for the sampler's side to send right after it.
final private class SampleSink<Observer: ElementObserver, SamplerElement>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let defaultValue: Element?
    private let sourceSubscription = SingleAssignmentDisposable()

    private let lock = Lock()
    // Guarded by `lock`.
    // One slot, initialized while `hasLatest`: the element that arrived since the
    // last tick. (Not an `Element?`: in generic code each write to an optional costs
    // a runtime type lookup, and the source writes here once per element.)
    private let latest = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    private var hasLatest = false
    private var sourceCompleted = false
    private var stopped = false
    // How many sampler ticks are delivering an element now (more than one only when
    // a downstream observer makes the sampler tick again, reentrantly).
    private var delivering = 0
    // The source's error, when it arrived during a delivery; the last delivering
    // tick sends it.
    private var pendingError: Swift.Error?

    init(defaultValue: Element?, observer: Observer, cancel: Cancelable) {
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

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            sourceFailed(error)
        case .completed:
            lock.withLock { sourceCompleted = true }
            sourceSubscription.dispose()
        }
    }

    private func sourceFailed(_ error: Swift.Error) {
        let sendNow = lock.withLock {
            if stopped {
                return false
            }
            if delivering > 0 {
                pendingError = error
                return false
            }
            stopped = true
            return true
        }
        if sendNow {
            forwardErrorAndDispose(error)
        }
    }

    // MARK: The sampler

    /// A sampler element, or the sampler's completion.
    func tick() {
        let (element, complete): (Element?, Bool) = lock.withLock {
            // A source error waiting for a delivery to finish ends the sequence:
            // nothing more is sampled in the meantime.
            if stopped || pendingError != nil {
                return (nil, false)
            }
            let element: Element?
            if hasLatest {
                element = latest.move()
                hasLatest = false
            } else {
                element = defaultValue
            }
            if sourceCompleted {
                stopped = true
            } else if element != nil {
                delivering += 1
            }
            return (element, sourceCompleted)
        }
        if let element {
            forwardOn(next: element)
        }
        if complete {
            forwardCompletedAndDispose()
            return
        }
        guard element != nil else { return }
        let error: Swift.Error? = lock.withLock {
            delivering -= 1
            guard delivering == 0, let error = pendingError else { return nil }
            pendingError = nil
            stopped = true
            return error
        }
        if let error {
            forwardErrorAndDispose(error)
        }
    }

    func samplerFailed(_ error: Swift.Error) {
        let sendNow = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            return true
        }
        if sendNow {
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

    func on(_ event: Event<SamplerElement>) {
        switch event {
        case .next, .completed:
            sink.tick()
        case .error(let error):
            sink.samplerFailed(error)
        }
    }
}
