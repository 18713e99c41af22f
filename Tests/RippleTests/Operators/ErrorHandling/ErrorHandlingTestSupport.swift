import Dispatch
@testable import Ripple

/// Helpers for the error-handling tests: sources that fail a given number of times,
/// and a way to run a deep synchronous chain on a thread with a small stack.
enum ErrorHandlingSupport {
    /// Runs `body` on a dispatch worker thread, whose stack is smaller than the main
    /// thread's, and returns its result; `nil` if it did not finish within
    /// ``waitLimit``.
    static func onWorkerThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result? {
        let slot = ResultSlot<Result>()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            slot.store(body())
            finished.signal()
        }
        guard waitFor(finished) else { return nil }
        return slot.value
    }

    /// A sequence that fails synchronously with `TestError(id: attempt)` on each of its
    /// first `failures` subscriptions, then sends the attempt number and completes,
    /// all during `subscribe`.
    static func failing(_ failures: Int, attempts: Counter) -> Observable<Int> {
        Observable.deferred {
            let attempt = attempts.increment()
            if attempt <= failures {
                return .error(TestError(id: attempt))
            }
            return .just(attempt)
        }
    }

    /// A chain of `links` fallbacks built as it goes: each link fails at once and its
    /// `catch` handler returns the next link; the last sends 7 and completes.
    static func fallbackChain(_ links: Int) -> Observable<Int> {
        if links == 0 {
            return .just(7)
        }
        return Observable<Int>.error(TestError(id: links)).catch { _ in fallbackChain(links - 1) }
    }

    /// Holds the result of work done on another thread.
    private final class ResultSlot<Value: Sendable>: Sendable {
        private let stored = Guarded<Value?>(nil)

        func store(_ value: Value) {
            stored.withLock { $0 = value }
        }

        var value: Value? {
            stored.withLock { $0 }
        }
    }
}

/// A side-effect log that tests interleave with the events an observer receives.
final class SideEffectLog: @unchecked Sendable {
    // `@unchecked Sendable`: `entries` is read and written only under `lock`.
    private let lock = Lock()
    private var entries: [String] = []

    func append(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }

    var all: [String] {
        lock.withLock { entries }
    }

    /// An observer that logs each event it receives as `observer: <event>`.
    func observer<Element>(_ type: Element.Type = Element.self) -> AnyObserver<Element> {
        AnyObserver { event in
            switch event {
            case .next(let element): self.append("observer: next(\(element))")
            case .error(let error): self.append("observer: error(\(error))")
            case .completed: self.append("observer: completed")
            }
        }
    }
}
