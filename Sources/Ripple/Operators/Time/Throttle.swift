import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ObservableType {
    /// Sends at most one element per `dueTime`: the first at once, then, when `latest`
    /// is true, the latest one of each window at the window's end.
    ///
    /// An element that comes at least `dueTime` after the last sent one is sent at once.
    /// One that comes sooner is dropped when `latest` is false; when `latest` is true it
    /// is kept (replacing any kept before) and sent when `dueTime` has passed since the
    /// last sent element. If the source completes while an element is kept, the
    /// completion waits for it: both are sent at the end of the window. An error is
    /// forwarded at once and a kept element is dropped.
    ///
    /// ```
    /// source:                       -a-b-c-------d-e-|
    /// throttle(5):                  -a----c------d----(e|)
    /// throttle(5, latest: false):   -a-----------d---|
    /// ```
    ///
    /// ```swift
    /// button.taps
    ///     .throttle(.seconds(1), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { submit() })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two sent elements.
    ///   - latest: Whether the latest element of a window is sent at its end.
    ///   - scheduler: The scheduler that gives the time and runs the timers.
    /// - Returns: The throttled sequence.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

final private class Throttle<Element>: Producer<Element> {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let latest: Bool
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// What a ``ThrottleSink`` does once it has decided, when another call is acting.
private enum ThrottleAction<Element> {
    case send(Element)
    case startTimer(generation: UInt64, after: RxTimeInterval)
    case endWindow(kept: Element?, complete: Bool)
    case complete
    case fail(Swift.Error)
}

/// What ``ThrottleSink/on(next:)`` decided, for the call that acts on it itself.
private enum ThrottleStep {
    case nothing
    case send
    case startTimer(generation: UInt64, after: RxTimeInterval)
}

/// One subscription to `throttle`: remembers when it last sent an element and keeps
/// the latest one that came too soon.
final private class ThrottleSink<Observer: ElementObserver>: SerializingSink<Observer, ThrottleAction<Observer.Element>, ClaimsUnderLock>, ElementObserver {
    typealias Element = Observer.Element

    private let parent: Throttle<Element>
    private let timer = SerialDisposable()
    // Guarded by `lock`.
    private var kept: Element?
    private var lastSentTime: RxTime?
    private var completesAfterKept = false
    private var timerGeneration: UInt64 = 0

    init(parent: Throttle<Element>, observer: Observer, cancel: SinkDisposer) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(elementObserver: self)
        return Disposables.create(subscription, timer)
    }

    func on(next element: Element) {
        var decided: ThrottleStep = .nothing
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            let now = parent.scheduler.now
            let wait = lastSentTime.map { parent.dueTime.remaining(after: now.timeIntervalSince($0)) } ?? .nanoseconds(0)
            if wait.isZero {
                kept = nil
                // Provisional: the time is taken again once the element is sent, but a
                // call deciding meanwhile must already see this window as open.
                lastSentTime = now
                decided = .send
                return actions.claim(orLeave: sendAction(element))
            }
            if !parent.latest {
                return .nothing
            }
            let timerRuns = kept != nil
            kept = element
            if timerRuns {
                return .nothing
            }
            timerGeneration &+= 1
            decided = .startTimer(generation: timerGeneration, after: wait)
            return actions.claim(orLeave: timerStartAction(generation: timerGeneration, after: wait))
        }
        proceed(step) {
            switch decided {
            case .nothing:
                break
            case .send:
                send(element)
            case .startTimer(let generation, let wait):
                startTimer(generation: generation, after: wait)
            }
        }
    }

    func on(error: Swift.Error) {
        stopAndAct {
            kept = nil
            return .fail(error)
        }
    }

    func onCompletion() {
        decideAndAct {
            if isStopped || completesAfterKept {
                return nil
            }
            if kept != nil {
                // The timer that sends the kept element completes the sequence too.
                completesAfterKept = true
                return nil
            }
            isStopped = true
            return .complete
        }
    }

    private func startTimer(generation: UInt64, after wait: RxTimeInterval) {
        timer.disposable = parent.scheduler.scheduleRelative(generation, dueTime: wait) { generation in
            self.timerFired(generation)
            return Disposables.create()
        }
    }

    private func timerFired(_ generation: UInt64) {
        decideAndAct {
            guard !isStopped, generation == timerGeneration else {
                return nil
            }
            let element = kept
            kept = nil
            let complete = completesAfterKept
            if complete {
                isStopped = true
            }
            if element == nil && !complete {
                return nil
            }
            if element != nil {
                lastSentTime = parent.scheduler.now
            }
            return .endWindow(kept: element, complete: complete)
        }
    }

    /// Sends an element, holding the right to act: the window starts once it has been
    /// sent, as in RxSwift, so that a slow observer does not eat into it.
    private func send(_ element: Element) {
        forwardOn(next: element)
        let now = parent.scheduler.now
        lock.withLock { lastSentTime = now }
    }

    // Out of line so that `on(next:)` never builds an action itself.
    @inline(never)
    private func sendAction(_ element: Element) -> ThrottleAction<Element> {
        .send(element)
    }

    @inline(never)
    private func timerStartAction(generation: UInt64, after wait: RxTimeInterval) -> ThrottleAction<Element> {
        .startTimer(generation: generation, after: wait)
    }

    override func perform(_ action: ThrottleAction<Element>) {
        switch action {
        case .send(let element):
            send(element)
        case .startTimer(let generation, let wait):
            startTimer(generation: generation, after: wait)
        case .endWindow(let element, let complete):
            if let element {
                send(element)
            }
            if complete {
                forwardCompletedAndDispose()
            }
        case .complete:
            forwardCompletedAndDispose()
        case .fail(let error):
            forwardErrorAndDispose(error)
        }
    }
}

extension DispatchTimeInterval {
    /// What is left of this interval once `elapsed` seconds have passed, in the same
    /// unit, rounded to the nearest (halves away from zero); zero once nothing is left.
    /// `.never` stays `.never`.
    fileprivate func remaining(after elapsed: TimeInterval) -> DispatchTimeInterval {
        func left(_ value: Int, unitsPerSecond: Double) -> Int {
            let remainder = Double(value) - elapsed * unitsPerSecond
            if remainder <= 0 {
                return 0
            }
            if remainder >= Double(value) {
                return value
            }
            return Int(remainder.rounded(.toNearestOrAwayFromZero))
        }
        switch self {
        case .seconds(let value): return .seconds(left(value, unitsPerSecond: 1))
        case .milliseconds(let value): return .milliseconds(left(value, unitsPerSecond: 1_000))
        case .microseconds(let value): return .microseconds(left(value, unitsPerSecond: 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(left(value, unitsPerSecond: 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }

    /// Whether the interval is zero (`.never` is not).
    fileprivate var isZero: Bool {
        switch self {
        case .seconds(let value), .milliseconds(let value), .microseconds(let value), .nanoseconds(let value): value == 0
        case .never: false
        @unknown default: false
        }
    }
}
