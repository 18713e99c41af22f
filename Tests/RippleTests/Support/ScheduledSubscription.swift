@testable import Ripple
import RippleTest

extension TestScheduler {
    /// Subscribes `observer` to `observable` at virtual time `subscribeTime` and
    /// disposes that subscription at `disposeTime`: one observer's stay, for tests that
    /// let several observers come and go (sharing operators).
    ///
    /// Subscriptions disposed at the same time are disposed in the order they were
    /// scheduled.
    ///
    /// ```swift
    /// scheduler.scheduleSubscription(first, to: shared, at: 200, disposedAt: 1000)
    /// scheduler.scheduleSubscription(second, to: shared, at: 300, disposedAt: 1000)
    /// scheduler.start()
    /// ```
    func scheduleSubscription<Source: ObservableType>(
        _ observer: TestableObserver<Source.Element>,
        to observable: Source,
        at subscribeTime: TestTime,
        disposedAt disposeTime: TestTime
    ) {
        var subscription: Disposable?
        scheduleAt(subscribeTime) { subscription = observable.subscribe(observer) }
        scheduleAt(disposeTime) { subscription?.dispose() }
    }
}
