import Dispatch
import Foundation
import Testing
@testable import Ripple

/// A real-time scheduler for the stress tests of the time operators: runs each action
/// on a concurrent dispatch queue once its due time has passed, so timers fire on other
/// threads than the one feeding the source.
final class ConcurrentTimerScheduler: SchedulerType, @unchecked Sendable {
    // `@unchecked Sendable`: its stored properties are immutable and thread-safe.
    private let queue = DispatchQueue(label: "RippleTests.ConcurrentTimerScheduler", attributes: .concurrent)
    private let pending = DispatchGroup()

    var now: RxTime {
        Date()
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let slot = SingleAssignmentDisposable()
        let work = Unchecked((state: state, action: action))
        let pending = self.pending
        pending.enter()
        queue.asyncAfter(deadline: .now() + dueTime) {
            if !slot.isDisposed {
                slot.setDisposable(work.value.action(work.value.state))
            }
            pending.leave()
        }
        return slot
    }

    /// Waits until every action scheduled so far has run or been skipped, so that
    /// nothing they hold outlives the test.
    func waitUntilIdle() {
        pending.wait()
    }
}

/// An observer for the stress tests: records what it receives from any thread, counts
/// calls that overlapped another call, and events that came after the terminal one.
final class OverlapCheckingObserver<Element>: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: `received` and `stops` are used only under `lock`; the
    // rest is atomic or immutable.
    private let inside = AtomicValue<Bool>(false)
    private let overlapCount = Counter()
    private let lock = Lock()
    private var received: [Element] = []
    private var stops: [Event<Element>] = []
    private var afterStop = 0
    private let ended = DispatchSemaphore(value: 0)
    private let onElement: (Element) -> Void

    /// - Parameter onElement: Runs for each element, inside the checked call.
    init(onElement: @escaping (Element) -> Void = { _ in }) {
        self.onElement = onElement
    }

    func on(_ event: Event<Element>) {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlapCount.increment()
        }
        if case .next(let element) = event {
            onElement(element)
        }
        // Stays inside for 30 µs, a slow observer: a call overlapping this one either
        // finds `inside` set (above) or, leaving first, clears it while this one runs.
        let until = DispatchTime.now().uptimeNanoseconds + 30_000
        while DispatchTime.now().uptimeNanoseconds < until {
            if !inside.load(ordering: .relaxed) {
                overlapCount.increment()
                break
            }
        }
        lock.withLock {
            if !stops.isEmpty {
                afterStop += 1
            }
            switch event {
            case .next(let element): received.append(element)
            case .error, .completed: stops.append(event)
            }
        }
        inside.store(false, ordering: .releasing)
        if event.isStopEvent {
            ended.signal()
        }
    }

    /// The elements received, in order.
    var elements: [Element] {
        lock.withLock { received }
    }

    /// How many terminal events arrived, and whether the only one was `completed`.
    var completedOnce: Bool {
        lock.withLock { stops.count == 1 && stops[0].isCompleted }
    }

    /// Calls that began while another was running.
    var overlaps: Int {
        overlapCount.value
    }

    /// Events that arrived after the terminal event.
    var eventsAfterStop: Int {
        lock.withLock { afterStop }
    }

    /// Waits up to five seconds for the terminal event; `false` if it did not come.
    func waitForEnd() -> Bool {
        ended.wait(timeout: .now() + 5) == .success
    }
}

/// The source of the stress tests, driven by hand from the test's thread: a
/// ``ManualSource`` of integers.
typealias HandDrivenSource = ManualSource<Int>

extension ManualSource where Element == Int {
    /// Sends `0..<count`, pausing briefly every few elements so that timers due in
    /// between fire on the scheduler's threads while the next elements come; then
    /// completes.
    func sendAndComplete(count: Int) {
        for value in 0..<count {
            onNext(value)
            if value % 16 == 15 {
                Thread.sleep(forTimeInterval: 0.000_06)
            }
        }
        onCompleted()
    }
}

/// The stress round shared by the timed operators with one output per tick: 30 times,
/// 400 elements from a ``HandDrivenSource`` through `apply` (built on a
/// ``ConcurrentTimerScheduler``, so its timers fire on other threads while elements
/// come). Checks that the sequence completed exactly once, with no overlapping call and
/// nothing after the end; then `check` looks at what was sent (given the element count).
func expectTimersOnOtherThreadsKeepTheGrammar<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: (Observable<Int>, ConcurrentTimerScheduler) -> Observable<Result>,
    check: ([Result], _ count: Int) -> Void
) {
    let scheduler = ConcurrentTimerScheduler()
    let count = 400
    for _ in 0..<30 {
        let source = HandDrivenSource()
        let observer = OverlapCheckingObserver<Result>()
        let subscription = apply(source.observable, scheduler).subscribe(observer)
        source.sendAndComplete(count: count)
        #expect(observer.waitForEnd(), sourceLocation: sourceLocation)
        check(observer.elements, count)
        #expect(observer.completedOnce, sourceLocation: sourceLocation)
        #expect(observer.overlaps == 0, sourceLocation: sourceLocation)
        #expect(observer.eventsAfterStop == 0, sourceLocation: sourceLocation)
        subscription.dispose()
        source.release()
    }
    scheduler.waitUntilIdle()
}
