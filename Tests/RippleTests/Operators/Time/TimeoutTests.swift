import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TimeoutTests {
        @Test func elementsInTimePassThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([
                .next(15, 1), .next(40, 2), .next(60, 3), .next(85, 4), .completed(100),
            ])
            let observer = scheduler.start { source.timeout(.seconds(25), scheduler: scheduler) }
            #expect(observer.events == [.next(215, 1), .next(240, 2), .next(260, 3), .next(285, 4), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func aLateElementFailsWithTimeout() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(60, 3), .completed(70)])
            let observer = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .error(250, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aLateFirstElementFailsWithTimeout() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(260, 1), .completed(270)])
            let observer = scheduler.start { source.timeout(.seconds(40), scheduler: scheduler) }
            #expect(observer.events == [.error(240, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func anElementScheduledBeforeTheTimerWinsATieWithIt() {
            // The cold element at 240 was scheduled at the subscription, before the
            // timer restarted by the element at 210, so it arrives first.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
            let observer = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func theFirstTimerWinsATieWithAColdFirstElement() {
            // The first timer is started before subscribing, so it comes before the
            // cold element due at the same instant.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(30, 1), .completed(40)])
            let observer = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.error(230, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func aHotFirstElementWinsATieWithTheFirstTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(230, 1)])
            let observer = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .error(260, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func anElementSentReentrantlyStartsTheTimerThatFires() {
            // The subscriber sends 2 into the source while it hears 1: the timer after 2
            // must still fire, 30 s later.
            // `create` hands the element straight to the observer (a subject would queue
            // the re-entrant one until the first delivery returns).
            let scheduler = TestScheduler(initialClock: 0)
            final class SourceObserver { var observer: AnyObserver<Int>? }
            let sourceObserver = SourceObserver()
            let source = Observable<Int>.create { observer in
                sourceObserver.observer = observer
                return Disposables.create()
            }
            scheduler.scheduleAt(210) { sourceObserver.observer?.onNext(1) }
            let observer = scheduler.start {
                source.timeout(.seconds(30), scheduler: scheduler)
                    .do(afterNext: { if $0 == 1 { sourceObserver.observer?.onNext(2) } })
            }
            #expect(observer.events == [.next(210, 1), .next(210, 2), .error(240, RxError.timeout)])
            // The slot holds the source's observer, which holds the source: let go.
            sourceObserver.observer = nil
        }

        @Test func aCompletionInTimePassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(290)])
            let observer = scheduler.start { source.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.completed(290)])
            #expect(source.subscriptions == [Subscription(200, 290)])
        }

        @Test func anErrorInTimePassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.error(290, TestError(id: 4))])
            let observer = scheduler.start { source.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.error(290, TestError(id: 4))])
            #expect(source.subscriptions == [Subscription(200, 290)])
        }

        @Test func aSilentSourceWithALongDueTimeIsDisposedFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            let observer = scheduler.start { source.timeout(.seconds(900), scheduler: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingBeforeTheTimeoutSendsNoError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3)])
            let observer = scheduler.start(disposed: 285) { source.timeout(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(240, 2)])
            #expect(source.subscriptions == [Subscription(200, 285)])
        }

        @Test func aZeroDueTimeTimesOutOneTickAfterSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let observer = scheduler.start { source.timeout(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.error(201, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 201)])
        }

        @Test func aZeroDueTimeLetsThroughAnElementAtTheSubscriptionInstant() {
            // The cold element at 200 comes before the first timer, which is due at
            // 201; the timer it restarts is due at 201 as well, and fires.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(0, 1), .next(5, 2)])
            let observer = scheduler.start { source.timeout(.seconds(0), scheduler: scheduler) }
            #expect(observer.events == [.next(200, 1), .error(201, RxError.timeout)])
            #expect(source.subscriptions == [Subscription(200, 201)])
        }

        @Test func afterATimeoutItSwitchesToTheOtherSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(220, 1), .next(260, 2), .next(400, 3), .completed(450),
            ])
            let other = scheduler.createColdObservable([.next(20, -1), .next(40, -2), .completed(60)])
            let observer = scheduler.start { source.timeout(.seconds(80), other: other, scheduler: scheduler) }
            #expect(observer.events == [
                .next(220, 1), .next(260, 2), .next(360, -1), .next(380, -2), .completed(400),
            ])
            #expect(source.subscriptions == [Subscription(200, 340)])
            #expect(other.subscriptions == [Subscription(340, 400)])
        }

        @Test func theOtherSequenceIsNotSubscribedWhenTheSourceKeepsTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(220, 1), .next(260, 2), .completed(300)])
            let other = scheduler.createColdObservable([.next(10, -1), .completed(20)])
            let observer = scheduler.start { source.timeout(.seconds(50), other: other, scheduler: scheduler) }
            #expect(observer.events == [.next(220, 1), .next(260, 2), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
            #expect(other.subscriptions.isEmpty)
        }

        @Test func anErrorFromTheOtherSequenceEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(300, 1)])
            let other: TestableObservable<Int> = scheduler.createColdObservable([.error(15, TestError(id: 5))])
            let observer = scheduler.start { source.timeout(.seconds(50), other: other, scheduler: scheduler) }
            #expect(observer.events == [.error(265, TestError(id: 5))])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(250, 265)])
        }

        @Test func aSilentOtherSequenceStaysSubscribedUntilDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(400)])
            let other: TestableObservable<Int> = scheduler.createColdObservable([])
            let observer = scheduler.start { source.timeout(.seconds(50), other: other, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 260)])
            #expect(other.subscriptions == [Subscription(260, 1000)])
        }

        @Test func anOtherSequenceThatSendsAtOnceIsDeliveredAtTheTimeout() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start {
                source.timeout(.seconds(20), other: Observable.of(7, 8), scheduler: scheduler)
            }
            #expect(observer.events == [.next(210, 1), .next(230, 7), .next(230, 8), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingAfterTheSwitchUnsubscribesTheOtherSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            let other = scheduler.createColdObservable([.next(10, -1), .next(30, -2), .completed(40)])
            let observer = scheduler.start(disposed: 275) {
                source.timeout(.seconds(50), other: other, scheduler: scheduler)
            }
            #expect(observer.events == [.next(260, -1)])
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(other.subscriptions == [Subscription(250, 275)])
        }

        @Test func aTimerRacingTheSourceOnAnotherThreadNeverInterleavesTheTwo() {
            for _ in 0..<TimeRace.rounds {
                let timers = TimeRace.ManualTimers()
                let feed = TimeRace.Feed<Int>()
                let intruderSent = Counter()
                // Holds the delivery of `other`'s first element until the source's
                // thread has sent one more element into it.
                let probe = TimeRace.Probe<Int>(whileBusy: { element in
                    if element == -1 {
                        _ = eventuallyBlocking(timeout: .seconds(1)) { intruderSent.value > 0 }
                    }
                })
                let sent = Counter()
                let subscription = feed.observable
                    .timeout(.seconds(1), other: Observable.of(-1, -2), scheduler: timers)
                    .subscribe(probe)
                TimeRace.race({
                    // Pauses between elements so that the current timer can fire. Seen
                    // busy after `send` has returned, the probe is delivering `other`
                    // on the timer's thread: the element sent then must be dropped.
                    while sent.value < 200, !probe.isTerminated {
                        feed.send(sent.value)
                        sent.increment()
                        TimeRace.pause()
                        if probe.isBusy {
                            feed.send(sent.value)
                            sent.increment()
                            break
                        }
                    }
                    intruderSent.increment()
                    feed.complete()
                }, {
                    timers.fire(until: { probe.isTerminated })
                })
                subscription.dispose()
                timers.fire()
                let elements = probe.elements
                let fromSource = Array(elements.prefix { $0 >= 0 })
                let fromOther = Array(elements.dropFirst(fromSource.count))
                #expect(fromSource == Array(0..<fromSource.count))
                // Either a timer switched to `other`, which then ran to its completion,
                // or the source ran to its own.
                #expect(fromOther == [-1, -2] || (fromOther.isEmpty && fromSource.count == sent.value))
                #expect(probe.completedOnce)
                #expect(probe.overlaps == 0)
                #expect(feed.disposals.value == 1)
            }
        }
    }
}
