import Ripple
import Synchronization

/// One subscriber's place on an ``EventBus``, seen without its event type: what
/// `publish` needs to offer an event to a subscriber that asked for a protocol or a
/// superclass (``EventBus/events(matching:)``).
// `@unchecked Sendable`: the class stores nothing; its subclass states why it is safe.
class AnyBusSubscription: @unchecked Sendable {
    /// Delivers `event` if it is of the subscriber's type (`event as? Event`).
    func offer(_ event: Any) {
        fatalError("AnyBusSubscription.offer(_:) must be overridden")
    }
}

/// One subscriber of an ``EventBus``: an unbounded ``DeliveryLine`` of its events
/// (which gives the guarantees: one event at a time on the subscriber's scheduler, in
/// order, nothing started after dispose), registered with the bus until disposed.
// `@unchecked Sendable` (the superclass's is unchecked): `line` is `Sendable` and `bus`
// a weak reference, neither ever reassigned.
final class BusSubscription<Event: Sendable>: AnyBusSubscription, Disposable, @unchecked Sendable {
    private let line: DeliveryLine<Event>
    private weak let bus: EventBus?

    init(bus: EventBus, scheduler: any ImmediateSchedulerType, deliver: @escaping (Event) -> Void) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.bus = bus
        line = DeliveryLine(scheduler: scheduler, deliver: deliver)
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }

    var isDisposed: Bool {
        line.isDisposed
    }

    override func offer(_ event: Any) {
        if let event = event as? Event {
            line.enqueue(event)
        }
    }

    /// Hands `event` to the subscriber's line; never blocks on the handler.
    func enqueue(_ event: Event) {
        line.enqueue(event)
    }

    func dispose() {
        line.dispose { bus?.remove(self) }
    }
}
