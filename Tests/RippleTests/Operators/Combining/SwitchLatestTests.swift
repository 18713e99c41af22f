import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SwitchLatestTests {
        /// An outer hot sequence sending cold inner sequences `a`, `b`, `c` at 300, 400
        /// and 500, then ending with `end`. Relative to their subscription:
        ///
        /// ```
        /// a: 11@10 12@50 13@150 |@160
        /// b: 21@20 22@80 23@150 |@170
        /// c: 31@10 32@40 |@70           (or cEnd instead of the completion)
        /// ```
        struct Scenario {
            let scheduler = TestScheduler(initialClock: 0)
            let outer: TestableObservable<TestableObservable<Int>>
            let a, b, c: TestableObservable<Int>

            init(end: RippleTest.Recorded<Event<TestableObservable<Int>>> = .completed(600), cEnd: RippleTest.Recorded<Event<Int>> = .completed(70)) {
                a = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .next(150, 13), .completed(160)])
                b = scheduler.createColdObservable([.next(20, 21), .next(80, 22), .next(150, 23), .completed(170)])
                c = scheduler.createColdObservable([.next(10, 31), .next(40, 32), cEnd])
                outer = scheduler.createHotObservable([.next(300, a), .next(400, b), .next(500, c), end])
            }

            var innerSubscriptions: [[Subscription]] {
                [a.subscriptions, b.subscriptions, c.subscriptions]
            }
        }

        /// The two spellings: `switchLatest()` and `flatMapLatest` with the identity.
        static var switches: [(String, (TestableObservable<TestableObservable<Int>>) -> Observable<Int>)] { [
            ("switchLatest", { $0.switchLatest() }),
            ("flatMapLatest", { $0.flatMapLatest { $0 } }),
        ] }

        @Test func eachNewInnerSequenceDisposesThePreviousOne() {
            for (spelling, operation) in Self.switches {
                let s = Scenario()
                let observer = s.scheduler.start { operation(s.outer) }
                #expect(observer.events == [
                    .next(310, 11), .next(350, 12), .next(420, 21), .next(480, 22), .next(510, 31), .next(540, 32), .completed(600),
                ], "\(spelling)")
                #expect(s.outer.subscriptions == [Subscription(200, 600)], "\(spelling)")
                #expect(s.innerSubscriptions == [[Subscription(300, 400)], [Subscription(400, 500)], [Subscription(500, 570)]], "\(spelling)")
            }
        }

        @Test func completionWaitsForTheLatestInnerSequence() {
            for (spelling, operation) in Self.switches {
                let s = Scenario(end: .completed(520))
                let observer = s.scheduler.start { operation(s.outer) }
                #expect(observer.events.last == .completed(570), "\(spelling)")
                #expect(s.outer.subscriptions == [Subscription(200, 520)], "\(spelling)")
                #expect(s.c.subscriptions == [Subscription(500, 570)], "\(spelling)")
            }
        }

        @Test func anErrorOfTheLatestInnerSequenceEndsTheSwitch() {
            for (spelling, operation) in Self.switches {
                let s = Scenario(cEnd: .error(45, TestError(id: 3)))
                let observer = s.scheduler.start { operation(s.outer) }
                #expect(observer.events == [
                    .next(310, 11), .next(350, 12), .next(420, 21), .next(480, 22), .next(510, 31), .next(540, 32), .error(545, TestError(id: 3)),
                ], "\(spelling)")
                #expect(s.outer.subscriptions == [Subscription(200, 545)], "\(spelling)")
                #expect(s.c.subscriptions == [Subscription(500, 545)], "\(spelling)")
            }
        }

        @Test func anOuterErrorEndsTheSwitchAndDisposesTheInnerSequence() {
            for (spelling, operation) in Self.switches {
                let s = Scenario(end: .error(450, TestError(id: 4)))
                let observer = s.scheduler.start { operation(s.outer) }
                #expect(observer.events == [.next(310, 11), .next(350, 12), .next(420, 21), .error(450, TestError(id: 4))], "\(spelling)")
                #expect(s.outer.subscriptions == [Subscription(200, 450)], "\(spelling)")
                #expect(s.innerSubscriptions == [[Subscription(300, 400)], [Subscription(400, 450)], []], "\(spelling)")
            }
        }

        @Test func disposingMidwayDisposesTheOuterAndTheLatestInnerSequence() {
            for (spelling, operation) in Self.switches {
                let s = Scenario()
                let observer = s.scheduler.start(disposed: 460) { operation(s.outer) }
                #expect(observer.events == [.next(310, 11), .next(350, 12), .next(420, 21)], "\(spelling)")
                #expect(s.outer.subscriptions == [Subscription(200, 460)], "\(spelling)")
                #expect(s.innerSubscriptions == [[Subscription(300, 400)], [Subscription(400, 460)], []], "\(spelling)")
            }
        }

        @Test func anEmptyOuterSequenceCompletes() {
            for (spelling, operation) in Self.switches {
                let scheduler = TestScheduler(initialClock: 0)
                let outer = scheduler.createHotObservable([.completed(250, TestableObservable<Int>.self)])
                let observer = scheduler.start { operation(outer) }
                #expect(observer.events == [.completed(250)], "\(spelling)")
            }
        }

        @Test func flatMapLatestFailsWhenTheSelectorThrows() {
            let s = Scenario()
            var calls = 0
            let observer = s.scheduler.start {
                s.outer.flatMapLatest { inner -> TestableObservable<Int> in
                    calls += 1
                    if calls == 2 {
                        throw TestError(id: 9)
                    }
                    return inner
                }
            }
            #expect(observer.events == [.next(310, 11), .next(350, 12), .error(400, TestError(id: 9))])
            #expect(s.outer.subscriptions == [Subscription(200, 400)])
            #expect(s.innerSubscriptions == [[Subscription(300, 400)], [], []])
        }

        @Test func flatMapLatestMapsEachElementToTheSequenceToSwitchTo() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
            // Element x maps to x, 10 x, 100 x, 20 ticks apart.
            let observer = scheduler.start {
                outer.flatMapLatest { x in
                    scheduler.createColdObservable([.next(5, x), .next(25, x * 10), .next(45, x * 100), .completed(45)])
                }
            }
            #expect(observer.events == [
                .next(215, 1), .next(235, 10), .next(245, 2), .next(265, 20), .next(285, 200), .completed(300),
            ])
        }

        @Test func aReplacedInnerSequenceThatKeepsSendingIsIgnored() {
            // Sources that ignore disposal, standing for inner sequences still sending
            // on another thread when they are replaced.
            let outer = ManualSource<Observable<Int>>()
            let first = RawSource<Int>()
            let second = RawSource<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = outer.observable.switchLatest().subscribe(recorder)
            outer.onNext(first)
            first.on(.next(1))
            outer.onNext(second)
            first.on(.next(2))
            first.on(.error(TestError(id: 1)))
            first.on(.completed)
            second.on(.next(3))
            outer.onCompleted()
            second.on(.completed)
            #expect(recorder.events == [.next(1), .next(3), .completed])
            subscription.dispose()
            outer.release()
            first.release()
            second.release()
        }

        @Test func synchronousInnerSequencesAreCutShortBySynchronousOuterElements() {
            // Steps: 1's inner sequence sends 1 and queues its next step; the outer sends
            // 2, which disposes it (its queued step does nothing) and so on; only the
            // last inner sequence runs to its end.
            #expect(Observable.of(1, 2, 3).flatMapLatest { Observable.of($0, $0 * 10) }.recordSynchronously()
                == [.next(1), .next(2), .next(3), .next(30), .completed])
            #expect(Observable.of(1, 2, 3).flatMapLatest { Observable.just($0) }.recordSynchronously()
                == [.next(1), .next(2), .next(3), .completed])
        }
    }
}
