import Dispatch
import Testing
@testable import Ripple

/// Runs stress rounds so that a deadlock fails the test instead of hanging CI.
///
/// ``run(rounds:timeout:sourceLocation:_:)`` runs the rounds one after another on a
/// dispatch worker and waits for them with a timeout; if they do not finish in time
/// (a round is stuck on a lock), it records an issue naming the round and returns.
/// The stuck thread cannot be freed, but the test fails at once and the rest of the
/// suite goes on. ``concurrently(_:)`` runs a round's actions on several threads at once.
///
/// ```swift
/// Watchdog.run(rounds: 500) { _ in
///     let subject = PublishSubject<Int>()
///     let subscription = subject.subscribe(GrammarObserver<Int>())
///     Watchdog.concurrently(
///         { subject.onNext(1) },
///         { subscription.dispose() }
///     )
/// }
/// ```
enum Watchdog {
    /// Runs `round(0)`, `round(1)`, … `round(rounds - 1)` on a dispatch worker; records
    /// an issue and returns early if they have not all finished within `timeout`.
    ///
    /// The default timeout is generous (the Thread Sanitizer slows rounds tenfold): it
    /// only has to tell a deadlock from slow progress.
    ///
    /// - Parameter onTimeout: What to do about a timeout; by default, record an issue.
    static func run(
        rounds: Int,
        timeout: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation,
        onTimeout: ((String) -> Void)? = nil,
        _ round: @escaping @Sendable (Int) -> Void
    ) {
        let progress = Progress()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for index in 0..<rounds {
                if progress.isAbandoned {
                    break
                }
                progress.start(index)
                round(index)
            }
            finished.signal()
        }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        if finished.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
            progress.abandon()
            let message = "Watchdog: round \(progress.current) of \(rounds) did not finish within \(timeout): a deadlock?"
            if let onTimeout {
                onTimeout(message)
            } else {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
    }

    /// Runs every action at once, each on its own dispatch worker where the system has
    /// one free, and returns when all have returned.
    static func concurrently(_ actions: (@Sendable () -> Void)...) {
        DispatchQueue.concurrentPerform(iterations: actions.count) { index in
            actions[index]()
        }
    }

    /// A few hundred nanoseconds to a few microseconds of busy work, different from round
    /// to round, so that racing actions meet at different points.
    static func jitter(_ round: Int, scale: Int = 1) {
        var spin = (round &* 2_654_435_761) % (64 * scale)
        while spin > 0 {
            spin -= 1
            keep(spin)
        }
    }

    /// Keeps a busy loop from being optimised away.
    @inline(never)
    private static func keep(_ value: Int) {}

    private final class Progress: Sendable {
        private let index = AtomicValue<Int>(0)
        private let abandoned = AtomicValue<Bool>(false)

        func start(_ round: Int) { index.store(round, ordering: .relaxed) }
        var current: Int { index.load(ordering: .relaxed) }
        func abandon() { abandoned.store(true, ordering: .relaxed) }
        var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }
    }
}

/// An observer for stress tests that checks the observer grammar from any thread: calls
/// never overlap, at most one terminal event, nothing after it.
///
/// Its state is atomics only, so it adds no lock (and no ordering the Thread Sanitizer
/// could mistake for the operator's own) beyond what the check needs.
final class GrammarObserver<Element>: ObserverType, Sendable {
    private let inside = AtomicValue<Bool>(false)
    private let overlapCount = AtomicValue<Int>(0)
    private let elementCount = AtomicValue<Int>(0)
    private let terminalCount = AtomicValue<Int>(0)
    private let afterTerminalCount = AtomicValue<Int>(0)
    private let onElement: @Sendable (Element) -> Void

    /// - Parameter onElement: Runs for each element, inside the checked call (for
    ///   observers that re-enter the operator).
    init(onElement: @escaping @Sendable (Element) -> Void = { _ in }) {
        self.onElement = onElement
    }

    func on(_ event: Event<Element>) {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlapCount.wrappingAdd(1, ordering: .relaxed)
        }
        if terminalCount.load(ordering: .relaxed) > 0 {
            afterTerminalCount.wrappingAdd(1, ordering: .relaxed)
        }
        switch event {
        case .next:
            elementCount.wrappingAdd(1, ordering: .relaxed)
        case .error, .completed:
            terminalCount.wrappingAdd(1, ordering: .relaxed)
        }
        inside.store(false, ordering: .releasing)
        if case .next(let element) = event {
            onElement(element)
        }
    }

    var elements: Int { elementCount.load(ordering: .relaxed) }
    var terminals: Int { terminalCount.load(ordering: .relaxed) }

    /// Records an issue for every broken rule of the grammar.
    func checkGrammar(_ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        let overlaps = overlapCount.load(ordering: .relaxed)
        let terminals = terminalCount.load(ordering: .relaxed)
        let after = afterTerminalCount.load(ordering: .relaxed)
        if overlaps != 0 || terminals > 1 || after != 0 {
            Issue.record("\(what()): \(overlaps) overlapping calls, \(terminals) terminal events, \(after) events after the terminal one", sourceLocation: sourceLocation)
        }
    }
}
