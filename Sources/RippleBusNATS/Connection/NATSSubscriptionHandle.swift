import Ripple

/// A subscription of a ``NATSConnection``: disposing it unsubscribes.
final class NATSSubscriptionHandle: Disposable, Sendable {
    let sid: UInt64
    private let connection: NATSConnection
    private let disposed = AtomicValue<Bool>(false)

    init(connection: NATSConnection, sid: UInt64) {
        self.connection = connection
        self.sid = sid
    }

    func dispose() {
        if !disposed.exchange(true, ordering: .acquiringAndReleasing) {
            connection.unsubscribe(sid: sid)
        }
    }
}
