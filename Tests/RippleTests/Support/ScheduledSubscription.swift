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

    /// Schedules one new observer for each stay (subscribed at the first time, disposed
    /// at the second) with ``scheduleSubscription(_:to:at:disposedAt:)``, in the order
    /// given; runs the scheduler and returns the observers in that order.
    ///
    /// ```swift
    /// let (first, second) = scheduler.startObservers(of: shared, (200, 1000), (300, 1000))
    /// ```
    func startObservers<Source: ObservableType>(
        of observable: Source,
        _ first: (TestTime, TestTime),
        _ second: (TestTime, TestTime)
    ) -> (TestableObserver<Source.Element>, TestableObserver<Source.Element>) {
        let observers = startObservers(of: observable, stays: [first, second], sharingOneObserver: false)
        return (observers[0], observers[1])
    }

    /// ``startObservers(of:_:_:)`` for three observers.
    func startObservers<Source: ObservableType>(
        of observable: Source,
        _ first: (TestTime, TestTime),
        _ second: (TestTime, TestTime),
        _ third: (TestTime, TestTime)
    ) -> (TestableObserver<Source.Element>, TestableObserver<Source.Element>, TestableObserver<Source.Element>) {
        let observers = startObservers(of: observable, stays: [first, second, third], sharingOneObserver: false)
        return (observers[0], observers[1], observers[2])
    }

    /// Schedules one observer for each of `stays` (subscribed at the first time,
    /// disposed at the second), in the order given; runs the scheduler and returns the
    /// observer, which has recorded what every one of its subscriptions received.
    ///
    /// ```swift
    /// let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
    /// ```
    func startObserver<Source: ObservableType>(
        of observable: Source,
        staying stays: (TestTime, TestTime)...
    ) -> TestableObserver<Source.Element> {
        startObservers(of: observable, stays: stays, sharingOneObserver: true)[0]
    }

    private func startObservers<Source: ObservableType>(
        of observable: Source,
        stays: [(TestTime, TestTime)],
        sharingOneObserver: Bool
    ) -> [TestableObserver<Source.Element>] {
        let observers = sharingOneObserver
            ? [createObserver(Source.Element.self)]
            : stays.map { _ in createObserver(Source.Element.self) }
        for (index, stay) in stays.enumerated() {
            scheduleSubscription(observers[sharingOneObserver ? 0 : index], to: observable, at: stay.0, disposedAt: stay.1)
        }
        start()
        return observers
    }
}
