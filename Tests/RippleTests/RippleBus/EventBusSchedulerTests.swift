import Testing
@testable import Ripple
import RippleBus
import RippleTest

extension RippleTests {
    /// The bus with Ripple's virtual-time scheduler: delivery happens when the
    /// subscriber's scheduler runs, not when the event is published.
    @Suite struct EventBusSchedulerTests {
        @Test func aHandlerOnAVirtualTimeSchedulerRunsWhenTheSchedulerRuns() {
            let scheduler = TestScheduler(initialClock: 0)
            let bus = EventBus()
            let probe = BusProbe<Int>()
            let subscription = bus.subscribe(Int.self, on: scheduler) { probe.handle($0) }
            bus.publish(1)
            bus.publish(2)
            #expect(probe.values.isEmpty)
            scheduler.start()
            #expect(probe.values == [1, 2])
            bus.publish(3)
            subscription.dispose()
            scheduler.start()
            #expect(probe.values == [1, 2])
        }

        @Test func eventsOnAVirtualTimeSchedulerComposeWithTimeOperators() {
            let scheduler = TestScheduler(initialClock: 0)
            let bus = EventBus()
            let observer = scheduler.createObserver(Int.self)
            let subscription = bus.events(Int.self, on: scheduler)
                .delay(.seconds(10), scheduler: scheduler)
                .map { $0 * 2 }
                .subscribe(observer)
            scheduler.scheduleAt(100) { bus.publish(1) }
            scheduler.scheduleAt(200) { bus.publish(2) }
            scheduler.scheduleAt(300) { subscription.dispose() }
            scheduler.start()
            #expect(observer.events == [.next(111, 2), .next(211, 4)])
        }
    }
}
