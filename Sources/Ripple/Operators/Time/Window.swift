extension ObservableType {
    /// Splits the sequence into windows, each an observable that completes when it has
    /// `count` elements or when `timeSpan` has passed, whichever comes first.
    ///
    /// The first window opens at subscription; when a window completes the next one
    /// opens at once, and its time span starts then. When the source completes or
    /// fails, the open window and the sequence of windows complete or fail together.
    ///
    /// Windows are hot: a window sends each element as it comes to whoever is
    /// subscribed then, so subscribe to a window when it arrives; a subscriber that
    /// comes after the window has completed only receives the completion. The source
    /// subscription lasts while the sequence of windows, or any subscription to a
    /// window, is live.
    ///
    /// ```
    /// source:               -abc--d--------|
    /// window(5, count: 3):  A--B----C----D-|
    ///
    /// A:                    -ab(c|)
    /// B:                       ---d-|
    /// C:                            -----|
    /// D:                                 --|
    /// ```
    ///
    /// ```swift
    /// // Counts the taps of each second, or of each group of ten taps.
    /// taps.window(timeSpan: .seconds(1), count: 10, scheduler: scheduler)
    ///     .subscribe(onNext: { window in
    ///         var taps = 0
    ///         _ = window.subscribe(onNext: { _ in taps += 1 }, onCompleted: { print(taps) })
    ///     })
    /// ```
    ///
    /// A `count` of zero or less is out of range: the sequence fails with
    /// ``RxError/argumentOutOfRange`` as soon as it is subscribed, without subscribing
    /// to the source. (RxSwift does not check it, and never fills such a window.)
    /// A negative `timeSpan` is out of range too. A zero `timeSpan` ends a window at every
    /// tick of the scheduler, as in RxSwift.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window stays open; not negative.
    ///   - count: The most elements a window receives; greater than zero.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The sequence of windows.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        if count <= 0 || timeSpan.isNegative {
            return Observable<Observable<Element>>.error(RxError.argumentOutOfRange)
        }
        return WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final private class WindowTimeCount<Element>: Producer<Observable<Element>> {
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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Observable<Element> {
        let sink = WindowTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// What a ``WindowTimeCountSink`` does once it has decided, when another call is acting.
private enum WindowAction<Element> {
    case deliver(Element, to: WindowChannel<Element>)
    case deliverAndRoll(Element, closing: WindowChannel<Element>, opening: WindowChannel<Element>, span: Int)
    case roll(closing: WindowChannel<Element>, opening: WindowChannel<Element>, span: Int)
    case complete(WindowChannel<Element>)
    case fail(WindowChannel<Element>, Swift.Error)
}

/// One subscription to `window(timeSpan:count:scheduler:)`: feeds the open window,
/// counts its elements and numbers the time spans, so that the timer of a window that
/// already closed does nothing.
///
/// The source subscription and the timer sit in a ``RefCountDisposable``: disposing the
/// subscription to the windows releases them only once no window subscription is live.
final private class WindowTimeCountSink<Element, Observer: ElementObserver>: SerializingSink<Observer, WindowAction<Element>, ClaimsUnderLock>, ElementObserver where Observer.Element == Observable<Element> {
    private let parent: WindowTimeCount<Element>
    private let timer = SerialDisposable()
    private let group = CompositeDisposable()
    private let refCount: RefCountDisposable
    // Guarded by `lock`.
    private var current = WindowChannel<Element>()
    private var countInWindow = 0
    private var span = 0

    init(parent: WindowTimeCount<Element>, observer: Observer, cancel: SinkDisposer) {
        self.parent = parent
        _ = group.insert(timer)
        refCount = RefCountDisposable(disposable: group)
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // Nothing else can act yet (no timer runs, the source is not subscribed), so the
        // claim succeeds; holding it makes a first window that ends at once, on another
        // thread, wait until it has been sent and its timer is in place.
        let first: WindowChannel<Element> = lock.withLock {
            actions.claimKnownFree()
            return current
        }
        forwardOn(next: WindowObservable(channel: first, refCount: refCount))
        startTimer(span: 0)
        finishTurn()
        _ = group.insert(parent.source.subscribe(elementObserver: self))
        return refCount
    }

    func on(next element: Element) {
        var target: WindowChannel<Element>?
        var opening: WindowChannel<Element>?
        var nextSpan = 0
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            let channel = current
            target = channel
            countInWindow += 1
            if countInWindow < parent.count {
                return actions.claim(orLeave: deliveryAction(element, to: channel))
            }
            let next = openWindow()
            opening = next
            nextSpan = span
            return actions.claim(orLeave: deliveryAndRollAction(element, closing: channel, opening: next, span: span))
        }
        proceed(step) {
            guard let target else {
                return
            }
            target.on(next: element)
            if let opening {
                roll(closing: target, opening: opening, span: nextSpan)
            }
        }
    }

    func on(error: Swift.Error) {
        stopAndAct { .fail(current, error) }
    }

    func onCompletion() {
        stopAndAct { .complete(current) }
    }

    /// Call with `lock` held: replaces the open window with a new one and starts a new
    /// span; returns the new window.
    private func openWindow() -> WindowChannel<Element> {
        let next = WindowChannel<Element>()
        current = next
        countInWindow = 0
        span &+= 1
        return next
    }

    private func startTimer(span: Int) {
        timer.disposable = parent.scheduler.scheduleRelative(span, dueTime: parent.timeSpan) { span in
            self.timerFired(span)
            return Disposables.create()
        }
    }

    private func timerFired(_ endingSpan: Int) {
        var closing: WindowChannel<Element>?
        var opening: WindowChannel<Element>?
        var nextSpan = 0
        let step: SerializationStep = lock.withLock {
            guard !isStopped, endingSpan == span else {
                return .nothing
            }
            let channel = current
            let next = openWindow()
            closing = channel
            opening = next
            nextSpan = span
            return actions.claim(orLeave: .roll(closing: channel, opening: next, span: span))
        }
        proceed(step) {
            if let closing, let opening {
                roll(closing: closing, opening: opening, span: nextSpan)
            }
        }
    }

    /// Completes the closing window, sends the opening one, and starts its timer.
    @inline(never)
    private func roll(closing: WindowChannel<Element>, opening: WindowChannel<Element>, span: Int) {
        closing.complete()
        forwardOn(next: WindowObservable(channel: opening, refCount: refCount))
        startTimer(span: span)
    }

    // Out of line so that `on(next:)` never builds an action itself.
    @inline(never)
    private func deliveryAction(_ element: Element, to channel: WindowChannel<Element>) -> WindowAction<Element> {
        .deliver(element, to: channel)
    }

    @inline(never)
    private func deliveryAndRollAction(_ element: Element, closing: WindowChannel<Element>, opening: WindowChannel<Element>, span: Int) -> WindowAction<Element> {
        .deliverAndRoll(element, closing: closing, opening: opening, span: span)
    }

    override func perform(_ action: WindowAction<Element>) {
        switch action {
        case .deliver(let element, let channel):
            channel.on(next: element)
        case .deliverAndRoll(let element, let closing, let opening, let span):
            closing.on(next: element)
            roll(closing: closing, opening: opening, span: span)
        case .roll(let closing, let opening, let span):
            roll(closing: closing, opening: opening, span: span)
        case .complete(let channel):
            channel.complete()
            forwardCompletedAndDispose()
        case .fail(let channel, let error):
            channel.fail(error)
            forwardErrorAndDispose(error)
        }
    }
}

/// The hot core of one window, in the role RxSwift gives a `PublishSubject`: sends each
/// element to the observers subscribed at that moment, and its terminal event to them
/// and to anyone who subscribes later.
///
/// Only the window sink sends into it, one call at a time (see ``SerializationPoint``);
/// observers come and go from any thread. It never calls an observer with its lock held.
final private class WindowChannel<Element> {
    private let lock = Lock()
    // Guarded by `lock`. Copying the array to send outside the lock only retains it.
    private var observers: [(key: UInt64, observer: AnyObserver<Element>)] = []
    private var nextKey: UInt64 = 0
    private var stopEvent: Event<Element>?

    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    func on(next element: Element) {
        let receivers = lock.withLock { observers }
        for receiver in receivers {
            receiver.observer.onNext(element)
        }
    }

    func complete() {
        stop(.completed)
    }

    func fail(_ error: Swift.Error) {
        stop(.error(error))
    }

    private func stop(_ event: Event<Element>) {
        let receivers: [(key: UInt64, observer: AnyObserver<Element>)] = lock.withLock {
            if stopEvent != nil {
                return []
            }
            stopEvent = event
            defer { observers = [] }
            return observers
        }
        for receiver in receivers {
            receiver.observer.on(event)
        }
    }

    /// Adds `observer`; once the window has ended, sends it the terminal event instead.
    func subscribe<Observer: ElementObserver>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let receiver = AnyObserver(observer)
        var ended: Event<Element>?
        let key: UInt64 = lock.withLock {
            ended = stopEvent
            let key = nextKey
            if ended == nil {
                nextKey &+= 1
                observers.append((key: key, observer: receiver))
            }
            return key
        }
        if let ended {
            receiver.on(ended)
            return Disposables.create()
        }
        return Disposables.create { self.unsubscribe(key) }
    }

    private func unsubscribe(_ key: UInt64) {
        // Returned rather than dropped inside, so the observer is released after the lock.
        _ = lock.withLock { () -> AnyObserver<Element>? in
            guard let index = observers.firstIndex(where: { $0.key == key }) else { return nil }
            return observers.remove(at: index).observer
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// A window as its subscribers see it: each subscription holds a lease on the window
/// sink's ``RefCountDisposable``, so the source stays subscribed while it is live.
final private class WindowObservable<Element>: Producer<Element> {
    let channel: WindowChannel<Element>
    let refCount: RefCountDisposable

    init(channel: WindowChannel<Element>, refCount: RefCountDisposable) {
        self.channel = channel
        self.refCount = refCount
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let lease = refCount.retain()
        let sink = WindowSubscriptionSink(observer: observer, cancel: cancel)
        let subscription = channel.subscribe(sink)
        return (sink: sink, subscription: Disposables.create(lease, subscription))
    }
}

/// One subscription to a window: forwards what the window sends and, at its end,
/// disposes itself, which returns its lease.
final private class WindowSubscriptionSink<Observer: ElementObserver>: PassThroughSink<Observer> {}
