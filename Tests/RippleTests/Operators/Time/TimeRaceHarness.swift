#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Foundation
@testable import Ripple

/// Helpers for the real-thread tests of the time operators: a scheduler whose timers
/// a test fires by hand on the thread it chooses, a source the test feeds from any
/// thread, and an observer that notices when it is called from two threads at once.
enum TimeRace {
    /// How many rounds each real-thread test runs.
    static let rounds = 300

    /// How many rounds a test that places its race with ``Gate``s runs: each round
    /// hits the race for sure, so fewer are needed.
    static let gatedRounds = 120

    /// A one-way signal between the threads of a race: one thread opens it, another
    /// waits for it, asleep. Tests use gates to make the interleaving they mean to
    /// test happen every round, instead of spinning until it happens by chance
    /// (which, under the Thread Sanitizer on a busy machine, took minutes).
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)

        /// Lets the waiting thread (or the next one to wait) go.
        func open() {
            semaphore.signal()
        }

        /// Waits until the gate is opened, or five seconds have passed, so that a
        /// broken operator fails the test instead of hanging it.
        ///
        /// - Returns: Whether the gate was opened in time.
        @discardableResult
        func wait() -> Bool {
            semaphore.wait(timeout: .now() + 5) == .success
        }
    }

    /// Runs `first` on a new thread and `second` on this one, and returns when both
    /// have finished. (A thread of its own, rather than a dispatch queue, so that the
    /// two really run side by side even when the machine is busy.)
    static func race(_ first: @escaping @Sendable () -> Void, _ second: () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            first()
            finished.signal()
        }
        thread.start()
        second()
        finished.wait()
    }

    /// Lets the other thread run: on a busy machine the two threads of a race may
    /// share one core, and a thread that spins waiting for the other would only
    /// slow it down.
    static func pause() {
        sched_yield()
    }

    /// A scheduler that queues every action, whatever its due time, until the test
    /// calls ``fire()``; its clock stands still at the epoch. A
    /// ``ManualQueueScheduler`` that also takes timers.
    final class ManualTimers: ManualQueueScheduler, SchedulerType, @unchecked Sendable {
        // `@unchecked Sendable`: restated from ``ManualQueueScheduler``; no state of its own.
        var now: RxTime {
            Date(timeIntervalSince1970: 0)
        }

        /// Actions waiting, cancelled or not.
        var pendingCount: Int {
            queuedCount
        }

        func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
            schedule(state, action: action)
        }

        /// Runs the waiting actions on this thread, oldest first, including those they
        /// schedule, until none is left; cancelled ones are dropped.
        ///
        /// - Returns: How many actions ran.
        @discardableResult
        func fire() -> Int {
            run()
        }

        /// Keeps firing until `done` returns `true`, or five seconds have passed.
        func fire(until done: () -> Bool) {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(5))
            while !done(), clock.now < deadline {
                if fire() == 0 {
                    TimeRace.pause()
                }
            }
        }
    }

    /// A source that the test feeds from any thread; counts its subscriptions and
    /// their disposals.
    final class Feed<Element>: @unchecked Sendable {
        // `@unchecked Sendable`: `observer` is read and written only under `lock`; the
        // observer it holds is a Ripple sink, which the tests mean to exercise from
        // several threads.
        private let lock = Lock()
        private var observer: AnyObserver<Element>?
        let subscriptions = Counter()
        let disposals = Counter()

        /// A sequence whose subscriber receives what ``send(_:)`` sends.
        var observable: Observable<Element> {
            Observable.create { observer in
                self.subscriptions.increment()
                self.lock.withLock { self.observer = observer }
                return Disposables.create {
                    self.lock.withLock { self.observer = nil }
                    self.disposals.increment()
                }
            }
        }

        func send(_ element: Element) {
            lock.withLock { observer }?.onNext(element)
        }

        func complete() {
            lock.withLock { observer }?.onCompleted()
        }

        func fail(_ error: Swift.Error) {
            lock.withLock { observer }?.onError(error)
        }
    }

    /// An observer that records what it receives and counts the calls that began
    /// while another was still running, which the observer contract forbids.
    final class Probe<Element>: ObserverType, @unchecked Sendable {
        // `@unchecked Sendable`: `received` is read and written only under `lock`; the
        // rest are atomics.
        private let lock = Lock()
        private var received: [Event<Element>] = []
        private let busy = AtomicValue<Bool>(false)
        private let overlapping = AtomicValue<Int>(0)
        private let ended = AtomicValue<Bool>(false)
        private let whileBusy: ((Element) -> Void)?

        /// - Parameter whileBusy: Called with each element while the probe is busy
        ///   with it; a test can hold the delivery there while another thread acts.
        init(whileBusy: ((Element) -> Void)? = nil) {
            self.whileBusy = whileBusy
        }

        func on(_ event: Event<Element>) {
            if busy.exchange(true, ordering: .acquiringAndReleasing) {
                overlapping.wrappingAdd(1, ordering: .relaxed)
            }
            lock.withLock { received.append(event) }
            if let whileBusy, let element = event.element {
                whileBusy(element)
            }
            // Stays busy a moment, so that a call from another thread would overlap.
            for _ in 0..<1_000 {
                _ = overlapping.load(ordering: .relaxed)
            }
            if event.isStopEvent {
                ended.store(true, ordering: .releasing)
            }
            busy.store(false, ordering: .releasing)
        }

        var events: [Event<Element>] {
            lock.withLock { received }
        }

        var elements: [Element] {
            events.compactMap(\.element)
        }

        /// Whether a call is running now: a test can wait for it, to send something
        /// from another thread while an event is being delivered.
        var isBusy: Bool {
            busy.load(ordering: .acquiring)
        }

        /// How many calls overlapped another.
        var overlaps: Int {
            overlapping.load(ordering: .relaxed)
        }

        /// Whether a terminal event has arrived.
        var isTerminated: Bool {
            ended.load(ordering: .acquiring)
        }

        /// Whether exactly one terminal event arrived, and it came last.
        var endedOnce: Bool {
            let events = self.events
            return events.filter(\.isStopEvent).count == 1 && events.last?.isStopEvent == true
        }

        /// Whether the one terminal event is `.completed`.
        var completedOnce: Bool {
            endedOnce && events.last?.isCompleted == true
        }

        /// Whether the one terminal event is an error.
        var failedOnce: Bool {
            endedOnce && events.last?.error != nil
        }
    }
}

extension TimeRace {
    /// The race of a timed operator's timer with its source: each round, one thread
    /// feeds `0..<50` and completes, while this one fires the timers after a wait that
    /// differs from round to round. Then the subscription is disposed and `check`
    /// looks at what the probe received and at the feed.
    static func timerFiresWhileFiftyElementsArrive(
        _ apply: (Observable<Int>, ManualTimers) -> Observable<Int>,
        check: (Probe<Int>, Feed<Int>) -> Void
    ) {
        for round in 0..<rounds {
            let timers = ManualTimers()
            let feed = Feed<Int>()
            let probe = Probe<Int>()
            let subscription = apply(feed.observable, timers).subscribe(probe)
            race({
                for value in 0..<50 {
                    feed.send(value)
                }
                feed.complete()
            }, {
                // Lets the source run for a while, different in each round.
                for _ in 0..<(round % 30) * 20 {
                    _ = timers.pendingCount
                }
                timers.fire()
            })
            subscription.dispose()
            check(probe, feed)
        }
    }
}
