
/// One step of an event's journey through Ripple's code, reported by ``JourneyTrace``.
public struct JourneyStep: Sendable, CustomStringConvertible {
    /// The position of this step in the trace, from 1.
    public let number: Int
    /// The type whose code ran: `Producer`, `SinkDisposer`, `Sink`, … or `your code`.
    public let type: String
    /// The member that ran: `subscribe`, `run`, `forwardOn`, …
    public let member: String
    /// What the step does, in a sentence.
    public let note: String

    /// `12. Sink.forwardOn: …`
    public var description: String {
        "\(number). \(type).\(member): \(note)"
    }
}

/// Shows the journey of a subscription and its events through Ripple's own code.
///
/// The core types (``Observable``'s `create`, `Producer`, `SinkDisposer`, `Sink`,
/// `ObserverBase`, ``AnyObserver`` …) report each step they take while a trace is on.
/// When no trace is on, each subscription-time step costs one relaxed atomic load. The
/// steps an element takes are reported in debug builds (what `swift run` builds) and
/// compiled out of release builds, where they cost nothing.
///
/// ```swift
/// let steps = JourneyTrace.record {
///     _ = Observable.just(1).subscribe(onNext: { print($0) })
/// }
/// steps.forEach { print($0) }
/// ```
public enum JourneyTrace {
    /// Runs `body` with tracing on, calling `onStep` for each step as it happens (on the
    /// thread that takes it). Traces do not nest.
    ///
    /// - Parameters:
    ///   - body: The code to trace.
    ///   - onStep: Called with each step as it is taken.
    /// - Returns: What `body` returns.
    public static func trace<Result>(
        _ body: () throws -> Result,
        onStep: @escaping @Sendable (JourneyStep) -> Void
    ) rethrows -> Result {
        tracer.withLock { state in
            precondition(state.onStep == nil, "JourneyTrace traces do not nest")
            state = Tracer(onStep: onStep, count: 0)
        }
        journeyFlag.store(true, ordering: .releasing)
        defer {
            journeyFlag.store(false, ordering: .releasing)
            tracer.withLock { $0 = Tracer(onStep: nil, count: 0) }
        }
        return try body()
    }

    /// Runs `body` with tracing on and returns the steps it took.
    ///
    /// - Parameter body: The code to trace.
    /// - Returns: The steps `body` took, in order.
    public static func record(_ body: () throws -> Void) rethrows -> [JourneyStep] {
        let steps = LockedValue<[JourneyStep]>([])
        try trace(body, onStep: { step in steps.withLock { $0.append(step) } })
        return steps.withLock { $0 }
    }

    /// Reports one step. Callers check ``journeyTracingIsOn`` first, so building the
    /// note costs nothing while tracing is off.
    static func step(_ type: String, _ member: String, _ note: @autoclosure () -> String) {
        let numbered: (handler: (@Sendable (JourneyStep) -> Void)?, number: Int) = tracer.withLock { state in
            guard let handler = state.onStep else { return (nil, 0) }
            state.count += 1
            return (handler, state.count)
        }
        guard let handler = numbered.handler else { return }
        handler(JourneyStep(number: numbered.number, type: type, member: member, note: note()))
    }

    private struct Tracer {
        var onStep: (@Sendable (JourneyStep) -> Void)?
        var count: Int
    }

    private static let tracer = LockedValue(Tracer(onStep: nil, count: 0))
}

/// Whether a journey trace runs, in a static word (a global ``AtomicValue`` would be
/// initialised lazily, a check on every read).
private var journeyFlag: AtomicView<Bool> {
    @inline(__always) get { GlobalAtomicWord.journeyTracing.view() }
}

/// Whether a ``JourneyTrace`` is running; the one check a subscription-time trace point
/// costs when off.
var journeyTracingIsOn: Bool {
    @inline(__always) get { journeyFlag.load(ordering: .relaxed) }
}

/// Whether the trace points on element paths report: in debug builds, while a trace
/// runs; in release builds never, so the check and the trace point compile away and an
/// element costs nothing for tracing (even a relaxed load per trace point would cost
/// about 2% of an element's instructions).
var elementTracingIsOn: Bool {
    @inline(__always) get {
        #if DEBUG
        journeyFlag.load(ordering: .relaxed)
        #else
        false
        #endif
    }
}
