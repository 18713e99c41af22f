import Ripple

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

/// One subscriber on an ``EventBus``: an unbounded ``DeliveryLine`` drained on the
/// subscriber's scheduler, one event at a time (see the line for the guarantees).
///
/// `dispose` stops the line first (no call starts after that), then unregisters from the bus.
// `@unchecked Sendable`: the class's only state is the line, itself thread-safe.
final class BusSubscription<Event: Sendable>: AnyBusSubscription, Disposable, @unchecked Sendable {
    private let line: DeliveryLine<Event>
    private weak let bus: EventBus?

    init(bus: EventBus, scheduler: any ImmediateSchedulerType, isolation: (any Actor)? = nil, deliver: @escaping (Event) -> Void) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.bus = bus
        let line = DeliveryLine<Event>(scheduler: scheduler)
        self.line = line
        super.init()
        // A handler isolated to an actor: the drain hands each event on to the actor, in
        // order, and the disposal check is made again there, just before the handler runs.
        if let isolated = IsolatedHandler<Event>(isolation: isolation, handler: { [weak line] event in
            if let line, !line.isDisposed {
                deliver(event)
            }
        }) {
            line.open(isolated.send)
        } else {
            line.open(deliver)
        }
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
            enqueue(event)
        }
    }

    /// Appends `event` to the line and makes sure a drain will run; never blocks on the handler.
    func enqueue(_ event: Event) {
        line.enqueue(event)
    }

    func dispose() {
        if line.dispose() {
            bus?.remove(self)
        }
    }
}
