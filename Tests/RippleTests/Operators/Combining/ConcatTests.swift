import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ConcatTests {
        /// The spellings of `concat` for a list of sources.
        static var concats: [(String, ([Observable<Int>]) -> Observable<Int>)] { [
            ("variadic", { sources in
                switch sources.count {
                case 0: Observable.concat()
                case 1: Observable.concat(sources[0])
                case 2: Observable.concat(sources[0], sources[1])
                default: Observable.concat(sources[0], sources[1], sources[2])
                }
            }),
            ("collection", { Observable.concat($0) }),
            ("sequence", { Observable.concat(AnySequence($0)) }),
            ("instance", { sources in
                switch sources.count {
                case 0: Observable.empty()
                case 1: sources[0]
                case 2: sources[0].concat(sources[1])
                default: sources[0].concat(sources[1]).concat(sources[2])
                }
            }),
        ] }

        @Test func concatSubscribesEachSourceWhenThePreviousOneCompletes() {
            for (spelling, concat) in Self.concats {
                let scheduler = TestScheduler(initialClock: 0)
                let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
                let b = scheduler.createColdObservable([.next(5, 3), .completed(15)])
                let c = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(25)])
                let observer = scheduler.start { concat([a.asObservable(), b.asObservable(), c.asObservable()]) }
                #expect(observer.events == [
                    .next(210, 1), .next(220, 2), .next(235, 3), .next(255, 4), .next(265, 5), .completed(270),
                ], "\(spelling)")
                #expect(a.subscriptions == [Subscription(200, 230)], "\(spelling)")
                #expect(b.subscriptions == [Subscription(230, 245)], "\(spelling)")
                #expect(c.subscriptions == [Subscription(245, 270)], "\(spelling)")
            }
        }

        @Test func anErrorEndsConcatWithoutSubscribingTheRest() {
            for (spelling, concat) in Self.concats {
                let scheduler = TestScheduler(initialClock: 0)
                let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
                let b = scheduler.createColdObservable([.next(10, 2), .error(15, TestError(id: 3))])
                let c = scheduler.createColdObservable([.next(10, 4), .completed(20)])
                let observer = scheduler.start { concat([a.asObservable(), b.asObservable(), c.asObservable()]) }
                #expect(observer.events == [.next(210, 1), .next(230, 2), .error(235, TestError(id: 3))], "\(spelling)")
                #expect(a.subscriptions == [Subscription(200, 220)], "\(spelling)")
                #expect(b.subscriptions == [Subscription(220, 235)], "\(spelling)")
                #expect(c.subscriptions.isEmpty, "\(spelling)")
            }
        }

        @Test func anErrorInTheFirstSourceEndsConcatAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(150, 0), .error(230, TestError())])
            let b = scheduler.createHotObservable([.next(240, 2), .completed(250)])
            let observer = scheduler.start { a.concat(b) }
            #expect(observer.events == [.error(230, TestError())])
            #expect(a.subscriptions == [Subscription(200, 230)])
            #expect(b.subscriptions.isEmpty)
        }

        @Test func aSourceThatNeverCompletesHoldsBackTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1)])
            let b = scheduler.createHotObservable([.next(220, 2), .completed(250)])
            let observer = scheduler.start { a.concat(b) }
            #expect(observer.events == [.next(210, 1)])
            #expect(a.subscriptions == [Subscription(200, 1000)])
            #expect(b.subscriptions.isEmpty)
        }

        @Test func aHotSourceSubscribedLateMissesWhatItSentBefore() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(230)])
            let b = scheduler.createHotObservable([.next(220, 9), .next(240, 2), .completed(250)])
            let observer = scheduler.start { a.concat(b) }
            #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
            #expect(a.subscriptions == [Subscription(200, 230)])
            #expect(b.subscriptions == [Subscription(230, 250)])
        }

        @Test func concatOfEmptySourcesCompletesWhenTheLastOneDoes() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.completed(230, Int.self)])
            let b = scheduler.createHotObservable([.completed(250, Int.self)])
            let observer = scheduler.start { Observable.concat([a.asObservable(), b.asObservable()]) }
            #expect(observer.events == [.completed(250)])
            #expect(a.subscriptions == [Subscription(200, 230)])
            #expect(b.subscriptions == [Subscription(230, 250)])
        }

        @Test func concatOfNoSourcesCompletesAtOnce() {
            for (spelling, concat) in Self.concats {
                let scheduler = TestScheduler(initialClock: 0)
                let observer = scheduler.start { concat([]) }
                #expect(observer.events == [.completed(200)], "\(spelling)")
            }
        }

        @Test func disposingConcatMidwayDisposesTheCurrentSourceAndSkipsTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(30)])
            let b = scheduler.createColdObservable([.next(5, 2), .next(20, 3), .completed(40)])
            let c = scheduler.createColdObservable([.next(5, 4), .completed(10)])
            let observer = scheduler.start(disposed: 245) { Observable.concat(a.asObservable(), b.asObservable(), c.asObservable()) }
            #expect(observer.events == [.next(210, 1), .next(235, 2)])
            #expect(a.subscriptions == [Subscription(200, 230)])
            #expect(b.subscriptions == [Subscription(230, 245)])
            #expect(c.subscriptions.isEmpty)
        }

        @Test func theSameSourceCanComeTwice() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(5, 1), .completed(10)])
            let b = scheduler.createHotObservable([.next(215, 2), .completed(240)])
            let observer = scheduler.start { Observable.concat([a.asObservable(), b.asObservable(), a.asObservable()]) }
            #expect(observer.events == [.next(205, 1), .next(215, 2), .next(245, 1), .completed(250)])
            #expect(a.subscriptions == [Subscription(200, 210), Subscription(240, 250)])
            #expect(b.subscriptions == [Subscription(210, 240)])
        }

        @Test func aSequenceOfSourcesIsIteratedOneSourceAtATime() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            var pulledAt: [TestTime] = []
            let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
                var remaining = [a.asObservable(), b.asObservable()]
                return AnyIterator {
                    pulledAt.append(scheduler.clock)
                    return remaining.isEmpty ? nil : remaining.removeFirst()
                }
            }
            let observer = scheduler.start { Observable.concat(sources) }
            #expect(observer.events == [.next(210, 1), .next(230, 2), .completed(240)])
            #expect(pulledAt == [200, 220, 240])
        }

        @Test func concatAcceptsAnyObservableConvertibleTypeAsTheSecondSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let second = scheduler.createColdObservable([.next(5, 2), .completed(10)])
            let observer = scheduler.start { Observable.just(1).concat(second) }
            #expect(observer.events == [.next(200, 1), .next(205, 2), .completed(210)])
            #expect(second.subscriptions == [Subscription(200, 210)])
        }

        // MARK: Synchronous sources

        @Test func synchronousSourcesComeInOrder() {
            #expect(Observable.concat(Observable.of(1, 2), Observable.of(3, 4)).recordSynchronously()
                == [.next(1), .next(2), .next(3), .next(4), .completed])
            #expect(Observable.concat([Observable.just(1), Observable.just(2), Observable.just(3)]).recordSynchronously()
                == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func sourcesCompletingDuringTheirSubscriptionFollowAtOnceNotOnTheTrampoline() {
            // As in RxSwift, the next source is subscribed as soon as the previous one
            // completes, even during a trampoline step: the `concat` of `just`s runs to
            // its end while it is being subscribed, before `of` sends anything.
            let concat = Observable.concat(Observable.just(1), Observable.just(2), Observable.just(3))
            #expect(Observable.merge(concat, Observable.of(10, 20)).recordSynchronously()
                == [.next(1), .next(2), .next(3), .next(10), .next(20), .completed])
        }

        @Test func synchronousSourcesTakeTurnsWithOthersOnTheTrampoline() {
            // Steps: of(1, 2) and of(10, …) alternate; when of(1, 2) completes, of(3, 4)
            // is subscribed and queues its first step behind of(10, …)'s next one.
            let concat = Observable.of(1, 2).concat(Observable.of(3, 4))
            #expect(Observable.merge(concat, Observable.of(10, 20, 30, 40)).recordSynchronously()
                == [.next(1), .next(10), .next(2), .next(20), .next(30), .next(3), .next(40), .next(4), .completed])
        }

        // MARK: Depth

        static let depth = 100_000

        @Test func concatOfManySourcesThatCompleteSynchronouslyKeepsTheStackFlat() {
            let runs = Flattening.onEveryThread(count: Self.depth) { count in
                Flattening.tally(Observable.concat((0..<count).map { Observable.just($0) }))
            }
            for run in runs {
                #expect(run.result == .completed(with: 0..<run.count), "\(run.thread)")
            }
        }

        /// `[just(start), [just(start + 1), […].concat].concat].concat`, `limit` deep,
        /// each level made only when the one before it is reached.
        static func nested(from start: Int, to limit: Int) -> Observable<Int> {
            Observable.concat([0, 1].lazy.map { index -> Observable<Int> in
                if index == 0 {
                    return Observable.just(start)
                }
                return start + 1 < limit ? nested(from: start + 1, to: limit) : Observable.empty()
            })
        }

        @Test func recursivelyNestedConcatsAreFlattenedAndKeepTheStackFlat() {
            let runs = Flattening.onEveryThread(count: Self.depth) { count in
                Flattening.tally(Self.nested(from: 0, to: count))
            }
            for run in runs {
                #expect(run.result == .completed(with: 0..<run.count), "\(run.thread)")
            }
        }
    }
}
