import Dispatch
import Foundation
import Ripple

/// One call of a blocking operator: subscribes to the source, collects elements until
/// the sequence ends (or `limit` of them have passed `predicate`), and makes the
/// calling thread wait for that, or for the deadline, without spinning.
///
/// The observer side (``on(_:)``) runs on whatever thread the source delivers on; the
/// waiting side is the thread that called ``result()``. They meet under `lock` and
/// through `finished`, a semaphore signalled once when the run ends.
// `@unchecked Sendable`: `elements`, `ending` and `wakesMainRunLoop` are read and
// written only under `lock`; everything else is immutable or thread-safe.
final class BlockingRun<Element>: ObserverType, @unchecked Sendable {
    private enum Ending {
        case completed
        case failed(Swift.Error)
    }

    /// How often a wait on the main run loop re-checks for the answer when nothing
    /// wakes the run loop earlier.
    static var mainRunLoopSlice: TimeInterval { 0.01 }

    private let source: Observable<Element>
    private let timeout: TimeInterval?
    private let limit: Int?
    private let predicate: ((Element) throws -> Bool)?
    private let subscription = SingleAssignmentDisposable()
    private let finished = DispatchSemaphore(value: 0)
    private let lock = Lock()
    private var elements: [Element] = []
    private var ending: Ending?
    private var wakesMainRunLoop = false

    init(source: Observable<Element>, timeout: TimeInterval?, limit: Int?, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.timeout = timeout
        self.limit = limit
        self.predicate = predicate
    }

    /// Subscribes, waits, disposes, and returns how the run ended.
    func result() -> MaterializedSequenceResult<Element> {
        let start = DispatchTime.now()
        let semaphoreDeadline = timeout.map { start + $0 }
        let runLoopDeadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        subscribe()
        if !isFinished {
            if Thread.isMainThread {
                waitRunningMainRunLoop(until: runLoopDeadline, semaphoreDeadline: semaphoreDeadline)
            } else if MainActorMailbox.isOnMainQueue {
                waitRunningMainActorWork(until: semaphoreDeadline)
            } else {
                waitOnSemaphore(until: semaphoreDeadline)
            }
        }
        let result: MaterializedSequenceResult<Element> = lock.withLock {
            // A run still going at the deadline has timed out; recording that here
            // also makes any late event be ignored.
            let end = ending ?? .failed(RxError.timeout)
            ending = end
            switch end {
            case .completed: return .completed(elements: elements)
            case .failed(let error): return .failed(elements: elements, error: error)
            }
        }
        subscription.dispose()
        return result
    }

    /// Receives the source's events, on whichever thread it delivers them.
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard !isFinished else { return }
            if let predicate {
                do {
                    guard try predicate(element) else { return }
                } catch {
                    finish(.failed(error))
                    return
                }
            }
            let reachedLimit: Bool = lock.withLock {
                guard ending == nil else { return false }
                elements.append(element)
                guard let limit, elements.count >= limit else { return false }
                ending = .completed
                return true
            }
            if reachedLimit {
                didFinish()
            }
        case .error(let error):
            finish(.failed(error))
        case .completed:
            finish(.completed)
        }
    }

    /// Subscribes on the trampoline when this thread has none running, so that a
    /// synchronous source's elements are emitted after the subscription is stored and
    /// can be stopped by disposing it (how `first()` ends an endless synchronous source).
    private func subscribe() {
        guard CurrentThreadScheduler.isScheduleRequired else {
            subscription.setDisposable(source.subscribe(self))
            return
        }
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscription.setDisposable(self.source.subscribe(self))
            return Disposables.create()
        }
    }

    private var isFinished: Bool {
        lock.withLock { ending != nil }
    }

    private func finish(_ end: Ending) {
        let isFirst: Bool = lock.withLock {
            guard ending == nil else { return false }
            ending = end
            return true
        }
        if isFirst {
            didFinish()
        }
    }

    /// Stops the source and wakes the waiting thread.
    private func didFinish() {
        subscription.dispose()
        finished.signal()
        if lock.withLock({ wakesMainRunLoop }) {
            // Makes the main run loop's `run(mode:before:)` return at once.
            DispatchQueue.main.async {}
        }
    }

    /// Waits inside a main-queue block, where nothing else can run the main queue:
    /// runs the work Ripple queued for the main actor (deliveries to main-actor
    /// closures of the very sequence being waited for, say) whenever some arrives,
    /// until the run ends or the deadline passes.
    private func waitRunningMainActorWork(until deadline: DispatchTime?) {
        MainActorMailbox.whileWaiting(wake: { [finished] in finished.signal() }) {
            while true {
                MainActorMailbox.runPending()
                if isFinished {
                    return
                }
                if let deadline {
                    if finished.wait(timeout: deadline) == .timedOut {
                        return
                    }
                } else {
                    finished.wait()
                }
            }
        }
    }

    private func waitOnSemaphore(until deadline: DispatchTime?) {
        if let deadline {
            _ = finished.wait(timeout: deadline)
        } else {
            finished.wait()
        }
    }

    /// Runs the main run loop, which drains the main dispatch queue, until the run ends
    /// or the deadline passes. Each `run(mode:before:)` sleeps until a source fires,
    /// main-queue work arrives, or the slice ends.
    private func waitRunningMainRunLoop(until deadline: Date?, semaphoreDeadline: DispatchTime?) {
        lock.withLock { wakesMainRunLoop = true }
        let runLoop = RunLoop.current
        while !isFinished {
            let now = Date()
            if let deadline, now >= deadline {
                return
            }
            let sliceEnd = min(deadline ?? .distantFuture, now.addingTimeInterval(Self.mainRunLoopSlice))
            if !runLoop.run(mode: .default, before: sliceEnd) {
                // The run loop has nothing to wait for here (it cannot drain the main
                // queue from inside a main-queue block), so it would return at once:
                // wait on the semaphore instead of spinning.
                waitRunningMainActorWork(until: semaphoreDeadline)
                return
            }
        }
    }
}
