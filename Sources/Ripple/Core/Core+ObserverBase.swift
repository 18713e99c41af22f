
/// The base of observers that run user code: lets elements through until the first
/// terminal event, lets that one through exactly once, then ignores everything.
///
/// Subclasses implement ``onCore(next:)``, ``onCore(error:)`` and ``onCoreCompletion()``,
/// which therefore never see an event after the error or the completion, even if a
/// misbehaving source sends one, or two threads race to end the sequence. The terminal
/// event reaches them the same way whether it came as an `Event` (``on(_:)``) or along
/// the terminal road (``on(error:)``, ``onCompletion()``, see ``ElementObserver``), and
/// no `Event` is built on the way.
///
/// Events after the terminal event are dropped silently, in every build: here they
/// come from Ripple's operators or a dispose racing a source, not misuse. Misuse by
/// hand-written emission is caught where it enters Ripple (`Observable.create`'s
/// observer) and reported in debug builds (``Hooks/grammarViolationHandler``).
@usableFromInline
class ObserverBase<Element>: Disposable, ElementObserver {
    /// The word of ``isStopped``, reached only through it; first, so that ``isStopped``
    /// finds it (see ``AtomicView/init(firstStoredPropertyOf:)``) without an allocation.
    private var isStoppedWord = false.atomicWord

    /// Set by the first terminal event, at ``isStoppedWord``, whose address is fixed
    /// while the observer lives.
    @inline(__always)
    private final var isStopped: AtomicView<Bool> {
        AtomicView(firstStoredPropertyOf: self)
    }

    init() {
        assert(AtomicView<Bool>.isFirstStoredProperty(&isStoppedWord, of: self), "ObserverBase.isStoppedWord must come first")
    }

    /// Whether the terminal event has passed (or the subscription was disposed).
    @usableFromInline
    final var hasEnded: Bool {
        isStopped.load(ordering: .relaxed)
    }

    // Inlined into the witness that sinks call it through, which otherwise only calls it.
    @inline(__always)
    @usableFromInline
    final func on(next element: Element) {
        if elementTracingIsOn {
            traceOn(next: element)
        }
        if !isStopped.load(ordering: .relaxed) {
            onCore(next: element)
        }
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private final func traceOn(next element: Element) {
        JourneyTrace.step("ObserverBase", "on(next:)", "lets \(element) through unless the sequence has already stopped")
    }

    @usableFromInline
    final func on(error: Swift.Error) {
        if journeyTracingIsOn {
            JourneyTrace.step("ObserverBase", "on(error:)", "lets \(error) through unless the sequence has already stopped")
        }
        stopThenCore(error: error)
    }

    @usableFromInline
    final func onCompletion() {
        if journeyTracingIsOn {
            JourneyTrace.step("ObserverBase", "onCompletion", "lets the completion through unless the sequence has already stopped")
        }
        stopThenCoreCompletion()
    }

    // The exactly-once check of the terminal event, shared by both of its roads: the
    // first caller to stop the observer gets through, whichever thread it runs on.
    private final func stopThenCore(error: Swift.Error) {
        if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
            onCore(error: error)
        }
    }

    private final func stopThenCoreCompletion() {
        if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
            onCoreCompletion()
        }
    }

    /// Handles an element that passed the grammar check.
    func onCore(next element: Element) {
        abstractMethod()
    }

    /// Handles the error that ends the sequence; it passes the grammar check once.
    func onCore(error: Swift.Error) {
        abstractMethod()
    }

    /// Handles the completion; it passes the grammar check once.
    func onCoreCompletion() {
        abstractMethod()
    }

    /// Stops the observer: later events are ignored.
    @usableFromInline
    func dispose() {
        isStopped.store(true, ordering: .relaxed)
    }
}
