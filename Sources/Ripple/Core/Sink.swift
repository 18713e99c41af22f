import Synchronization

/// The per-subscription half of an operator: receives events from upstream, applies
/// the operator's logic, and forwards the result to the downstream observer.
///
/// Each operator is a ``Producer`` (the description) plus a `Sink` subclass (one per
/// subscription). ``forwardOn(_:)`` is the only road downstream, and it drops every
/// event once the sink is disposed: after `dispose()` returns, the observer hears
/// nothing more. Checking that costs one atomic load per event and no lock.
class Sink<Observer: ObserverType>: Disposable {
    /// The downstream observer.
    final let observer: Observer
    /// The subscription's ``SinkDisposer``; disposing it ends the whole subscription.
    final let cancel: Cancelable
    private let disposed = Atomic<Bool>(false)

    init(observer: Observer, cancel: Cancelable) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.observer = observer
        self.cancel = cancel
    }

    /// Forwards `event` downstream unless this sink has been disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("Sink", "forwardOn", "\(typeName(self)) checks it is not disposed, then hands \(event) to \(typeName(observer))")
        }
        if disposed.load(ordering: .relaxed) {
            return
        }
        observer.on(event)
    }

    /// Whether ``dispose()`` has been called.
    final var isDisposed: Bool {
        disposed.load(ordering: .relaxed)
    }

    /// Stops forwarding and disposes the subscription's ``SinkDisposer``.
    func dispose() {
        if journeyTracingIsOn, !disposed.load(ordering: .relaxed) {
            JourneyTrace.step("Sink", "dispose", "\(typeName(self)) stops forwarding and disposes its SinkDisposer")
        }
        disposed.store(true, ordering: .relaxed)
        cancel.dispose()
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }
}
