import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TimerTests {
        @Test func intervalTicksEveryPeriodFromTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start(disposed: 245) {
                Observable<Int>.interval(.seconds(10), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        }

        @Test func oneOffTimerSendsZeroThenCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(250, 0), .completed(250)])
        }

        @Test func periodicTimerWaitsForTheDueTimeThenTicksEveryPeriod() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start(disposed: 400) {
                Observable<Int>.timer(.seconds(100), period: .seconds(30), scheduler: scheduler)
            }
            #expect(observer.events == [.next(300, 0), .next(330, 1), .next(360, 2), .next(390, 3)])
        }

        @Test func disposingBeforeTheDueTimeSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start(disposed: 240) {
                Observable<Int>.timer(.seconds(50), scheduler: scheduler)
            }
            #expect(observer.events.isEmpty)
        }

        @Test func aTimerOnAnInt8CounterWrapsInsteadOfTrapping() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start(created: 0, subscribed: 0, disposed: 2_575) {
                Observable<Int8>.interval(.seconds(10), scheduler: scheduler)
            }
            #expect(observer.events.count == 257)
            #expect(observer.events[127] == .next(1_280, 127))
            #expect(observer.events[128] == .next(1_290, -128))
            #expect(observer.events.last == .next(2_570, 0))
        }
    }
}

extension RippleTests.TimerTests {
    @Test func aTimerDueNeverDoesNotFireAndDoesNotTrapInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 500) {
            Observable<Int>.timer(.never, scheduler: scheduler)
        }
        #expect(observer.events.isEmpty)
    }
}
