import Synchronization

/// The base of observers that run user code: lets elements through until the first
/// terminal event, lets that one through exactly once, then ignores everything.
///
/// Subclasses implement ``onCore(next:)`` and ``onCore(_:)``, which therefore never see
/// an event after `.error` or `.completed`, even if a misbehaving source sends one, or
/// two threads race to end the sequence.
///
/// Events after the terminal event are dropped silently here, in every build: what
/// reaches an `ObserverBase` comes from Ripple's operators, which keep the grammar, or
/// from a dispose racing a source, which is not misuse. Misuse by code that emits by
/// hand (an event after the terminal one, calls overlapping from two threads) is
/// detected where it enters Ripple, in the observer an `Observable.create` closure
/// receives, and reported in debug builds through ``Hooks/grammarViolationHandler``.
class ObserverBase<Element>: Disposable, ElementObserver {
    private let isStopped = Atomic<Bool>(false)

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

    final func on(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("ObserverBase", "on", "lets \(event) through unless the sequence has already stopped")
        }
        switch event {
        case .next(let element):
            if !isStopped.load(ordering: .relaxed) {
                onCore(next: element)
            }
        case .error, .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                onCore(event)
            }
        }
    }

    /// Handles an element that passed the grammar check.
    func onCore(next element: Element) {
        abstractMethod()
    }

    /// Handles the terminal event, which passes the grammar check once.
    func onCore(_ event: Event<Element>) {
        abstractMethod()
    }

    /// Stops the observer: later events are ignored.
    func dispose() {
        isStopped.store(true, ordering: .relaxed)
    }
}
