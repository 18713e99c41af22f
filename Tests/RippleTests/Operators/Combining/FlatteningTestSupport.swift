import Dispatch
import Synchronization
@testable import Ripple

/// Helpers for the tests of the operators that flatten several sequences into one
/// (`merge`, `flatMap`, `concat`, `switchLatest`, `amb`).
enum Flattening {
    /// Runs `body` on a dispatch worker thread, whose stack is smaller than the main
    /// thread's, and waits for it; `false` if it did not finish within `seconds`.
    static func onWorkerThread(seconds: Int = 60, _ body: @escaping @Sendable () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            finished.signal()
        }
        return finished.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// Runs `body` on the calling thread, then again on a dispatch worker thread, and
    /// returns both results (`nil` for a worker run that did not finish in time).
    static func onBothThreads<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> (caller: Result, worker: Result?) {
        let caller = body()
        let worker = Mailbox<Result>()
        let finished = onWorkerThread { worker.put(body()) }
        return (caller, finished ? worker.contents : nil)
    }

    /// Sums and counts the elements a sequence sends synchronously, and whether it
    /// completed; for the long synchronous runs of the depth tests.
    static func tally(_ observable: Observable<Int>) -> (count: Int, sum: Int, completed: Bool) {
        var count = 0
        var sum = 0
        var completed = false
        observable.subscribe(onNext: { count += 1; sum += $0 }, onCompleted: { completed = true }).dispose()
        return (count, sum, completed)
    }
}

/// Holds one value handed over from another thread.
final class Mailbox<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    func put(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }

    var contents: Value? {
        value.withLock { $0 }
    }
}

/// An observer for the concurrency tests: records elements from any thread, notices
/// calls that overlap, counts terminal events and events after them.
final class SerialityProbe<Element: Sendable>: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: `received` and `terminals` are used only under `lock`; the
    // rest is thread-safe.
    private let lock = Mutex(())
    private var received: [Element] = []
    private var terminals: [Event<Element>] = []
    private var afterTerminal = 0
    private let overlap = OverlapDetector()
    private let ended = DispatchSemaphore(value: 0)

    func on(_ event: Event<Element>) {
        overlap.enter()
        lock.withLock { _ in
            if !terminals.isEmpty {
                afterTerminal += 1
            }
            switch event {
            case .next(let element): received.append(element)
            case .error, .completed: terminals.append(event)
            }
        }
        overlap.leave()
        if event.isStopEvent {
            ended.signal()
        }
    }

    var elements: [Element] {
        lock.withLock { _ in received }
    }

    var elementCount: Int {
        lock.withLock { _ in received.count }
    }

    /// The terminal events received (more than one is a bug).
    var terminalEvents: [Event<Element>] {
        lock.withLock { _ in terminals }
    }

    var eventsAfterTerminal: Int {
        lock.withLock { _ in afterTerminal }
    }

    /// The most calls that were running at the same time (more than one is a bug).
    var mostConcurrentCalls: Int {
        overlap.maximum
    }

    /// Waits up to five seconds for the terminal event.
    func waitForTerminal() -> Bool {
        ended.wait(timeout: .now() + 5) == .success
    }
}
