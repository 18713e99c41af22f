import FoundationEssentials
import Ripple
import RippleBus
import Synchronization

/// One subscriber of a ``NATSEventBus``: a ``DeliveryLine`` of raw messages, bounded
/// at `limit` (drop the newest, the drops reported before the next delivery), filled by
/// the connection's reader thread and drained on the subscriber's scheduler, where each
/// message is decoded and handed to `deliver`, one at a time. The line gives the
/// guarantees (no overlap, arrival order, nothing started after dispose); this type
/// adds the envelope decoding and the server subscription, undone on dispose.
final class NATSBusSubscription<Event: BusEvent>: Disposable, Sendable {
    private let line: DeliveryLine<NATSMessage>
    // The server subscription once `attach` made it; taken by `dispose`.
    private let handle = Mutex<(any Disposable & Sendable)?>(nil)

    init(
        scheduler: any ImmediateSchedulerType,
        limit: Int,
        report: @escaping @Sendable (NATSBusError) -> Void,
        undeliverable: @escaping @Sendable (NATSMessage) -> Void,
        deliver: @escaping (Event, NATSMessage) -> Void
    ) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        // Used only by the line's one running drain.
        let decoder = JSONDecoder()
        line = DeliveryLine(
            scheduler: scheduler,
            limit: limit,
            reportDrops: { count, last in report(.slowConsumer(subject: last.subject, dropped: count)) },
            deliver: { message in
                switch EnvelopeCoding.decode(Event.self, from: message, using: decoder) {
                case .success(let event):
                    deliver(event, message)
                case .failure(let error):
                    report(error)
                    undeliverable(message)
                }
            }
        )
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }

    var isDisposed: Bool {
        line.isDisposed
    }

    /// Subscribes on the server; the subscription is undone if this one is disposed meanwhile.
    ///
    /// The connection's record holds this subscription strongly, as `EventBus` holds its
    /// own: dropping the returned disposable does not end a subscription (RxSwift's
    /// rule); `dispose()` or the connection's end does, both of which drop the record.
    func attach(to connection: NATSConnection, subject: String, queueGroup: String?) throws(NATSError) {
        let made = try connection.subscribe(to: subject, queueGroup: queueGroup) { message in
            self.enqueue(message)
        }
        // `dispose` sets the flag before it takes `handle`: either it finds this one
        // there, or this finds the flag set.
        let kept = handle.withLock { handle in
            if isDisposed {
                return false
            }
            handle = made
            return true
        }
        if !kept {
            made.dispose()
        }
    }

    /// Reader thread: buffers `message` (or counts it dropped when full) and makes sure a
    /// drain will run.
    func enqueue(_ message: NATSMessage) {
        line.enqueue(message)
    }

    func dispose() {
        line.dispose {
            handle.withLock { $0.take() }?.dispose()
        }
    }
}
