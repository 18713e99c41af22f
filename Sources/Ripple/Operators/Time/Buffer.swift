extension ObservableType {
    /// Collects elements into arrays, sent when `count` elements are in or when
    /// `timeSpan` has passed, whichever comes first.
    ///
    /// The first time span starts at subscription. When an array fills up it is sent at
    /// once and a new time span starts then; when a time span ends the array is sent as
    /// it is, even empty. When the source completes, the array being filled is sent
    /// (even empty), then `completed`; an error is forwarded at once and the array being
    /// filled is dropped.
    ///
    /// ```
    /// source:                   -abc--d--------|
    /// buffer(5, count: 3):      ---x----y----z-(w|)
    ///
    /// x = [a, b, c], y = [d], z = [], w = []
    /// ```
    ///
    /// ```swift
    /// // Uploads log lines in batches of at most 100, at least once a second.
    /// logLines
    ///     .buffer(timeSpan: .seconds(1), count: 100, scheduler: scheduler)
    ///     .subscribe(onNext: { batch in upload(batch) })
    /// ```
    ///
    /// A `count` of zero or less is out of range: the sequence fails with
    /// ``RxError/argumentOutOfRange`` as soon as it is subscribed, without subscribing
    /// to the source. (RxSwift does not check it, and never fills such a buffer.)
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time an array is filled before it is sent.
    ///   - count: The most elements an array holds; greater than zero.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The sequence of arrays.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        if count <= 0 {
            return Observable<[Element]>.error(RxError.argumentOutOfRange)
        }
        return BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final private class BufferTimeCount<Element>: Producer<[Element]> {
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [Element] {
        let sink = BufferTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// What a ``BufferTimeCountSink`` does once it has decided, when another call is acting.
private enum BufferAction<Element> {
    case send([Element], nextSpan: Int)
    case complete([Element])
    case fail(Swift.Error)
}

/// One subscription to `buffer(timeSpan:count:scheduler:)`: fills an array and numbers
/// the time spans, so that the timer of a span that already ended does nothing.
final private class BufferTimeCountSink<Element, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == [Element] {
    private let parent: BufferTimeCount<Element>
    private let timer = SerialDisposable()
    private let lock = Lock()
    // Guarded by `lock`.
    private var buffer: [Element] = []
    private var span = 0
    private var isStopped = false
    private var actions = SerializedActions<BufferAction<Element>>()

    init(parent: BufferTimeCount<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // Nothing else can act yet (no timer runs, the source is not subscribed), so the
        // claim succeeds; holding it makes a first span that ends at once, on another
        // thread, wait until this timer is in place.
        _ = lock.withLock { actions.claim() }
        startTimer(span: 0)
        actionDone()
        let subscription = parent.source.subscribe(elementObserver: self)
        return Disposables.create(timer, subscription)
    }

    func on(next element: Element) {
        var full: [Element] = []
        let nextSpan: Int? = lock.withLock {
            if isStopped {
                return nil
            }
            buffer.append(element)
            if buffer.count < parent.count {
                return nil
            }
            let nextSpan = startSpan()
            if actions.claim() {
                swap(&full, &buffer)
                return nextSpan
            }
            enqueueSend(nextSpan: nextSpan)
            return nil
        }
        guard let nextSpan else { return }
        send(full, nextSpan: nextSpan)
        actionDone()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            let act: Bool = lock.withLock {
                if isStopped {
                    return false
                }
                isStopped = true
                buffer = []
                if actions.claim() {
                    return true
                }
                actions.enqueue(.fail(error))
                return false
            }
            if act {
                perform(.fail(error))
                actionDone()
            }
        case .completed:
            var last: [Element] = []
            let act: Bool = lock.withLock {
                if isStopped {
                    return false
                }
                isStopped = true
                swap(&last, &buffer)
                if actions.claim() {
                    return true
                }
                actions.enqueue(.complete(last))
                last = []
                return false
            }
            if act {
                perform(.complete(last))
                actionDone()
            }
        }
    }

    /// Call with `lock` held: ends the current span; returns the number of the next.
    private func startSpan() -> Int {
        span &+= 1
        return span
    }

    private func startTimer(span: Int) {
        timer.disposable = parent.scheduler.scheduleRelative(span, dueTime: parent.timeSpan) { span in
            self.timerFired(span)
            return Disposables.create()
        }
    }

    private func timerFired(_ endingSpan: Int) {
        var full: [Element] = []
        let nextSpan: Int? = lock.withLock {
            guard !isStopped, endingSpan == span else {
                return nil
            }
            let nextSpan = startSpan()
            if actions.claim() {
                swap(&full, &buffer)
                return nextSpan
            }
            enqueueSend(nextSpan: nextSpan)
            return nil
        }
        guard let nextSpan else { return }
        send(full, nextSpan: nextSpan)
        actionDone()
    }

    private func send(_ full: [Element], nextSpan: Int) {
        forwardOn(next: full)
        startTimer(span: nextSpan)
    }

    /// Call with `lock` held: hands the filled array to the acting call. Out of line
    /// so that `on(next:)` never builds an action itself.
    @inline(never)
    private func enqueueSend(nextSpan: Int) {
        var full: [Element] = []
        swap(&full, &buffer)
        actions.enqueue(.send(full, nextSpan: nextSpan))
    }

    /// Gives back the right to act, first running what other calls left meanwhile.
    private func actionDone() {
        if !lock.withLock({ actions.releaseIfIdle() }) {
            performWaitingActions()
        }
    }

    @inline(never)
    private func performWaitingActions() {
        while let action = lock.withLock({ actions.next() }) {
            perform(action)
        }
    }

    private func perform(_ action: BufferAction<Element>) {
        switch action {
        case .send(let full, let nextSpan):
            send(full, nextSpan: nextSpan)
        case .complete(let last):
            forwardOn(next: last)
            forwardOn(.completed)
            dispose()
        case .fail(let error):
            forwardOn(.error(error))
            dispose()
        }
    }
}
