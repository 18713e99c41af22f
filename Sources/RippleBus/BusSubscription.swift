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

/// One subscriber's delivery line: an unbounded FIFO buffer drained on the subscriber's
/// scheduler, one event at a time.
///
/// - `enqueue` (the publishing side) appends under `lock` and, if no drain is running or
///   scheduled, schedules one. It never waits for the handler.
/// - `drain` (on the scheduler) swaps the whole buffer into `batch` under `lock`, then
///   calls `deliver` for each event outside it, checking `disposed` before each call; it
///   loops until the buffer is empty and only then clears `draining`. So at most one drain
///   exists at a time, whatever the scheduler: the handler never runs concurrently with
///   itself, and events leave in the order they entered the buffer.
/// - `dispose` sets `disposed` first (no call starts after that), then unregisters from
///   the bus and drops the buffer and `deliver`.
// `@unchecked Sendable`: `buffer`, `draining` and `deliver` are read and written only
// under `lock`; `batch` is used only by the single running drain (the `draining` flag,
// set and cleared under `lock`, admits one), which is also the only caller of
// `deliver`. `scheduler` is only asked to `schedule`, from publishing threads, as
// `observe(on:)` does with its scheduler.
final class BusSubscription<Event: Sendable>: AnyBusSubscription, Disposable, @unchecked Sendable {
    private let scheduler: any ImmediateSchedulerType
    private let disposed = AtomicValue<Bool>(false)
    private weak let bus: EventBus?
    private let lock = Lock()
    private var buffer: [Event] = []
    // Touched only by the one running drain (and swapped with `buffer` under `lock`).
    private var batch: [Event] = []
    private var draining = false
    private var deliver: ((Event) -> Void)?

    init(bus: EventBus, scheduler: any ImmediateSchedulerType, isolation: (any Actor)? = nil, deliver: @escaping (Event) -> Void) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.bus = bus
        self.scheduler = scheduler
        self.deliver = deliver
        super.init()
        // A handler isolated to an actor: the drain hands each event on to the actor, in
        // order, and the disposal check is made again there, just before the handler runs.
        if let isolated = IsolatedHandler<Event>(isolation: isolation, handler: { [weak self] event in
            if let self, !self.isDisposed {
                deliver(event)
            }
        }) {
            self.deliver = isolated.send
        }
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }

    var isDisposed: Bool {
        disposed.load(ordering: .sequentiallyConsistent)
    }

    override func offer(_ event: Any) {
        if let event = event as? Event {
            enqueue(event)
        }
    }

    /// Appends `event` to the buffer and makes sure a drain will run; never blocks on
    /// the handler.
    func enqueue(_ event: Event) {
        if isDisposed {
            return
        }
        let startsDrain: Bool = lock.withLock {
            buffer.append(event)
            if draining {
                return false
            }
            draining = true
            return true
        }
        if startsDrain {
            _ = scheduler.schedule(self) { subscription in
                subscription.drain()
                return Disposables.create()
            }
        }
    }

    /// The most buffered events whose array an idle subscription keeps allocated.
    private static var keptCapacity: Int { 64 }

    private func drain() {
        while let deliver = takeBatch() {
            for event in batch {
                if isDisposed {
                    break
                }
                deliver(event)
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Moves the buffered events into `batch` and returns the handler to give them to;
    /// or, when there is nothing left to deliver (or the subscription is disposed), ends
    /// the drain and returns `nil`.
    ///
    /// `batch` is the drain's own array: the one running drain swaps it with `buffer`
    /// under the lock, so both keep their capacity and a steady stream of events
    /// allocates nothing.
    private func takeBatch() -> ((Event) -> Void)? {
        lock.withLock {
            if !buffer.isEmpty, !isDisposed, let deliver {
                swap(&buffer, &batch)
                return deliver
            }
            // Ends the drain; `batch` is reset before `draining` is cleared, since the
            // next drain may start as soon as it is. Small arrays keep their capacity
            // for the next burst, large ones are freed.
            if isDisposed || buffer.capacity > Self.keptCapacity {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            if isDisposed || batch.capacity > Self.keptCapacity {
                batch = []
            }
            draining = false
            return nil
        }
    }

    func dispose() {
        if disposed.exchange(true, ordering: .sequentiallyConsistent) {
            return
        }
        bus?.remove(self)
        // Released outside the lock: dropping the handler may run deinits of what it
        // captured, which may call back into the bus.
        let released: (buffer: [Event], deliver: ((Event) -> Void)?) = lock.withLock {
            defer {
                buffer = []
                deliver = nil
            }
            return (buffer, deliver)
        }
        _ = released
    }
}
