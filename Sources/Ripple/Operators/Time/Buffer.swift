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
    /// A negative `timeSpan` is out of range too. A zero `timeSpan` ends a buffer at every
    /// tick of the scheduler, as in RxSwift.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time an array is filled before it is sent; not negative.
    ///   - count: The most elements an array holds; greater than zero.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The sequence of arrays.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        if count <= 0 || timeSpan.isNegative {
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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [Element] {
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
final private class BufferTimeCountSink<Element, Observer: ElementObserver>: SerializingSink<Observer, BufferAction<Element>, ClaimsUnderLock>, ElementObserver where Observer.Element == [Element] {
    private let parent: BufferTimeCount<Element>
    private let timer = SerialDisposable()
    // Guarded by `lock`.
    private var buffer: [Element] = []
    private var span = 0

    init(parent: BufferTimeCount<Element>, observer: Observer, cancel: SinkDisposer) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // Nothing else can act yet (no timer runs, the source is not subscribed), so the
        // claim succeeds; holding it makes a first span that ends at once, on another
        // thread, wait until this timer is in place.
        lock.withLock { actions.claimKnownFree() }
        startTimer(span: 0)
        finishTurn()
        let subscription = parent.source.subscribe(elementObserver: self)
        return Disposables.create(timer, subscription)
    }

    func on(next element: Element) {
        endSpan {
            if isStopped {
                return false
            }
            buffer.append(element)
            return buffer.count >= parent.count
        }
    }

    func on(error: Swift.Error) {
        stopAndAct {
            buffer = []
            return .fail(error)
        }
    }

    func onCompletion() {
        stopAndAct {
            var last: [Element] = []
            swap(&last, &buffer)
            return .complete(last)
        }
    }

    private func startTimer(span: Int) {
        timer.disposable = parent.scheduler.scheduleRelative(span, dueTime: parent.timeSpan) { span in
            self.timerFired(span)
            return Disposables.create()
        }
    }

    private func timerFired(_ endingSpan: Int) {
        endSpan { !isStopped && endingSpan == span }
    }

    /// Decides under `lock`, with `ends`, whether the current span ends now. If so, the
    /// next span begins, and the filled array is sent and the next span's timer started
    /// by this call when it may act, or else by the call that is acting.
    private func endSpan(when ends: () -> Bool) {
        var full: [Element] = []
        var nextSpan = 0
        let step: SerializationStep = lock.withLock {
            guard ends() else {
                return .nothing
            }
            span &+= 1
            nextSpan = span
            let step = actions.claim(orLeave: sendAction(nextSpan: span))
            if case .act = step {
                swap(&full, &buffer)
            }
            return step
        }
        proceed(step) { send(full, nextSpan: nextSpan) }
    }

    private func send(_ full: [Element], nextSpan: Int) {
        forwardOn(next: full)
        startTimer(span: nextSpan)
    }

    /// Call with `lock` held: takes the filled array for the acting call. Out of line
    /// so that `on(next:)` never builds an action itself.
    @inline(never)
    private func sendAction(nextSpan: Int) -> BufferAction<Element> {
        var full: [Element] = []
        swap(&full, &buffer)
        return .send(full, nextSpan: nextSpan)
    }

    override func perform(_ action: BufferAction<Element>) {
        switch action {
        case .send(let full, let nextSpan):
            send(full, nextSpan: nextSpan)
        case .complete(let last):
            forwardOn(next: last)
            forwardCompletedAndDispose()
        case .fail(let error):
            forwardErrorAndDispose(error)
        }
    }
}
