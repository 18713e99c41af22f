import Dispatch
import FoundationEssentials
import Ripple

/// One subscriber's delivery line on a ``NATSEventBus``: a bounded FIFO of raw messages,
/// filled by the connection's reader thread and drained on the subscriber's scheduler,
/// where each message is decoded and handed to `deliver`, one at a time.
///
/// - `enqueue` (reader thread) appends under `lock`, or, when `limit` messages or
///   `byteLimit` payload bytes are already waiting, drops the new one, counts it and
///   schedules a slow-consumer report at once (drops made before that report runs join
///   it). It schedules a drain if none is running or scheduled. It never waits for the
///   subscriber.
/// - `drain` (scheduler) takes one message at a time under `lock`, so what waits, and
///   counts against the bounds, is exactly what the handler has not been given yet; it
///   decodes and delivers outside the lock, and clears `draining` only once the buffer
///   is empty. So one drain at a time: no overlap, and messages leave in arrival order.
/// - `dispose` sets `disposed` first (no delivery starts after that), unsubscribes from
///   the server, then drops the buffer and `deliver`.
// `@unchecked Sendable`: `buffer`, `head`, `heldBytes`, `dropped`, `droppedSubject`,
// `reportScheduled`, `draining`, `deliver` and `handle` are read and written only under
// `lock`; `decoder` is used only by the single running drain (admitted by `draining`,
// set and cleared under `lock`).
final class NATSBusSubscription<Event: BusEvent>: Disposable, @unchecked Sendable {
    private let scheduler: any ImmediateSchedulerType
    private let limit: Int
    private let byteLimit: Int
    // Where reports go out, one at a time, and what sends one there.
    private let reporter: DispatchQueue
    private let emit: @Sendable (NATSBusError) -> Void
    // Told about each message that could not be delivered (durable subscriptions terminate it).
    private let undeliverable: @Sendable (NATSMessage) -> Void
    private let disposed = AtomicValue<Bool>(false)
    private let lock = Lock()
    // The waiting messages are `buffer[head...]`; taken slots are cleared at once, so a
    // delivered message's payload is not kept alive until the next compaction.
    private var buffer: [NATSMessage?] = []
    private var head = 0
    private var heldBytes = 0
    private var dropped = 0
    private var droppedSubject = ""
    private var reportScheduled = false
    private var draining = false
    private var deliver: ((Event, NATSMessage) -> Void)?
    private var handle: (any Disposable)?
    private let decoder = JSONDecoder()
    // `Event.busName`, looked up once rather than for every message.
    private let busName = Event.busName

    init(
        scheduler: any ImmediateSchedulerType,
        limit: Int,
        byteLimit: Int,
        reporter: DispatchQueue,
        emit: @escaping @Sendable (NATSBusError) -> Void,
        undeliverable: @escaping @Sendable (NATSMessage) -> Void,
        isolation: (any Actor)? = nil,
        deliver: @escaping (Event, NATSMessage) -> Void
    ) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.scheduler = scheduler
        self.limit = limit
        self.byteLimit = byteLimit
        self.reporter = reporter
        self.emit = emit
        self.undeliverable = undeliverable
        self.deliver = deliver
        // A handler isolated to an actor: the drain decodes each message and hands it on
        // to the actor, in order; the disposal check is made again there, just before
        // `deliver` runs.
        if let isolated = IsolatedHandler<(Event, NATSMessage)>(isolation: isolation, handler: { [weak self] delivery in
            if let self, !self.isDisposed {
                deliver(delivery.0, delivery.1)
            }
        }) {
            self.deliver = { event, message in isolated.send((event, message)) }
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

    /// Whether no message waits and none is being delivered (an actor's handler may still
    /// be running on the last one handed to it).
    var isIdle: Bool {
        lock.withLock { !draining && head == buffer.count }
    }

    /// Subscribes on the server; the subscription is undone if this one is disposed meanwhile.
    ///
    /// The connection's record holds this subscription strongly, as `EventBus` holds its
    /// own: dropping the returned disposable does not end a subscription (RxSwift's
    /// rule); `dispose()` or the connection's end does, both of which drop the record.
    func attach(to connection: NATSConnection, subject: String, queueGroup: String?) throws(NATSError) {
        let handle = try connection.subscribe(to: subject, queueGroup: queueGroup) { message in
            self.enqueue(message)
        }
        let keep = lock.withLock {
            if isDisposed {
                return false
            }
            self.handle = handle
            return true
        }
        if !keep {
            handle.dispose()
        }
    }

    /// Reader thread: buffers `message` (or drops it when a bound is reached, and makes
    /// sure the drop is reported now) and makes sure a drain will run.
    func enqueue(_ message: NATSMessage) {
        if isDisposed {
            return
        }
        let size = message.payload.count
        let (startsDrain, reportsDrop): (Bool, Bool) = lock.withLock {
            var reportsDrop = false
            if buffer.count - head >= limit || heldBytes + size > byteLimit {
                dropped += 1
                droppedSubject = message.subject
                reportsDrop = !reportScheduled
                reportScheduled = true
            } else {
                buffer.append(message)
                heldBytes += size
            }
            if draining || buffer.count == head {
                return (false, reportsDrop)
            }
            draining = true
            return (true, reportsDrop)
        }
        if reportsDrop {
            reporter.async { [weak self] in
                self?.reportDrops()
            }
        }
        if startsDrain {
            _ = scheduler.schedule(self) { subscription in
                subscription.drain()
                return Disposables.create()
            }
        }
    }

    /// Reports the drops counted since the last report (on `reporter`).
    private func reportDrops() {
        let (count, subject) = lock.withLock {
            defer {
                dropped = 0
                reportScheduled = false
            }
            return (dropped, droppedSubject)
        }
        if count > 0 {
            emit(.slowConsumer(subject: subject, dropped: count))
        }
    }

    private func drain() {
        while let (deliver, message) = takeNext() {
            switch EnvelopeCoding.decode(Event.self, from: message, using: decoder, name: busName) {
            case .success(let event):
                deliver(event, message)
            case .failure(let error):
                reporter.async { [emit] in emit(error) }
                undeliverable(message)
            }
        }
    }

    /// The next waiting message, taken out of the buffer (and out of its bounds), or `nil`
    /// (and `draining` cleared) when there is none or the subscription is disposed.
    private func takeNext() -> (((Event, NATSMessage) -> Void), NATSMessage)? {
        lock.withLock {
            guard head < buffer.count, !isDisposed, let deliver, let message = buffer[head] else {
                buffer = []
                head = 0
                heldBytes = 0
                draining = false
                return nil
            }
            buffer[head] = nil
            head += 1
            heldBytes -= message.payload.count
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024, head * 2 >= buffer.count {
                buffer.removeSubrange(0..<head)
                head = 0
            }
            return (deliver, message)
        }
    }

    func dispose() {
        if disposed.exchange(true, ordering: .sequentiallyConsistent) {
            return
        }
        let released = lock.withLock {
            defer {
                buffer = []
                head = 0
                heldBytes = 0
                deliver = nil
                handle = nil
            }
            return (buffer, deliver, handle)
        }
        released.2?.dispose()
    }
}
