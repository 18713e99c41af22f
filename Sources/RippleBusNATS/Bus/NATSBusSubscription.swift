import Dispatch
import FoundationEssentials
import Ripple
import RippleBus

/// One subscriber on a ``NATSEventBus``: a bounded ``DeliveryLine`` of raw messages (the
/// line RippleBus's `EventBus` subscriptions use), filled by the connection's reader
/// thread and drained on the subscriber's scheduler, where each message is decoded and
/// handed to `deliver`, one at a time.
///
/// - `enqueue` (reader thread) puts the message on the line, which holds at most `limit`
///   messages and `byteLimit` payload bytes that the handler has not been given (those
///   waiting in an isolated handler's actor queue included); beyond
///   that it drops the message and counts it, and the first drop since the last report
///   schedules a slow-consumer report at once (drops made before it runs join it). It
///   never waits for the subscriber.
/// - The line's drain decodes each message and delivers it, in arrival order, one at a time.
/// - `dispose` stops the line first (no delivery starts after that), then unsubscribes
///   from the server.
// `@unchecked Sendable`: `handle` is read and written only under `lock`; the line is
// thread-safe and the rest is immutable.
final class NATSBusSubscription<Event: BusEvent>: Disposable, @unchecked Sendable {
    private let line: DeliveryLine<NATSMessage>
    // Where reports go out, one at a time, and what sends one there.
    private let reporter: DispatchQueue
    private let emit: @Sendable (NATSBusError) -> Void
    private let lock = Lock()
    private var handle: (any Disposable)?

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
        // A handler isolated to an actor: the drain decodes each message and hands it on
        // to the actor, in order. The message stays counted against the line's bounds
        // until the actor takes it: its share is given back there, just before the
        // disposal check and `deliver`, so the actor's queue is inside the bounds.
        weak var weakLine: DeliveryLine<NATSMessage>?
        let isolated = IsolatedHandler<(Event, NATSMessage)>(isolation: isolation, lettingGoOfEach: true) { delivery in
            if let line = weakLine {
                line.release(delivery.1)
                if !line.isDisposed {
                    deliver(delivery.0, delivery.1)
                }
            }
        }
        let line = DeliveryLine<NATSMessage>(
            scheduler: scheduler,
            limit: limit,
            byteLimit: byteLimit,
            size: { $0.payload.count },
            releasedByHandler: isolated != nil
        )
        weakLine = line
        self.line = line
        self.reporter = reporter
        self.emit = emit
        var handOver = deliver
        if let isolated {
            handOver = { event, message in isolated.send((event, message)) }
        }
        // Used only by the line's single running drain.
        let decoder = JSONDecoder()
        // `Event.busName`, looked up once rather than for every message.
        let busName = Event.busName
        line.open { [handOver] message in
            switch EnvelopeCoding.decode(Event.self, from: message, using: decoder, name: busName) {
            case .success(let event):
                handOver(event, message)
            case .failure(let error):
                if isolated != nil {
                    weakLine?.release(message)
                }
                reporter.async { emit(error) }
                undeliverable(message)
            }
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

    /// Whether no message waits, none is being delivered, and an actor's handler has taken
    /// every message handed on to it (it may still be running on the last).
    var isIdle: Bool {
        line.isIdle
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

    /// Reader thread: puts `message` on the line, and makes sure a drop is reported now.
    func enqueue(_ message: NATSMessage) {
        if case .dropped(reportsDrops: true) = line.enqueue(message) {
            reporter.async { [weak self] in
                self?.reportDrops()
            }
        }
    }

    /// Reports the drops counted since the last report (on `reporter`).
    private func reportDrops() {
        let (count, last) = line.takeDrops()
        if count > 0, let last {
            emit(.slowConsumer(subject: last.subject, dropped: count))
        }
    }

    func dispose() {
        guard line.dispose() else {
            return
        }
        let handle = lock.withLock {
            defer { self.handle = nil }
            return self.handle
        }
        handle?.dispose()
    }
}
