import Foundation

extension ObservableType {
    /// Sends every element, and the completion, `dueTime` later than it arrived; an
    /// error is sent at once, and the elements still waiting are dropped.
    ///
    /// The source is subscribed at once (unlike
    /// ``delaySubscription(_:scheduler:)``), and unsubscribed as soon as it ends.
    ///
    /// ```
    /// source:     -1-2---3-|
    /// delay(3):   ----1-2---3-|
    ///
    /// source:     -1-2-x
    /// delay(3):   ----1x
    /// ```
    ///
    /// ```swift
    /// // Shows the hint a moment after each tap, not under the user's finger.
    /// taps.delay(.milliseconds(300), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { showHint(at: $0) })
    /// ```
    ///
    /// Each element is sent by its own run of the scheduler, even when several are
    /// due at once: on `TestScheduler`, elements that arrived together come out one
    /// tick apart, as with RxSwift.
    ///
    /// - Parameters:
    ///   - dueTime: How much later to send each element and the completion.
    ///   - scheduler: The scheduler that runs the timers; the delayed events are sent
    ///     on it.
    /// - Returns: A sequence with the same events, each `dueTime` later.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class Delay<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}

/// What a drain does next, decided under the lock and done after it.
private enum DelayDrainStep {
    /// Send the element just taken off the queue, then look again.
    case sendElement
    /// Send the completion: nothing else is left.
    case complete
    /// Send the error that arrived while this drain was running.
    case fail(Swift.Error)
    /// Schedule the next drain for the oldest waiting event, which arrived then.
    case wait(since: RxTime)
    /// Nothing is waiting; the next event starts a new drain.
    case idle
}

/// Queues the source's elements with the time each arrived, and drains the queue on
/// the scheduler.
///
/// A drain is started when an event arrives while none is *active* (scheduled or
/// running), `dueTime` later. Each run of a drain sends the oldest event, then
/// schedules the next run for the time the next one is due (at once if it is already
/// due); when the queue is empty it stops, and the next event starts a new drain.
///
/// The source's thread and the scheduler's meet at the queue and at the error. An
/// error is sent at once by the source's thread, unless a drain is *running* (about to
/// call the observer): then the drain sends it, after the element it is sending, so
/// that the observer is never called from both threads at once.
final private class DelaySink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    // The current drain's recursion; a new drain replaces the finished one.
    private let drainer = SerialDisposable()
    // Where a drain moves the element it sends, so that the element leaves the queue
    // under the lock and reaches the observer after it. Only a drain touches it, and
    // drains never overlap: a new one starts only after the previous one has found
    // the queue empty and stopped.
    private let outgoing = UnsafeMutablePointer<Element>.allocate(capacity: 1)

    private let lock = Lock()
    // Guarded by `lock`.
    private var queue = DelayQueue<Element>()
    // When the completion arrived, once it has; it leaves after every element.
    private var completionArrival: RxTime?
    private var failure: Swift.Error?
    // A drain is scheduled or running.
    private var active = false
    // A drain is running and has not yet decided to stop: it will send an error that
    // arrives now.
    private var running = false

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        outgoing.deallocate()
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        return Disposables.create(sourceSubscription, drainer)
    }

    func on(next element: Element) {
        let now = scheduler.now
        let startDrain = lock.withLock {
            queue.append(element, arrivedAt: now)
            defer { active = true }
            return !active
        }
        if startDrain {
            startDraining()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .completed:
            sourceSubscription.dispose()
            let now = scheduler.now
            let startDrain = lock.withLock {
                completionArrival = now
                defer { active = true }
                return !active
            }
            if startDrain {
                startDraining()
            }
        case .error(let error):
            sourceSubscription.dispose()
            let sendNow = lock.withLock {
                queue.removeAll()
                failure = error
                return !running
            }
            if sendNow {
                forwardErrorAndDispose(error)
            }
        }
    }

    private func startDraining() {
        drainer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { [self] _, recurse in
            drain(recurse)
        }
    }

    private func drain(_ recurse: ((), RxTimeInterval) -> Void) {
        let failed = lock.withLock {
            if failure != nil {
                // The source's thread has sent the error already.
                return true
            }
            running = true
            return false
        }
        if failed {
            return
        }
        var sentOne = false
        while true {
            let step: DelayDrainStep = lock.withLock {
                if let failure {
                    return .fail(failure)
                }
                if !sentOne {
                    if queue.count > 0 {
                        queue.moveFirst(to: outgoing)
                        return .sendElement
                    }
                    if completionArrival != nil {
                        return .complete
                    }
                } else if let arrival = queue.count > 0 ? queue.firstArrival : completionArrival {
                    running = false
                    return .wait(since: arrival)
                }
                running = false
                active = false
                return .idle
            }
            switch step {
            case .sendElement:
                sentOne = true
                forwardOn(next: outgoing.move())
            case .complete:
                forwardCompletedAndDispose()
                return
            case .fail(let error):
                forwardErrorAndDispose(error)
                return
            case .wait(let arrival):
                let elapsed = scheduler.now.timeIntervalSince(arrival)
                recurse((), RxTimeInterval(seconds: max(0, dueTime.seconds - elapsed)))
                return
            case .idle:
                return
            }
        }
    }
}

/// The elements waiting in a `delay`, oldest first, each with the time it arrived.
///
/// A ring buffer that keeps its capacity: once it has grown to the largest burst, a
/// steady stream of elements allocates nothing. (Its slots are raw memory rather than
/// `Element?`s, which in generic code would cost a runtime type lookup per access.)
private struct DelayQueue<Element>: ~Copyable {
    private var elements: UnsafeMutablePointer<Element>
    private var arrivals: UnsafeMutablePointer<RxTime>
    // A power of two, so that positions wrap with a mask.
    private var capacity = 4
    private var head = 0
    private(set) var count = 0

    init() {
        elements = .allocate(capacity: capacity)
        arrivals = .allocate(capacity: capacity)
    }

    deinit {
        for offset in 0..<count {
            (elements + ((head + offset) & (capacity - 1))).deinitialize(count: 1)
        }
        elements.deallocate()
        arrivals.deallocate()
    }

    /// When the oldest element arrived.
    ///
    /// - Precondition: The queue is not empty.
    var firstArrival: RxTime {
        arrivals[head]
    }

    mutating func append(_ element: Element, arrivedAt time: RxTime) {
        if count == capacity {
            grow()
        }
        let slot = (head + count) & (capacity - 1)
        (elements + slot).initialize(to: element)
        (arrivals + slot).initialize(to: time)
        count += 1
    }

    /// Moves the oldest element into `destination`, which must be uninitialized.
    ///
    /// - Precondition: The queue is not empty.
    mutating func moveFirst(to destination: UnsafeMutablePointer<Element>) {
        destination.moveInitialize(from: elements + head, count: 1)
        head = (head + 1) & (capacity - 1)
        count -= 1
    }

    mutating func removeAll() {
        for offset in 0..<count {
            (elements + ((head + offset) & (capacity - 1))).deinitialize(count: 1)
        }
        head = 0
        count = 0
    }

    /// Doubles the capacity of a full queue, moving its contents to the start.
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newElements = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        let newArrivals = UnsafeMutablePointer<RxTime>.allocate(capacity: newCapacity)
        let tail = capacity - head
        newElements.moveInitialize(from: elements + head, count: tail)
        (newElements + tail).moveInitialize(from: elements, count: head)
        newArrivals.moveInitialize(from: arrivals + head, count: tail)
        (newArrivals + tail).moveInitialize(from: arrivals, count: head)
        elements.deallocate()
        arrivals.deallocate()
        elements = newElements
        arrivals = newArrivals
        capacity = newCapacity
        head = 0
    }
}
