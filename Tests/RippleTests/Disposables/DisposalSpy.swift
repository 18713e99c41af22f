import Dispatch
import Foundation
@testable import Ripple

/// An ordered, thread-safe record of which spies were disposed, shared by the spies
/// of one test so that the order of disposal can be checked.
final class DisposalLog: Sendable {
    private let entries = Guarded<[String]>([])

    func append(_ name: String) {
        entries.withLock { $0.append(name) }
    }

    var names: [String] {
        entries.withLock { $0 }
    }
}

/// A disposable that counts every call to `dispose()` (it is deliberately *not*
/// idempotent itself, so a container that disposes it twice is caught) and, when
/// given a log, appends its name to it on each call.
final class DisposalSpy: Disposable, Sendable {
    let name: String
    private let log: DisposalLog?
    private let calls = AtomicValue<Int>(0)

    init(_ name: String = "", log: DisposalLog? = nil) {
        self.name = name
        self.log = log
    }

    func dispose() {
        calls.wrappingAdd(1, ordering: .relaxed)
        log?.append(name)
    }

    /// How many times `dispose()` was called.
    var disposeCount: Int {
        calls.load(ordering: .relaxed)
    }
}

/// A scheduler that only queues its actions; `runAll()` runs them on the calling
/// thread. It proves that a disposal went through the scheduler.
final class QueueingScheduler: ImmediateSchedulerType {
    private var queued: [() -> Void] = []

    var queuedCount: Int { queued.count }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        queued.append { _ = action(state) }
        return Disposables.create()
    }

    func runAll() {
        while !queued.isEmpty {
            queued.removeFirst()()
        }
    }
}

/// Runs `body` for `0 ..< iterations` on as many threads as Dispatch offers, and
/// returns when every iteration has finished.
///
/// The first iterations wait briefly at a start line until one has arrived for each
/// processor, so that the bodies really overlap instead of running one after another
/// as threads trickle in. The wait is bounded: on a busy machine, or if Dispatch runs
/// the iterations one by one, they still finish.
func runConcurrently(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
    let starters = min(iterations, ProcessInfo.processInfo.activeProcessorCount)
    let arrived = Counter()
    DispatchQueue.concurrentPerform(iterations: iterations) { index in
        arrived.increment()
        var spins = 0
        while arrived.value < starters, spins < 100_000 {
            spins += 1
        }
        body(index)
    }
}
