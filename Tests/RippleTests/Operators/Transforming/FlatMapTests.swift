import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct FlatMapTests {
        /// An outer hot sequence sending five cold inner sequences, `a` to `e`, at 300,
        /// 400, 550, 750 and 850 (plus one before the subscription, never used), then
        /// ending with `end` at 900. Relative to their subscription:
        ///
        /// ```
        /// a: 101@10 102@90 103@110 104@440 |@460      (a subscribed at 300: …, |@760)
        /// b: 201@180 202@190 |@205
        /// c: 301@10 302@50 303@260 |@410
        /// d: |@40
        /// e: 501@80 502@90 |@100
        /// ```
        struct Scenario {
            let scheduler = TestScheduler(initialClock: 0)
            let outer: TestableObservable<TestableObservable<Int>>
            let a, b, c, d, e: TestableObservable<Int>

            init(end: RippleTest.Recorded<Event<TestableObservable<Int>>> = .completed(900), aEnd: RippleTest.Recorded<Event<Int>> = .completed(460)) {
                a = scheduler.createColdObservable([.next(10, 101), .next(90, 102), .next(110, 103), .next(440, 104), aEnd])
                b = scheduler.createColdObservable([.next(180, 201), .next(190, 202), .completed(205)])
                c = scheduler.createColdObservable([.next(10, 301), .next(50, 302), .next(260, 303), .completed(410)])
                d = scheduler.createColdObservable([.completed(40)])
                e = scheduler.createColdObservable([.next(80, 501), .next(90, 502), .completed(100)])
                let early = scheduler.createColdObservable([.next(1, -1), .completed(2)])
                outer = scheduler.createHotObservable([
                    .next(150, early), .next(300, a), .next(400, b), .next(550, c), .next(750, d), .next(850, e), end,
                ])
            }

            /// The subscriptions of `a` to `e`.
            var innerSubscriptions: [[Subscription]] {
                [a.subscriptions, b.subscriptions, c.subscriptions, d.subscriptions, e.subscriptions]
            }
        }

        /// A selector that returns its argument, but throws on call number `failing`
        /// (counting from 1).
        final class ThrowingSelector {
            private var calls = 0
            private let failing: Int

            init(failingOnCall failing: Int) {
                self.failing = failing
            }

            func callAsFunction(_ inner: TestableObservable<Int>) throws -> TestableObservable<Int> {
                calls += 1
                if calls == failing {
                    throw TestError(id: 7)
                }
                return inner
            }
        }

        // MARK: flatMap

        @Test func flatMapMergesEveryInnerSequenceAndCompletesAfterTheLast() {
            let s = Scenario()
            let observer = s.scheduler.start { s.outer.flatMap { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(560, 301), .next(580, 201), .next(590, 202),
                .next(600, 302), .next(740, 104), .next(810, 303), .next(930, 501), .next(940, 502), .completed(960),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 900)])
            #expect(s.innerSubscriptions == [
                [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 960)], [Subscription(750, 790)], [Subscription(850, 950)],
            ])
        }

        @Test func flatMapWaitsForALateOuterCompletion() {
            let s = Scenario(end: .completed(990))
            let observer = s.scheduler.start { s.outer.flatMap { $0 } }
            #expect(observer.events.last == .completed(990))
            #expect(s.outer.subscriptions == [Subscription(200, 990)])
        }

        @Test func flatMapFailsWithAnInnerError() {
            let s = Scenario(aEnd: .error(460, TestError(id: 1)))
            let observer = s.scheduler.start { s.outer.flatMap { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(560, 301), .next(580, 201), .next(590, 202),
                .next(600, 302), .next(740, 104), .error(760, TestError(id: 1)),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 760)])
            #expect(s.innerSubscriptions == [
                [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 760)], [Subscription(750, 760)], [],
            ])
        }

        @Test func flatMapFailsWithAnOuterErrorAndDisposesTheRunningInnerSequences() {
            let s = Scenario(end: .error(900, TestError(id: 2)))
            let observer = s.scheduler.start { s.outer.flatMap { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(560, 301), .next(580, 201), .next(590, 202),
                .next(600, 302), .next(740, 104), .next(810, 303), .error(900, TestError(id: 2)),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 900)])
            #expect(s.innerSubscriptions == [
                [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 900)], [Subscription(750, 790)], [Subscription(850, 900)],
            ])
        }

        @Test func flatMapFailsWhenTheSelectorThrows() {
            let s = Scenario()
            let selector = ThrowingSelector(failingOnCall: 3)
            let observer = s.scheduler.start { s.outer.flatMap { try selector($0) } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .error(550, TestError(id: 7))])
            #expect(s.outer.subscriptions == [Subscription(200, 550)])
            #expect(s.innerSubscriptions == [[Subscription(300, 550)], [Subscription(400, 550)], [], [], []])
        }

        @Test func disposingFlatMapMidwayDisposesTheOuterAndRunningInnerSequences() {
            let s = Scenario()
            let observer = s.scheduler.start(disposed: 700) { s.outer.flatMap { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(560, 301), .next(580, 201), .next(590, 202), .next(600, 302),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 700)])
            #expect(s.innerSubscriptions == [[Subscription(300, 700)], [Subscription(400, 605)], [Subscription(550, 700)], [], []])
        }

        @Test func flatMapOfAnEmptySequenceCompletesWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let observer = scheduler.start { outer.flatMap { Observable.just($0) } }
            #expect(observer.events == [.completed(250)])
            #expect(outer.subscriptions == [Subscription(200, 250)])
        }

        @Test func flatMapRunsInnerSequencesFromAFunctionSideBySide() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.next(210, 3), .next(225, 2), .completed(230)])
            // Element x maps to x copies of itself, 10 ticks apart.
            let observer = scheduler.start {
                outer.flatMap { x in
                    scheduler.createColdObservable((1...x).map { .next($0 * 10, x) } + [.completed(x * 10)])
                }
            }
            #expect(observer.events == [
                .next(220, 3), .next(230, 3), .next(235, 2), .next(240, 3), .next(245, 2), .completed(245),
            ])
        }

        @Test func flatMapOfSynchronousInnerSequencesInterleavesThemThroughTheTrampoline() {
            // Steps: the outer `of` sends 1, whose inner sequence queues behind the
            // outer's next step; the inner sequences and the outer then take turns.
            #expect(Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) }.recordSynchronously()
                == [.next(1), .next(10), .next(2), .next(20), .completed])
            #expect(Observable.of(1, 2, 3).flatMap { Observable.of($0, $0 * 10) }.recordSynchronously()
                == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
        }

        @Test func flatMapToSequencesThatSendDuringSubscriptionKeepsTheOrder() {
            #expect(Observable.of(1, 2, 3).flatMap { Observable.just($0 * 2) }.recordSynchronously()
                == [.next(2), .next(4), .next(6), .completed])
        }

        @Test func flatMapAcceptsAnyObservableConvertibleType() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(5, 50), .completed(10)])
            let outer = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start { outer.flatMap { _ in inner } }
            #expect(observer.events == [.next(215, 50), .completed(300)])
            #expect(inner.subscriptions == [Subscription(210, 220)])
        }

        // MARK: flatMapFirst

        @Test func flatMapFirstIgnoresElementsWhileAnInnerSequenceRuns() {
            let s = Scenario()
            let observer = s.scheduler.start { s.outer.flatMapFirst { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .next(930, 501), .next(940, 502), .completed(950),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 900)])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [], [], [], [Subscription(850, 950)]])
        }

        @Test func flatMapFirstDoesNotCallTheSelectorForIgnoredElements() {
            let s = Scenario()
            var calledAt: [TestTime] = []
            _ = s.scheduler.start {
                s.outer.flatMapFirst { inner -> TestableObservable<Int> in
                    calledAt.append(s.scheduler.clock)
                    return inner
                }
            }
            #expect(calledAt == [300, 850])
        }

        @Test func flatMapFirstFailsWithAnInnerError() {
            let s = Scenario(aEnd: .error(460, TestError(id: 1)))
            let observer = s.scheduler.start { s.outer.flatMapFirst { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .error(760, TestError(id: 1))])
            #expect(s.outer.subscriptions == [Subscription(200, 760)])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [], [], [], []])
        }

        @Test func flatMapFirstFailsWithAnOuterError() {
            let s = Scenario(end: .error(900, TestError(id: 2)))
            let observer = s.scheduler.start { s.outer.flatMapFirst { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .error(900, TestError(id: 2))])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [], [], [], [Subscription(850, 900)]])
        }

        @Test func flatMapFirstFailsWhenTheSelectorThrows() {
            let s = Scenario()
            let selector = ThrowingSelector(failingOnCall: 2)
            let observer = s.scheduler.start { s.outer.flatMapFirst { try selector($0) } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .error(850, TestError(id: 7))])
            #expect(s.outer.subscriptions == [Subscription(200, 850)])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [], [], [], []])
        }

        @Test func disposingFlatMapFirstMidwayDisposesTheRunningInnerSequence() {
            let s = Scenario()
            let observer = s.scheduler.start(disposed: 700) { s.outer.flatMapFirst { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103)])
            #expect(s.outer.subscriptions == [Subscription(200, 700)])
            #expect(s.innerSubscriptions == [[Subscription(300, 700)], [], [], [], []])
        }

        @Test func flatMapFirstOfAnEmptySequenceCompletesWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.completed(250, Int.self)])
            let observer = scheduler.start { outer.flatMapFirst { Observable.just($0) } }
            #expect(observer.events == [.completed(250)])
        }

        @Test func flatMapFirstOfSynchronousSequences() {
            // 2 and 3 arrive while the inner sequence of 1 still has a step to go.
            #expect(Observable.of(1, 2, 3).flatMapFirst { Observable.of($0, $0 * 10) }.recordSynchronously()
                == [.next(1), .next(10), .completed])
            // Inner sequences that end during their subscription leave nothing running.
            #expect(Observable.of(1, 2, 3).flatMapFirst { Observable.just($0) }.recordSynchronously()
                == [.next(1), .next(2), .next(3), .completed])
        }

        // MARK: concatMap

        @Test func concatMapRunsTheInnerSequencesOneAfterAnother() {
            let s = Scenario()
            let observer = s.scheduler.start(created: 100, subscribed: 200, disposed: 2000) { s.outer.concatMap { $0 } }
            #expect(observer.events == [
                .next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104),
                .next(940, 201), .next(950, 202),
                .next(975, 301), .next(1015, 302), .next(1225, 303),
                .next(1495, 501), .next(1505, 502), .completed(1515),
            ])
            #expect(s.outer.subscriptions == [Subscription(200, 900)])
            #expect(s.innerSubscriptions == [
                [Subscription(300, 760)], [Subscription(760, 965)], [Subscription(965, 1375)], [Subscription(1375, 1415)], [Subscription(1415, 1515)],
            ])
        }

        @Test func concatMapCallsTheSelectorAsElementsArrive() {
            let s = Scenario()
            var calledAt: [TestTime] = []
            _ = s.scheduler.start(created: 100, subscribed: 200, disposed: 2000) {
                s.outer.concatMap { inner -> TestableObservable<Int> in
                    calledAt.append(s.scheduler.clock)
                    return inner
                }
            }
            #expect(calledAt == [300, 400, 550, 750, 850])
        }

        @Test func concatMapFailsWithAnInnerErrorWithoutSubscribingTheQueuedSequences() {
            let s = Scenario(aEnd: .error(460, TestError(id: 1)))
            let observer = s.scheduler.start { s.outer.concatMap { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .error(760, TestError(id: 1))])
            #expect(s.outer.subscriptions == [Subscription(200, 760)])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [], [], [], []])
        }

        @Test func concatMapFailsWithAnOuterError() {
            let s = Scenario(end: .error(900, TestError(id: 2)))
            let observer = s.scheduler.start { s.outer.concatMap { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .error(900, TestError(id: 2))])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [Subscription(760, 900)], [], [], []])
        }

        @Test func concatMapFailsWhenTheSelectorThrows() {
            let s = Scenario()
            let selector = ThrowingSelector(failingOnCall: 3)
            let observer = s.scheduler.start { s.outer.concatMap { try selector($0) } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .error(550, TestError(id: 7))])
            #expect(s.outer.subscriptions == [Subscription(200, 550)])
            #expect(s.innerSubscriptions == [[Subscription(300, 550)], [], [], [], []])
        }

        @Test func disposingConcatMapMidwayDisposesTheRunningInnerSequence() {
            let s = Scenario()
            let observer = s.scheduler.start(disposed: 945) { s.outer.concatMap { $0 } }
            #expect(observer.events == [.next(310, 101), .next(390, 102), .next(410, 103), .next(740, 104), .next(940, 201)])
            #expect(s.outer.subscriptions == [Subscription(200, 900)])
            #expect(s.innerSubscriptions == [[Subscription(300, 760)], [Subscription(760, 945)], [], [], []])
        }

        @Test func concatMapOfAnEmptySequenceCompletesWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.completed(250, Int.self)])
            let observer = scheduler.start { outer.concatMap { Observable.just($0) } }
            #expect(observer.events == [.completed(250)])
        }

        @Test func concatMapOfSynchronousSequencesKeepsTheirOrder() {
            #expect(Observable.of(1, 2).concatMap { Observable.of($0, $0 * 10) }.recordSynchronously()
                == [.next(1), .next(10), .next(2), .next(20), .completed])
            #expect(Observable.of(1, 2, 3).concatMap { Observable.just($0) }.recordSynchronously()
                == [.next(1), .next(2), .next(3), .completed])
        }

        // MARK: Depth

        static let depth = 100_000

        @Test func flatMapOverManyElementsWithSynchronousInnerSequencesKeepsTheStackFlat() {
            let runs = Flattening.onEveryThread(count: Self.depth) { count in
                Flattening.tally(Observable.range(start: 0, count: count).flatMap { Observable.just($0) })
            }
            for run in runs {
                #expect(run.result == .completed(with: 0..<run.count), "\(run.thread)")
            }
        }

        @Test func concatMapDrainingALongQueueOfSynchronousInnerSequencesKeepsTheStackFlat() {
            // RxSwift issue #2615: every element arrives while the first inner sequence
            // is still running, so the rest queue up; when it completes, each queued
            // inner sequence completes during its own subscription.
            let runs = Flattening.onEveryThread(count: Self.depth) { count in
                let first = ManualSource<Int>()
                let outer = Observable<Int>.create { observer in
                    for value in 0...count {
                        observer.onNext(value)
                    }
                    observer.onCompleted()
                    return Disposables.create()
                }
                var tally = Flattening.Tally()
                let subscription = outer
                    .concatMap { $0 == 0 ? first.observable : Observable.just($0) }
                    .subscribe(onNext: { tally.count += 1; tally.sum += $0 }, onCompleted: { tally.completed = true })
                first.onCompleted()
                subscription.dispose()
                first.release()
                return tally
            }
            for run in runs {
                #expect(run.result == .completed(with: 1...run.count), "\(run.thread)")
            }
        }
    }
}
