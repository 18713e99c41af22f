import Synchronization

/// The base of observers that run user code: lets elements through until the first
/// terminal event, lets that one through exactly once, then ignores everything.
///
/// Subclasses implement ``onCore(_:)``, which therefore never sees an event after
/// `.error` or `.completed`, even if a misbehaving source sends one, or two threads
/// race to end the sequence.
class ObserverBase<Element>: Disposable, ObserverType {
    private let isStopped = Atomic<Bool>(false)

    final func on(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("ObserverBase", "on", "lets \(event) through unless the sequence has already stopped")
        }
        switch event {
        case .next:
            if !isStopped.load(ordering: .relaxed) {
                onCore(event)
            }
        case .error, .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                onCore(event)
            }
        }
    }

    /// Handles an event that passed the grammar check.
    func onCore(_ event: Event<Element>) {
        abstractMethod()
    }

    /// Stops the observer: later events are ignored.
    func dispose() {
        isStopped.store(true, ordering: .relaxed)
    }
}
