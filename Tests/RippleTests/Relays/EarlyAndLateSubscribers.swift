@testable import Ripple
import RippleTest

/// The early/late scenario of the relay tests, on a `TestScheduler`: `early` subscribes
/// at 100, `accept(1)` at 150, `late` subscribes at 200, `accept(2)` at 250, `early`
/// leaves at 300, `accept(3)` at 350; both subscriptions are disposed at the end.
/// Returns the two observers.
func earlyAndLateSubscribers<Relay: ObservableType>(
    of relay: Relay,
    accept: @escaping (Int) -> Void
) -> (early: TestableObserver<Int>, late: TestableObserver<Int>) where Relay.Element == Int {
    let scheduler = TestScheduler(initialClock: 0)
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var subscriptions: [Disposable] = []
    scheduler.scheduleAt(100) { subscriptions.append(relay.subscribe(early)) }
    scheduler.scheduleAt(150) { accept(1) }
    scheduler.scheduleAt(200) { subscriptions.append(relay.subscribe(late)) }
    scheduler.scheduleAt(250) { accept(2) }
    scheduler.scheduleAt(300) { subscriptions[0].dispose() }
    scheduler.scheduleAt(350) { accept(3) }
    scheduler.start()
    subscriptions.forEach { $0.dispose() }
    return (early, late)
}
