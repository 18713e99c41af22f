import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SampleTests {
        @Test func eachTickSendsTheLatestNewElementAndTheNextTickAfterTheSourceEndsCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(205, 1), .next(215, 2), .next(218, 3), .next(245, 4), .completed(300),
            ])
            let sampler = scheduler.createHotObservable([
                .next(150, "s"), .next(210, "s"), .next(230, "s"), .next(250, "s"), .next(270, "s"),
                .next(320, "s"), .next(340, "s"), .completed(400),
            ])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.next(210, 1), .next(230, 3), .next(250, 4), .completed(320)])
            #expect(source.subscriptions == [Subscription(200, 300)])
            #expect(sampler.subscriptions == [Subscription(200, 320)])
        }

        @Test func aDefaultValueFillsTheTicksWithoutANewElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(205, 1), .next(245, 4), .completed(300)])
            let sampler = scheduler.createHotObservable([
                .next(210, "s"), .next(230, "s"), .next(250, "s"), .next(270, "s"), .next(320, "s"),
            ])
            let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
            #expect(observer.events == [
                .next(210, 1), .next(230, 0), .next(250, 4), .next(270, 0), .next(320, 0), .completed(320),
            ])
            #expect(source.subscriptions == [Subscription(200, 300)])
            #expect(sampler.subscriptions == [Subscription(200, 320)])
        }

        @Test func theSamplersCompletionIsALastTick() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .completed(240)])
            let observer = scheduler.start { source.sample(sampler) }
            // The sampler is done while the source still runs: nothing can be sampled
            // any more, and the result never ends.
            #expect(observer.events == [.next(220, 1), .next(240, 2)])
            #expect(source.subscriptions == [Subscription(200, 260)])
            #expect(sampler.subscriptions == [Subscription(200, 240)])
        }

        @Test func theSamplersCompletionAfterTheSourceEndedSendsTheLastElementAndCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let sampler: TestableObservable<String> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.next(250, 1), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 220)])
            #expect(sampler.subscriptions == [Subscription(200, 250)])
        }

        @Test func theSamplersCompletionSendsTheDefaultValueWhenNothingIsNew() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let sampler = scheduler.createHotObservable([.next(215, "s"), .completed(250)])
            let observer = scheduler.start { source.sample(sampler, defaultValue: -1) }
            #expect(observer.events == [.next(215, 1), .next(250, -1), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 220)])
            #expect(sampler.subscriptions == [Subscription(200, 250)])
        }

        @Test func ticksBeforeTheFirstElementSendNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(235, 1)])
            let sampler = scheduler.createHotObservable([.next(210, "s"), .next(220, "s"), .next(240, "s")])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.next(240, 1)])
            #expect(source.subscriptions == [Subscription(200, 1000)])
            #expect(sampler.subscriptions == [Subscription(200, 1000)])
        }

        @Test func theSourcesErrorEndsTheResultAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .error(230, TestError(id: 6))])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .next(240, "s")])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.next(220, 1), .error(230, TestError(id: 6))])
            #expect(source.subscriptions == [Subscription(200, 230)])
            #expect(sampler.subscriptions == [Subscription(200, 230)])
        }

        @Test func theSamplersErrorEndsTheResultAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .error(240, TestError(id: 7))])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.next(220, 1), .error(240, TestError(id: 7))])
            #expect(source.subscriptions == [Subscription(200, 240)])
            #expect(sampler.subscriptions == [Subscription(200, 240)])
        }

        @Test func anEmptySourceCompletesOnTheNextTick() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .next(230, "s")])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events == [.completed(220)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(sampler.subscriptions == [Subscription(200, 220)])
        }

        @Test func aSilentSamplerSendsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let sampler: TestableObservable<String> = scheduler.createHotObservable([])
            let observer = scheduler.start { source.sample(sampler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 250)])
            #expect(sampler.subscriptions == [Subscription(200, 1000)])
        }

        @Test func disposingStopsSampling() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .next(240, "s")])
            let observer = scheduler.start(disposed: 235) { source.sample(sampler) }
            #expect(observer.events == [.next(220, 1)])
            #expect(source.subscriptions == [Subscription(200, 235)])
            #expect(sampler.subscriptions == [Subscription(200, 235)])
        }

        @Test func anElementAndATickAtTheSameInstantMeetInTheOrderTheyWereScheduled() {
            // Source created first: its element at 220 comes before the tick.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(220, 1)])
            let sampler = scheduler.createHotObservable([.next(220, "s"), .next(230, "s")])
            let sampledAtOnce = scheduler.start { source.sample(sampler) }
            #expect(sampledAtOnce.events == [.next(220, 1)])

            // Sampler created first: its tick at 220 finds nothing; the next one takes it.
            let secondScheduler = TestScheduler(initialClock: 0)
            let secondSampler = secondScheduler.createHotObservable([.next(220, "s"), .next(230, "s")])
            let secondSource = secondScheduler.createHotObservable([.next(220, 1)])
            let sampledLater = secondScheduler.start { secondSource.sample(secondSampler) }
            #expect(sampledLater.events == [.next(230, 1)])
        }

        @Test func anIntervalAsTheSampler() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(205, 1), .next(212, 2), .next(214, 3), .next(236, 4), .completed(250),
            ])
            let observer = scheduler.start {
                source.sample(Observable<Int>.interval(.seconds(10), scheduler: scheduler))
            }
            // The source completes at 250 before the tick due then, which was
            // scheduled later; that tick finds nothing new and completes.
            #expect(observer.events == [.next(210, 1), .next(220, 3), .next(240, 4), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func samplingOnAnotherThreadDeliversNewerElementsInOrderThenCompletesOnce() {
            for _ in 0..<TimeRace.rounds {
                let feed = TimeRace.Feed<Int>()
                let ticks = TimeRace.Feed<Void>()
                let probe = TimeRace.Probe<Int>()
                let sourceDone = Counter()
                let subscription = feed.observable.sample(ticks.observable).subscribe(probe)
                TimeRace.race({
                    for value in 0..<100 {
                        feed.send(value)
                    }
                    feed.complete()
                    sourceDone.increment()
                }, {
                    while sourceDone.value == 0 {
                        ticks.send(())
                        TimeRace.pause()
                    }
                    ticks.send(())
                    ticks.complete()
                })
                subscription.dispose()
                let elements = probe.elements
                #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
                #expect(elements.last == 99)
                #expect(probe.completedOnce)
                #expect(probe.overlaps == 0)
            }
        }

        /// The source's error arrives on its thread while the sampler's thread is
        /// delivering a sampled element (gated, not hoped for): in "held" rounds the
        /// delivery waits inside the observer until the error has been sent, so the
        /// tick must send it once the element is through; in the other rounds the
        /// source sends more elements and fails while the sampler keeps ticking.
        @Test func aSourceErrorOnAnotherThreadArrivesOnceAndLast() {
            for round in 0..<TimeRace.gatedRounds {
                let held = round % 2 == 0
                let feed = TimeRace.Feed<Int>()
                let ticks = TimeRace.Feed<Void>()
                let sent = TimeRace.Gate()
                let delivering = TimeRace.Gate()
                let failed = TimeRace.Gate()
                let probe = TimeRace.Probe<Int>(whileBusy: { element in
                    if element == 0 {
                        delivering.open()
                        if held {
                            failed.wait()
                        }
                    }
                })
                let subscription = feed.observable.sample(ticks.observable).subscribe(probe)
                TimeRace.race({
                    feed.send(0)
                    sent.open()
                    #expect(delivering.wait())
                    if !held {
                        for value in 1..<(1 + round % 7) {
                            feed.send(value)
                        }
                    }
                    feed.fail(TestError(id: 8))
                    failed.open()
                }, {
                    sent.wait()
                    ticks.send(())
                    if !held {
                        for _ in 0..<(round % 5) where !probe.isTerminated {
                            ticks.send(())
                        }
                    }
                })
                subscription.dispose()
                let elements = probe.elements
                if held {
                    // The error came in mid-delivery: the tick sent it after the element.
                    #expect(elements == [0])
                } else {
                    #expect(elements.first == 0)
                    #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
                }
                #expect(probe.failedOnce)
                #expect(probe.overlaps == 0)
                #expect(ticks.disposals.value == 1)
            }
        }
    }
}
