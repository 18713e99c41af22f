import Dispatch
import Ripple

// What the connection tells its observers: `state` and `errors`, always on `announcer`.
extension NATSConnection {
    /// Tells `state`'s subscribers, one event at a time and in order, on `announcer`.
    func announce(_ status: NATSConnectionState) {
        announcer.async { [stateSubject] in
            stateSubject.onNext(status)
        }
    }

    /// Tells `errors`' subscribers, one event at a time and in order, on `announcer`.
    func report(_ error: NATSError) {
        announcer.async { [errorSubject] in
            errorSubject.onNext(error)
        }
    }
}
