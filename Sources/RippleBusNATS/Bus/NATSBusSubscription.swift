import FoundationEssentials
import Ripple

/// One subscriber's delivery line on a ``NATSEventBus``: a bounded FIFO of raw messages,
/// filled by the connection's reader thread and drained on the subscriber's scheduler,
/// where each message is decoded and handed to `deliver`, one at a time.
///
/// - `enqueue` (reader thread) appends under `lock`, or, when `limit` messages are
///   already waiting, drops the new one and counts it; it schedules a drain if none is
///   running or scheduled. It never waits for the subscriber.
/// - `drain` (scheduler) takes the whole buffer under `lock`, reports the drops counted
///   so far, then decodes and delivers outside it, checking `disposed` before each call;
///   it loops until the buffer is empty and only then clears `draining`. So one drain at
///   a time: no overlap, and messages leave in arrival order.
/// - `dispose` sets `disposed` first (no delivery starts after that), unsubscribes from
///   the server, then drops the buffer and `deliver`.
// `@unchecked Sendable`: `buffer`, `dropped`, `draining`, `deliver` and `handle` are read
// and written only under `lock`; `batch` and `decoder` are used only by the single
// running drain (admitted by `draining`, set and cleared under `lock`).
final class NATSBusSubscription<Event: BusEvent>: Disposable, @unchecked Sendable {
    private let scheduler: any ImmediateSchedulerType
    private let limit: Int
    private let report: @Sendable (NATSBusError) -> Void
    // Told about each message that could not be delivered (durable subscriptions terminate it).
    private let undeliverable: @Sendable (NATSMessage) -> Void
    private let disposed = AtomicValue<Bool>(false)
    private let lock = Lock()
    private var buffer: [NATSMessage] = []
    private var batch: [NATSMessage] = []
    private var dropped = 0
    private var droppedSubject = ""
    private var draining = false
    private var deliver: ((Event, NATSMessage) -> Void)?
    private var handle: (any Disposable)?
    private let decoder = JSONDecoder()

    init(
        scheduler: any ImmediateSchedulerType,
        limit: Int,
        report: @escaping @Sendable (NATSBusError) -> Void,
        undeliverable: @escaping @Sendable (NATSMessage) -> Void,
        isolation: (any Actor)? = nil,
        deliver: @escaping (Event, NATSMessage) -> Void
    ) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.scheduler = scheduler
        self.limit = limit
        self.report = report
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

    /// Reader thread: buffers `message` (or counts it dropped when full) and makes sure a
    /// drain will run.
    func enqueue(_ message: NATSMessage) {
        if isDisposed {
            return
        }
        let startsDrain: Bool = lock.withLock {
            if buffer.count >= limit {
                dropped += 1
                droppedSubject = message.subject
            } else {
                buffer.append(message)
            }
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

    private func drain() {
        while let (deliver, drops, subject) = takeBatch() {
            if drops > 0 {
                report(.slowConsumer(subject: subject, dropped: drops))
            }
            for message in batch {
                if isDisposed {
                    break
                }
                switch EnvelopeCoding.decode(Event.self, from: message, using: decoder) {
                case .success(let event):
                    deliver(event, message)
                case .failure(let error):
                    report(error)
                    undeliverable(message)
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    private func takeBatch() -> (((Event, NATSMessage) -> Void), Int, String)? {
        lock.withLock {
            if (!buffer.isEmpty || dropped > 0), !isDisposed, let deliver {
                swap(&buffer, &batch)
                defer { dropped = 0 }
                return (deliver, dropped, droppedSubject)
            }
            buffer = isDisposed ? [] : buffer
            batch = isDisposed ? [] : batch
            draining = false
            return nil
        }
    }

    func dispose() {
        if disposed.exchange(true, ordering: .sequentiallyConsistent) {
            return
        }
        let released = lock.withLock {
            defer {
                buffer = []
                deliver = nil
                handle = nil
            }
            return (buffer, deliver, handle)
        }
        released.2?.dispose()
    }
}
