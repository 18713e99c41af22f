import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DelayTests {
        @Test func shiftsElementsAndTheCompletionByTheDueTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(240, 2), .next(300, 3), .completed(320),
            ])
            let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(260, 1), .next(290, 2), .next(350, 3), .completed(370)])
            // The source is left as soon as it completes, not when the delayed
            // completion is sent.
            #expect(source.subscriptions == [Subscription(200, 320)])
        }

        @Test func aDueTimeLongerThanTheGapsKeepsEveryElementsOwnShift() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(225, 3), .completed(240),
            ])
            let observer = scheduler.start { source.delay(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(310, 1), .next(320, 2), .next(325, 3), .completed(340)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func anErrorIsSentAtOnceAndDropsTheElementsStillWaiting() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(250, 2), .error(270, TestError(id: 9)),
            ])
            let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(260, 1), .error(270, TestError(id: 9))])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func anErrorBeforeAnyDeliveryIsAllThatArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 10))])
            let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.error(220, TestError(id: 10))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func anEmptySourceCompletesLate() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.delay(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.completed(280)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSilentSourceSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            let observer = scheduler.start { source.delay(.seconds(30), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func eventsThatArriveTogetherComeOutOneTickApart() {
            // Each run of the scheduler sends one event; the next, already due, is
            // scheduled for now, which TestScheduler runs a tick later.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(10, 1), .next(10, 2), .next(10, 3), .completed(10),
            ])
            let observer = scheduler.start { source.delay(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .next(231, 2), .next(232, 3), .completed(233)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func aSynchronousSourceIsDelayedFromTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable.of(1, 2).delay(.seconds(10), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(211, 2), .completed(212)])
        }

        @Test func aZeroDueTimeSendsOneTickLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { source.delay(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(221, 2), .completed(231)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingDropsTheElementsStillWaiting() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
            let observer = scheduler.start(disposed: 270) { source.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(260, 1)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func disposingAtTheInstantAnElementIsDueWinsWhenScheduledFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start(disposed: 260) { source.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aLongBurstKeepsItsOrder() {
            let scheduler = TestScheduler(initialClock: 0)
            let burst: [RippleTest.Recorded<Event<Int>>] = (0..<40).map { .next(210 + $0, $0) } + [.completed(260)]
            let expected: [RippleTest.Recorded<Event<Int>>] = (0..<40).map { .next(310 + $0, $0) } + [.completed(360)]
            let source = scheduler.createHotObservable(burst)
            let observer = scheduler.start { source.delay(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == expected)
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aSteadyStreamLongerThanTheDueTimeKeepsItsOrder() {
            // About ten elements wait at any time, so the queue grows while it is
            // being drained.
            let scheduler = TestScheduler(initialClock: 0)
            let stream: [RippleTest.Recorded<Event<Int>>] = (0..<40).map { .next(210 + $0, $0) } + [.completed(260)]
            let expected: [RippleTest.Recorded<Event<Int>>] = (0..<40).map { .next(220 + $0, $0) } + [.completed(270)]
            let source = scheduler.createHotObservable(stream)
            let observer = scheduler.start { source.delay(.seconds(10), scheduler: scheduler) }
            #expect(observer.events == expected)
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func elementsFedOnOneThreadWhileAnotherDrainsArriveInOrder() {
            for _ in 0..<TimeRace.rounds {
                let timers = TimeRace.ManualTimers()
                let feed = TimeRace.Feed<Int>()
                let probe = TimeRace.Probe<Int>()
                let subscription = feed.observable.delay(.seconds(1), scheduler: timers).subscribe(probe)
                TimeRace.race({
                    for value in 0..<30 {
                        feed.send(value)
                    }
                    feed.complete()
                }, {
                    timers.fire(until: { probe.isTerminated })
                })
                subscription.dispose()
                timers.fire()
                #expect(probe.elements == Array(0..<30))
                #expect(probe.completedOnce)
                #expect(probe.overlaps == 0)
            }
        }

        /// The source's error arrives on its thread while the scheduler's thread is
        /// delivering a delayed element (gated, not hoped for): in "held" rounds the
        /// delivery waits inside the observer until the error has been sent, so the
        /// drain must send it, right after that element; in the other rounds the
        /// delivery goes on and the error lands wherever it lands in the drain.
        @Test func anErrorFromOneThreadWhileAnotherDrainsArrivesOnceAndLast() {
            for round in 0..<TimeRace.gatedRounds {
                let held = round % 2 == 0
                let gateAt = round % 3
                let timers = TimeRace.ManualTimers()
                let feed = TimeRace.Feed<Int>()
                let queued = TimeRace.Gate()
                let delivering = TimeRace.Gate()
                let failed = TimeRace.Gate()
                let probe = TimeRace.Probe<Int>(whileBusy: { element in
                    if element == gateAt {
                        delivering.open()
                        if held {
                            failed.wait()
                        }
                    }
                })
                let subscription = feed.observable.delay(.seconds(1), scheduler: timers).subscribe(probe)
                TimeRace.race({
                    for value in 0..<(gateAt + 3) {
                        feed.send(value)
                    }
                    queued.open()
                    #expect(delivering.wait())
                    feed.fail(TestError(id: 11))
                    failed.open()
                }, {
                    queued.wait()
                    timers.fire()
                })
                subscription.dispose()
                timers.fire()
                let elements = probe.elements
                if held {
                    // The error came in mid-delivery: the drain sent it next and
                    // dropped the elements still waiting.
                    #expect(elements == Array(0...gateAt))
                } else {
                    #expect(elements.count > gateAt)
                    #expect(elements == Array(0..<elements.count))
                }
                #expect(probe.failedOnce)
                #expect(probe.overlaps == 0)
            }
        }
    }
}
