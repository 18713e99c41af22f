import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ReplayRelayTests {
        @Test func earlyAndLateSubscribersGetTheBufferThenLaterElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let relay = ReplayRelay<Int>.create(bufferSize: 2)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(100) { subscriptions.append(relay.subscribe(early)) }
            scheduler.scheduleAt(150) { relay.accept(1) }
            scheduler.scheduleAt(160) { relay.accept(2) }
            scheduler.scheduleAt(170) { relay.accept(3) }
            scheduler.scheduleAt(200) { subscriptions.append(relay.subscribe(late)) }
            scheduler.scheduleAt(250) { relay.accept(4) }
            scheduler.start()
            #expect(early.events == [.next(150, 1), .next(160, 2), .next(170, 3), .next(250, 4)])
            #expect(late.events == [.next(200, 2), .next(200, 3), .next(250, 4)])
            subscriptions.forEach { $0.dispose() }
        }

        @Test func anUnboundedRelayReplaysEverything() {
            let relay = ReplayRelay<Int>.createUnbounded()
            (1...5).forEach(relay.accept)
            #expect(relay.asObservable().recordSynchronously() == [.next(1), .next(2), .next(3), .next(4), .next(5)])
        }

        @Test func aNegativeBufferSizeFailsSubscribersWithArgumentOutOfRange() {
            let relay = ReplayRelay<Int>.create(bufferSize: -3)
            relay.accept(1)
            #expect(relay.recordSynchronously() == [.error(String(describing: RxError.argumentOutOfRange))])
        }
    }
}
