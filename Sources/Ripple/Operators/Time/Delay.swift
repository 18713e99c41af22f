#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}

/// What a run of a drain does, decided under the lock and done after it.
private enum DelayDrainStep {
    /// Send the element just taken off the queue.
    case sendElement
    /// Send the completion: nothing else is left.
    case complete
    /// The sink has stopped: the source's error has been or is being sent.
    case stopped
}

/// Queues the source's elements with the time each arrived, and drains the queue on
/// the scheduler.
///
/// A drain is started when an event arrives while none is *active* (scheduled or
/// running), `dueTime` later. Each run of a drain sends the oldest event, then
/// schedules the next run for the time the next one is due (at once if it is already
/// due); when the queue is empty it stops, and the next event starts a new drain.
///
/// The source's thread and the scheduler's meet at the queue and at the error. The
/// only action another call can leave for the drain is that error: a run of a drain
/// holds the right to act (``SerializingSink/actions``) while it sends, so an error
/// arriving then waits and is sent by the drain right after its element, and the
/// observer is never called from both threads at once. Otherwise the source's thread
/// sends the error at once.
final private class DelaySink<Observer: ElementObserver>: SerializingSink<Observer, Swift.Error, ClaimsUnderLock>, ElementObserver {
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

    // Guarded by `lock`.
    private var queue = DelayQueue<Element>()
    // When the completion arrived, once it has; it leaves after every element.
    private var completionArrival: RxTime?
    // A drain is scheduled or running.
    private var active = false

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: SinkDisposer) {
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

    func on(error: Swift.Error) {
        sourceSubscription.dispose()
        stopAndAct {
            queue.removeAll()
            return error
        }
    }

    func onCompletion() {
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
    }

    private func startDraining() {
        drainer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { [self] _, recurse in
            drain(recurse)
        }
    }

    private func drain(_ recurse: ((), RxTimeInterval) -> Void) {
        let step: DelayDrainStep = lock.withLock {
            // Only the error's call, which stops the sink in the same critical section,
            // can hold the right to act besides a drain, and drains never overlap: so
            // a sink that has not stopped always gets the right here.
            guard !isStopped else {
                return .stopped
            }
            actions.claimKnownFree()
            if queue.count > 0 {
                queue.moveFirst(to: outgoing)
                return .sendElement
            }
            // A drain runs only for a waiting element or the completion.
            isStopped = true
            return .complete
        }
        switch step {
        case .sendElement:
            forwardOn(next: outgoing.move())
            // Sends an error that arrived meanwhile.
            finishTurn()
        case .complete:
            forwardCompletedAndDispose()
            finishTurn()
            return
        case .stopped:
            return
        }
        let next: RxTime? = lock.withLock {
            if isStopped {
                return nil
            }
            if let arrival = queue.count > 0 ? queue.firstArrival : completionArrival {
                return arrival
            }
            active = false
            return nil
        }
        if let next {
            let elapsed = scheduler.now.timeIntervalSince(next)
            recurse((), RxTimeInterval(seconds: max(0, dueTime.seconds - elapsed)))
        }
    }

    override func perform(_ error: Swift.Error) {
        forwardErrorAndDispose(error)
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
