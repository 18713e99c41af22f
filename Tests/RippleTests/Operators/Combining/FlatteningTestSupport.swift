import Dispatch
import Foundation
@testable import Ripple

/// Helpers for the tests of the operators that flatten several sequences into one
/// (`merge`, `flatMap`, `concat`, `switchLatest`, `amb`).
enum Flattening {
    /// One run of a depth test: where it ran, how deep, and its result (`nil` if it
    /// did not finish in time).
    struct DeepRun<Result> {
        let thread: String
        let count: Int
        let result: Result?
    }

    /// Runs `body(count)` on the calling thread and on a dispatch worker thread, then
    /// `body(count / 5)` on a thread with a 512 KB stack. (Dispatch worker threads have
    /// 512 KB stacks on Apple platforms but 8 MB on Linux. A fifth of the depth on
    /// 512 KB is still, for its stack, over three times the full depth on 8 MB, and
    /// costs a fifth of the time.)
    static func onEveryThread<Result: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [DeepRun<Result>] {
        let caller = DeepRun(thread: "caller's thread", count: count, result: body(count))
        let worker = Mailbox<Result>()
        let workerFinished = finishes { finished in
            DispatchQueue.global().async {
                worker.put(body(count))
                finished.signal()
            }
        }
        let small = Mailbox<Result>()
        let smallCount = count / 5
        let smallFinished = finishes { finished in
            let thread = Thread {
                small.put(body(smallCount))
                finished.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        return [
            caller,
            DeepRun(thread: "dispatch worker thread", count: count, result: workerFinished ? worker.contents : nil),
            DeepRun(thread: "512 KB thread", count: smallCount, result: smallFinished ? small.contents : nil),
        ]
    }

    /// Starts work with `start`, which signals the semaphore it gets when done; `false`
    /// if that took more than a minute.
    private static func finishes(_ start: (DispatchSemaphore) -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        start(finished)
        return finished.wait(timeout: .now() + 60) == .success
    }

    /// What a depth test checks: how many elements arrived, their sum, and whether
    /// the sequence completed.
    struct Tally: Equatable, Sendable {
        var count = 0
        var sum = 0
        var completed = false

        /// The tally of a sequence that sends `elements`, then completes.
        static func completed(with elements: some Sequence<Int>) -> Tally {
            var tally = Tally(completed: true)
            for element in elements {
                tally.count += 1
                tally.sum += element
            }
            return tally
        }
    }

    /// Tallies what a sequence sends synchronously; for the long synchronous runs of
    /// the depth tests.
    static func tally(_ observable: Observable<Int>) -> Tally {
        var tally = Tally()
        observable.subscribe(onNext: { tally.count += 1; tally.sum += $0 }, onCompleted: { tally.completed = true }).dispose()
        return tally
    }
}

extension Flattening {
    /// Holds one value handed over from another thread.
    final class Mailbox<Value: Sendable>: Sendable {
        private let value = Guarded<Value?>(nil)

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
        private let lock = Lock()
        private var received: [Element] = []
        private var terminals: [Event<Element>] = []
        private var afterTerminal = 0
        private let overlap = OverlapDetector()
        private let ended = DispatchSemaphore(value: 0)

        func on(_ event: Event<Element>) {
            overlap.enter()
            lock.withLock {
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
            lock.withLock { received }
        }

        var elementCount: Int {
            lock.withLock { received.count }
        }

        /// The terminal events received (more than one is a bug).
        var terminalEvents: [Event<Element>] {
            lock.withLock { terminals }
        }

        var eventsAfterTerminal: Int {
            lock.withLock { afterTerminal }
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
}
