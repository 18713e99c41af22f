import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct CombineLatestTests {
        // MARK: Two sources

        @Test func twoSilentSourcesSendNothing() {
            expectCombining(
                .combineLatest,
                [[.next(150, 1)], []],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 1000)]
            )
        }

        @Test func aSourceThatCompletesEmptyLeavesTheResultWaitingForTheOther() {
            expectCombining(
                .combineLatest,
                [[.completed(210)], []],
                sends: [],
                subscriptions: [Subscription(200, 210), Subscription(200, 1000)]
            )
            expectCombining(
                .combineLatest,
                [[], [.completed(210)]],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 210)]
            )
        }

        @Test func theOthersFirstElementAfterAnEmptyCompletionCompletesTheResult() {
            // Nothing can ever be combined with the empty source, so the other
            // source's element completes the result at once.
            expectCombining(
                .combineLatest,
                [[.completed(210)], [.next(215, 2), .completed(220)]],
                sends: [.completed(215)],
                subscriptions: [Subscription(200, 210), Subscription(200, 215)]
            )
            expectCombining(
                .combineLatest,
                [[.next(215, 2), .completed(220)], [.completed(210)]],
                sends: [.completed(215)],
                subscriptions: [Subscription(200, 215), Subscription(200, 210)]
            )
        }

        @Test func aSilentSourceKeepsTheResultOpenAfterTheOtherCompletes() {
            expectCombining(
                .combineLatest,
                [[], [.next(215, 2), .completed(220)]],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 220)]
            )
            expectCombining(
                .combineLatest,
                [[.next(215, 2), .completed(220)], []],
                sends: [],
                subscriptions: [Subscription(200, 220), Subscription(200, 1000)]
            )
        }

        @Test func sendsOnceBothHaveAnElementAndCompletesWhenBothHaveCompleted() {
            expectCombining(
                .combineLatest,
                [[.next(215, 2), .completed(230)], [.next(220, 3), .completed(240)]],
                sends: [.next(220, 5), .completed(240)],
                subscriptions: [Subscription(200, 230), Subscription(200, 240)]
            )
            expectCombining(
                .combineLatest,
                [[.next(220, 3), .completed(240)], [.next(215, 2), .completed(230)]],
                sends: [.next(220, 5), .completed(240)],
                subscriptions: [Subscription(200, 240), Subscription(200, 230)]
            )
        }

        @Test func eachElementAfterTheFirstCombinationSendsWithTheOthersLatest() {
            expectCombining(
                .combineLatest,
                [
                    [.next(215, 2), .next(225, 4), .completed(230)],
                    [.next(220, 3), .next(230, 5), .next(235, 6), .next(240, 7), .completed(250)],
                ],
                sends: [.next(220, 5), .next(225, 7), .next(230, 9), .next(235, 10), .next(240, 11), .completed(250)],
                subscriptions: [Subscription(200, 230), Subscription(200, 250)]
            )
        }

        @Test func onlyTheLatestOfElementsBeforeTheFirstCombinationCounts() {
            expectCombining(
                .combineLatest,
                [
                    [.next(215, 2), .next(225, 4), .completed(230)],
                    [.next(235, 6), .next(240, 7), .completed(250)],
                ],
                sends: [.next(235, 10), .next(240, 11), .completed(250)],
                subscriptions: [Subscription(200, 230), Subscription(200, 250)]
            )
        }

        @Test func anErrorEndsTheResultAtOnce() {
            let error = TestError(id: 1)
            expectCombining(
                .combineLatest,
                [[.completed(230)], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .combineLatest,
                [[.error(220, error)], [.completed(230)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .combineLatest,
                [[], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .combineLatest,
                [[.next(210, 2), .completed(230)], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func theFirstOfTwoErrorsWins() {
            expectCombining(
                .combineLatest,
                [[.next(210, 2), .error(220, TestError(id: 1))], [.error(230, TestError(id: 2))]],
                sends: [.error(220, TestError(id: 1))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .combineLatest,
                [[.error(230, TestError(id: 1))], [.next(210, 2), .error(220, TestError(id: 2))]],
                sends: [.error(220, TestError(id: 2))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func anErrorAfterTheOtherSourceCompletedStillEndsTheResult() {
            let error = TestError(id: 3)
            expectCombining(
                .combineLatest,
                [[.next(215, 2), .completed(220)], [.error(230, error)]],
                sends: [.error(230, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 230)]
            )
            expectCombining(
                .combineLatest,
                [[.error(230, error)], [.next(215, 2), .completed(220)]],
                sends: [.error(230, error)],
                subscriptions: [Subscription(200, 230), Subscription(200, 220)]
            )
        }

        @Test func anErrorAfterSomeResultsEndsTheResult() {
            let error = TestError(id: 4)
            expectCombining(
                .combineLatest,
                [
                    [.next(215, 2), .next(225, 4), .completed(250)],
                    [.next(235, 6), .next(240, 7), .error(245, error)],
                ],
                sends: [.next(235, 10), .next(240, 11), .error(245, error)],
                subscriptions: [Subscription(200, 245), Subscription(200, 245)]
            )
            expectCombining(
                .combineLatest,
                [
                    [.next(215, 2), .next(225, 4), .error(230, error)],
                    [.next(235, 6), .next(240, 7), .completed(250)],
                ],
                sends: [.error(230, error)],
                subscriptions: [Subscription(200, 230), Subscription(200, 230)]
            )
        }

        @Test func aThrowingSelectorEndsTheResultWithItsError() {
            expectCombining(
                .combineLatest,
                [[.next(210, 1), .completed(300)], [.next(220, 2), .completed(300)]],
                forms: [.throwing],
                sends: [.error(220, TestError(id: 2))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func aSelectorThrowingOnALaterCombinationEndsTheResultThen() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .next(230, 9), .next(240, 1)])
            let second = scheduler.createHotObservable([.next(220, 2), .completed(300)])
            let observer = scheduler.start {
                Observable.combineLatest(first, second) { (a: Int, b: Int) throws -> Int in
                    if a + b > 10 { throw TestError(id: a + b) }
                    return a + b
                }
            }
            #expect(observer.events == [.next(220, 3), .error(230, TestError(id: 11))])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingStopsTheResultAndBothSubscriptions() {
            expectCombining(
                .combineLatest,
                [[.next(210, 1), .next(230, 3), .next(250, 5)], [.next(220, 2), .next(240, 4)]],
                disposed: 235,
                sends: [.next(220, 3), .next(230, 5)],
                subscriptions: [Subscription(200, 235), Subscription(200, 235)]
            )
        }

        @Test func coldSourcesAreSubscribedOnSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)])
            let second = scheduler.createColdObservable([.next(20, "a"), .completed(50)])
            let observer = scheduler.start { Observable.combineLatest(first, second) { "\($0)\($1)" } }
            #expect(observer.events == [.next(220, "1a"), .next(230, "3a"), .completed(250)])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 250)])
        }

        @Test func theSameSourceTwiceIsSubscribedTwiceAndCombinesWithItself() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { Observable.combineLatest(source, source) { $0 * 10 + $1 } }
            // Each element reaches the first input, then the second.
            #expect(observer.events == [.next(210, 11), .next(220, 21), .next(220, 22), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(200, 230)])
        }

        @Test func theTupleFormKeepsTheElementTypes() {
            let scheduler = TestScheduler(initialClock: 0)
            let numbers = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
            let words = scheduler.createHotObservable([.next(220, "a"), .completed(250)])
            let observer = scheduler.start { Observable.combineLatest(numbers, words) }
            let described = recordedEvents(observer) { "\($0.0)\($0.1)" }
            #expect(described == [.next(220, "1a"), .next(230, "2a"), .completed(250)])
        }

        // The selector reads the latest elements out of the sink's slots (code made where
        // the element types are known): reference-typed elements must reach it as the
        // very instances sent, and be released when replaced and with the subscription.
        @Test func theSelectorReceivesTheLatestInstancesAndReleasesReplacedOnes() {
            weak var first: Marker?
            weak var second: Marker?
            let markers = PublishSubject<Marker>()
            let words = PublishSubject<String>()
            var seen: [String] = []
            let subscription = Observable.combineLatest(markers, words) { marker, word -> String in
                #expect(marker === (second ?? first))
                return "\(marker.name)\(word)"
            }
            .subscribe(onNext: { seen.append($0) })
            do {
                let marker = Marker(name: "a")
                first = marker
                markers.onNext(marker)
            }
            words.onNext("x")
            do {
                let marker = Marker(name: "b")
                second = marker
                markers.onNext(marker)
            }
            words.onNext("y")
            #expect(seen == ["ax", "bx", "by"])
            #expect(first == nil)
            #expect(second != nil)
            subscription.dispose()
            #expect(second == nil)
        }

        // MARK: Three sources

        @Test func threeSourcesSendOnceAllHaveAnElementAndCompleteWhenAllHave() {
            expectCombining(
                .combineLatest,
                [
                    [.next(210, 1), .next(250, 4), .completed(270)],
                    [.next(220, 2), .next(240, 5), .next(290, 7), .completed(410)],
                    [.next(230, 3), .next(260, 6), .completed(300)],
                ],
                sends: [
                    .next(230, 6), .next(240, 9), .next(250, 12), .next(260, 15), .next(290, 17), .completed(410),
                ],
                subscriptions: [Subscription(200, 270), Subscription(200, 410), Subscription(200, 300)]
            )
        }

        @Test func threeSourcesWithOneEmptyCompleteOnTheFirstElementAfterTheOthersEnd() {
            // The first source ends empty at 250. The second's element at 260 changes
            // nothing while the third still runs; once the third has ended too (300),
            // the second's next element completes the result.
            expectCombining(
                .combineLatest,
                [
                    [.completed(250)],
                    [.next(260, 1), .next(310, 2), .completed(400)],
                    [.next(280, 5), .completed(300)],
                ],
                sends: [.completed(310)],
                subscriptions: [Subscription(200, 250), Subscription(200, 310), Subscription(200, 300)]
            )
        }

        @Test func threeSourcesWithOneEmptyCompleteWhenAllHaveCompleted() {
            expectCombining(
                .combineLatest,
                [[.completed(250)], [.next(260, 1), .completed(400)], [.next(280, 5), .completed(300)]],
                sends: [.completed(400)],
                subscriptions: [Subscription(200, 250), Subscription(200, 400), Subscription(200, 300)]
            )
        }

        @Test func threeSourcesEndAtTheFirstError() {
            let error = TestError(id: 5)
            expectCombining(
                .combineLatest,
                [
                    [.next(210, 1), .completed(240)],
                    [.next(220, 2), .next(250, 4), .error(260, error)],
                    [.next(230, 3), .next(270, 9), .completed(300)],
                ],
                sends: [.next(230, 6), .next(250, 8), .error(260, error)],
                subscriptions: [Subscription(200, 240), Subscription(200, 260), Subscription(200, 260)]
            )
        }

        @Test func threeSourcesWithAThrowingSelector() {
            expectCombining(
                .combineLatest,
                [[.next(210, 1)], [.next(220, 2)], [.next(230, 3)]],
                forms: [.throwing],
                sends: [.error(230, TestError(id: 3))],
                subscriptions: [Subscription(200, 230), Subscription(200, 230), Subscription(200, 230)]
            )
        }

        @Test func threeSourcesDisposedMidway() {
            expectCombining(
                .combineLatest,
                [[.next(210, 1), .next(240, 4)], [.next(220, 2)], [.next(230, 3), .next(260, 6)]],
                disposed: 250,
                sends: [.next(230, 6), .next(240, 9)],
                subscriptions: [Subscription(200, 250), Subscription(200, 250), Subscription(200, 250)]
            )
        }

        // MARK: Every arity

        @Test(arguments: 2...8)
        func everyAritySendsNothingWhileAllAreSilent(arity: Int) {
            expectCombining(
                .combineLatest,
                Array(repeating: [.next(150, 1)], count: arity),
                sends: [],
                subscriptions: Array(repeating: Subscription(200, 1000), count: arity)
            )
        }

        @Test(arguments: 2...8)
        func everyArityCompletesWhenTheLastEmptySourceCompletes(arity: Int) {
            let ends = (0..<arity).map { 300 - 10 * $0 }
            expectCombining(
                .combineLatest,
                ends.map { [.completed($0)] },
                sends: [.completed(300)],
                subscriptions: ends.map { Subscription(200, $0) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityCombinesTheLatestOfEach(arity: Int) {
            // Source k sends k + 1 at 210 + 10k, then 100 + k at 400 + 10k, and
            // completes at 500 + 10 (arity - k): the first source ends last.
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                [.next(210 + 10 * k, k + 1), .next(400 + 10 * k, 100 + k), .completed(500 + 10 * (arity - k))]
            }
            var latest = (0..<arity).map { $0 + 1 }
            var expected: [RippleTest.Recorded<Event<Int>>] = [.next(210 + 10 * (arity - 1), latest.reduce(0, +))]
            for k in 0..<arity {
                latest[k] = 100 + k
                expected.append(.next(400 + 10 * k, latest.reduce(0, +)))
            }
            expected.append(.completed(500 + 10 * arity))
            expectCombining(
                .combineLatest,
                scripts,
                sends: expected,
                subscriptions: (0..<arity).map { Subscription(200, 500 + 10 * (arity - $0)) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityCompletesOnTheLastSourcesElementWhenTheOthersEndedEmpty(arity: Int) {
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                k == arity - 1 ? [.next(400, 42), .completed(800)] : [.completed(250 + 10 * k)]
            }
            expectCombining(
                .combineLatest,
                scripts,
                sends: [.completed(400)],
                subscriptions: (0..<arity).map { Subscription(200, $0 == arity - 1 ? 400 : 250 + 10 * $0) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityEndsWithTheSelectorsError(arity: Int) {
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                [.next(210 + 10 * k, k), .completed(600)]
            }
            let end = 210 + 10 * (arity - 1)
            expectCombining(
                .combineLatest,
                scripts,
                forms: [.throwing],
                sends: [.error(end, TestError(id: arity))],
                subscriptions: Array(repeating: Subscription(200, end), count: arity)
            )
        }

        @Test(arguments: 2...8)
        func everyArityEndsWithASourcesError(arity: Int) {
            let failing = arity / 2
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                k == failing ? [.next(210 + 10 * k, 1), .error(300, TestError(id: k))] : [.next(210 + 10 * k, 1)]
            }
            expectCombining(
                .combineLatest,
                scripts,
                sends: [.next(210 + 10 * (arity - 1), arity), .error(300, TestError(id: failing))],
                subscriptions: Array(repeating: Subscription(200, 300), count: arity)
            )
        }

        // MARK: Collections

        @Test func anEmptyCollectionSendsTheEmptyCombinationAndCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let summed = scheduler.start { Observable.combineLatest([Observable<Int>]()) { $0.reduce(0, +) } }
            #expect(summed.events == [.next(200, 0), .completed(200)])
            let arrays = TestScheduler(initialClock: 0).start { Observable.combineLatest([Observable<Int>]()) }
            #expect(arrays.events == [.next(200, []), .completed(200)])
        }

        @Test func anEmptyCollectionWithAThrowingSelectorFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start {
                Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw TestError(id: 9) }
            }
            #expect(observer.events == [.error(200, TestError(id: 9))])
        }

        @Test func aCollectionSendsArraysOfTheLatestElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [
                [.next(210, 1), .next(250, 4), .completed(270)],
                [.next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410)],
                [.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)],
            ])
            let observer = scheduler.start { Observable.combineLatest(sources) }
            #expect(observer.events == [
                .next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .next(250, [4, 5, 3]), .next(260, [4, 5, 6]),
                .next(280, [4, 5, 8]), .next(290, [4, 7, 8]), .next(310, [4, 9, 8]), .completed(410),
            ])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 270)], [Subscription(200, 410)], [Subscription(200, 300)]])
        }

        @Test func aCollectionWithASelector() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [
                [.next(215, 2), .next(225, 4), .completed(230)],
                [.next(220, 3), .next(230, 5), .completed(250)],
            ])
            let observer = scheduler.start { Observable.combineLatest(sources) { $0.reduce(0, +) } }
            #expect(observer.events == [.next(220, 5), .next(225, 7), .next(230, 9), .completed(250)])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 230)], [Subscription(200, 250)]])
        }

        @Test func aCollectionFollowsTheCompletionRulesOfTheFixedArities() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [[.completed(250)], [.completed(260)], [.next(500, 2), .completed(800)]])
            let observer = scheduler.start { Observable.combineLatest(sources) }
            #expect(observer.events == [.completed(500)])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 250)], [Subscription(200, 260)], [Subscription(200, 500)]])

            let silent = TestScheduler(initialClock: 0)
            let silentSources = hotSources(silent, [[.completed(210)], []])
            let silentObserver = silent.start { Observable.combineLatest(silentSources) }
            #expect(silentObserver.events == [])
            #expect(silentSources.map(\.subscriptions) == [[Subscription(200, 210)], [Subscription(200, 1000)]])
        }

        @Test func aCollectionEndsWithAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [[.next(210, 2), .completed(230)], [.error(220, TestError(id: 2))]])
            let observer = scheduler.start { Observable.combineLatest(sources) }
            #expect(observer.events == [.error(220, TestError(id: 2))])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 220)], [Subscription(200, 220)]])
        }

        @Test func aCollectionWithAThrowingSelectorEndsWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [[.next(215, 2), .completed(230)], [.next(220, 3), .completed(240)]])
            let observer = scheduler.start { Observable.combineLatest(sources) { _ -> Int in throw TestError(id: 6) } }
            #expect(observer.events == [.error(220, TestError(id: 6))])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 220)], [Subscription(200, 220)]])
        }

        @Test func aCollectionDisposedMidway() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [[.next(210, 1), .next(230, 3)], [.next(220, 2), .next(240, 4)]])
            let observer = scheduler.start(disposed: 235) { Observable.combineLatest(sources) }
            #expect(observer.events == [.next(220, [1, 2]), .next(230, [3, 2])])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 235)], [Subscription(200, 235)]])
        }

        @Test func anyCollectionOfSequencesWorks() {
            let sources: ContiguousArray<Observable<Int>> = [.just(1), .just(2), .just(3)]
            #expect(Observable.combineLatest(sources).recordSynchronously() == [.next([1, 2, 3]), .completed])
            let many = (0..<100).map { Observable.just($0) }
            #expect(Observable.combineLatest(many) { $0.reduce(0, +) }.recordSynchronously() == [.next(4950), .completed])
        }

        // MARK: Synchronous sources

        @Test func synchronousSourcesTakeTurnsOnTheTrampoline() {
            // Each `of` sends one element per trampoline step, the two steps alternate.
            let sums = Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(10, 20, 30)) { $0 + $1 }
            #expect(sums.recordSynchronously() == [.next(11), .next(12), .next(22), .next(23), .next(33), .completed])

            let recorder = EventRecorder<[Int]>()
            Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(10, 20, 30)).subscribe(onNext: { a, b in
                recorder.on(.next([a, b]))
            }, onCompleted: {
                recorder.on(.completed)
            }).dispose()
            #expect(recorder.events == [.next([1, 10]), .next([2, 10]), .next([2, 20]), .next([3, 20]), .next([3, 30]), .completed])

            let arrays = Observable.combineLatest([Observable.of(1, 2, 3), Observable.of(10, 20, 30)])
            #expect(arrays.recordSynchronously() == [
                .next([1, 10]), .next([2, 10]), .next([2, 20]), .next([3, 20]), .next([3, 30]), .completed,
            ])
        }

        @Test func threeSynchronousSourcesTakeTurns() {
            let sums = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)) { $0 + $1 + $2 }
            #expect(sums.recordSynchronously() == [.next(111), .next(112), .next(122), .next(222), .completed])
        }

        @Test func sourcesThatSendDuringSubscriptionComeFirst() {
            let sums = Observable.combineLatest(Observable.just(1), Observable.of(10, 20)) { $0 + $1 }
            #expect(sums.recordSynchronously() == [.next(11), .next(21), .completed])
            let both = Observable.combineLatest(Observable.just(1), Observable.just(2)) { $0 + $1 }
            #expect(both.recordSynchronously() == [.next(3), .completed])
        }

        @Test func anEmptySynchronousSourceCompletesTheResultOnce() {
            let result = Observable.combineLatest(Observable<Int>.empty(), Observable.of(0, 1, 2)) { $0 + $1 }
            #expect(result.recordSynchronously() == [.completed])
        }

        @Test func aFailingSynchronousSourceFailsTheResultOnce() {
            let result = Observable.combineLatest(Observable<Int>.error(TestError(id: 7)), Observable.of(0, 1, 2)) { $0 + $1 }
            #expect(result.recordSynchronously() == [.error(TestError(id: 7))])
            let late = Observable.combineLatest(Observable.of(0, 1, 2), Observable<Int>.error(TestError(id: 8))) { $0 + $1 }
            #expect(late.recordSynchronously() == [.error(TestError(id: 8))])
        }

        @Test func longSynchronousSourcesRunWithoutGrowingTheStack() {
            let count = 20_000
            let recorder = EventRecorder<Int>()
            var elements = 0
            var last = 0
            Observable.combineLatest(Observable.from(0..<count), Observable.from(0..<count)) { $0 + $1 }
                .subscribe(onNext: { elements += 1; last = $0 }, onCompleted: { recorder.on(.completed) })
                .dispose()
            #expect(elements == 2 * count - 1)
            #expect(last == 2 * (count - 1))
            #expect(recorder.events == [.completed])
        }

        // MARK: Re-entrancy and disposal

        @Test func anElementSentFromInsideTheObserverIsDeliveredAfterTheCurrentOne() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            var received: [Int] = []
            var depth = 0
            var deepest = 0
            let subscription = Observable.combineLatest(first.observable, second.observable) { $0 + $1 }
                .subscribe(onNext: { value in
                    depth += 1
                    deepest = max(deepest, depth)
                    received.append(value)
                    if value == 3 {
                        first.send(10)
                    }
                    depth -= 1
                })
            first.send(1)
            second.send(2)
            second.send(5)
            #expect(received == [3, 12, 15])
            #expect(deepest == 1)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func aCompletionFromInsideTheObserverIsDeliveredAfterTheCurrentElement() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let recorder = EventRecorder<Int>()
            var insideCall = false
            var eventsDuringCall = 0
            let subscription = Observable.combineLatest(first.observable, second.observable) { $0 + $1 }
                .subscribe(onNext: { value in
                    insideCall = true
                    recorder.on(.next(value))
                    if value == 3 {
                        first.send(5)
                        first.complete()
                        second.complete()
                        eventsDuringCall = recorder.events.count
                    }
                    insideCall = false
                }, onCompleted: {
                    #expect(!insideCall)
                    recorder.on(.completed)
                })
            first.send(1)
            second.send(2)
            #expect(eventsDuringCall == 1)
            // What the observer caused waits until it returns: the element it sent,
            // then the completion.
            #expect(recorder.events == [.next(3), .next(7), .completed])
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func anErrorFromInsideTheObserverIsDeliveredAfterTheCurrentElement() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.combineLatest(first.observable, second.observable) { $0 + $1 }
                .subscribe(onNext: { value in
                    recorder.on(.next(value))
                    if value == 3 {
                        second.fail(TestError(id: 4))
                        first.send(100)
                    }
                }, onError: { recorder.on(.error($0)) })
            first.send(1)
            second.send(2)
            #expect(recorder.events == [.next(3), .error(TestError(id: 4))])
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func aSelectorThrowingForAResultLeftByAnotherCallEndsTheResult() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.combineLatest(first.observable, second.observable) { (a: Int, b: Int) throws -> Int in
                if a > 10 { throw TestError(id: a) }
                return a + b
            }
            .subscribe(onNext: { value in
                recorder.on(.next(value))
                first.send(20)
                first.send(30)
            }, onError: { recorder.on(.error($0)) })
            first.send(1)
            second.send(2)
            #expect(recorder.events == [.next(3), .error(TestError(id: 20))])
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func disposingFromInsideTheObserverStopsTheResult() {
            var received: [Int] = []
            var subscription: Disposable?
            insideTrampoline {
                subscription = Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(10, 20, 30)) { $0 + $1 }
                    .subscribe(onNext: { value in
                        received.append(value)
                        if received.count == 2 {
                            subscription?.dispose()
                        }
                    })
            }
            #expect(received == [11, 12])
            subscription?.dispose()
        }

        @Test func callsInferTheirTypesAsInRxSwift() {
            let numbers = Observable.of(1, 2)
            let words = Observable.of("a", "b")
            let pairs: Observable<(Int, String)> = Observable.combineLatest(numbers, words)
            let joined = Observable.combineLatest(numbers, words) { "\($0)\($1)" }
            let labelled = Observable.combineLatest(numbers, words, resultSelector: { number, word in "\(word)\(number)" })
            let arrays = Observable.combineLatest([numbers, numbers])
            let sums = Observable<Int>.combineLatest([numbers, numbers]).subscribe()
            sums.dispose()
            #expect(joined.recordSynchronously() == [.next("1a"), .next("2a"), .next("2b"), .completed])
            #expect(labelled.recordSynchronously() == [.next("a1"), .next("a2"), .next("b2"), .completed])
            #expect(arrays.recordSynchronously() == [.next([1, 1]), .next([2, 1]), .next([2, 2]), .completed])
            var described: [String] = []
            pairs.subscribe(onNext: { described.append("\($0)\($1)") }).dispose()
            #expect(described == ["1a", "2a", "2b"])
        }

        // MARK: Threads

        @Test func twoThreadsFeedingTheSourcesGetSerializedOrderedResults() {
            let count = 500
            let first = ThreadedSource()
            let second = ThreadedSource()
            let observer = SerialCheckingObserver<[Int]>()
            let subscription = Observable.combineLatest(first.observable, second.observable) { [$0, $1] }.subscribe(observer)
            runConcurrently([
                { for value in 0..<count { first.send(value) }; first.complete() },
                { for value in 0..<count { second.send(value) }; second.complete() },
            ])
            let elements = observer.elements
            #expect(observer.overlaps == 0)
            #expect(observer.eventsAfterTerminal == 0)
            #expect(observer.terminalEvents.count == 1 && observer.terminalEvents.first?.isCompleted == true)
            #expect(elements.last == [count - 1, count - 1])
            // Results go out in the order they were decided: each source's latest
            // element never goes back.
            #expect(zip(elements, elements.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] })
            #expect(elements.count >= count && elements.count <= 2 * count - 1)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func anElementFromAnotherThreadDuringTheSelectorIsLeftAndSentBeforeTheFirstCallReturns() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let inSelector = DispatchSemaphore(value: 0)
            let otherCallReturned = DispatchSemaphore(value: 0)
            let otherCallDidNotWait = Counter()
            let firstCallReturned = Counter()
            let observer = SerialCheckingObserver<Int>()
            let subscription = Observable.combineLatest(first.observable, second.observable) { (a: Int, b: Int) -> Int in
                if a == 1 && b == 10 {
                    inSelector.signal()
                    // The other thread's call must leave its element and return
                    // while this call is still computing.
                    if otherCallReturned.wait(timeout: .now() + 5) == .success {
                        otherCallDidNotWait.increment()
                    }
                }
                return a + b
            }
            .subscribe(observer)
            second.send(10)
            runConcurrently([
                {
                    first.send(1)
                    // The element left by the other thread went out before this
                    // call gave the right to run back.
                    if observer.elements == [11, 21] {
                        firstCallReturned.increment()
                    }
                },
                {
                    _ = inSelector.wait(timeout: .now() + 5)
                    second.send(20)
                    otherCallReturned.signal()
                },
            ])
            #expect(otherCallDidNotWait.value == 1)
            #expect(firstCallReturned.value == 1)
            #expect(observer.elements == [11, 21])
            #expect(observer.overlaps == 0)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func aDisposeFromAThirdThreadWhileTwoThreadsSendEndsCleanly() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let observer = SerialCheckingObserver<Int>()
            let subscription = Observable.combineLatest(first.observable, second.observable) { $0 + $1 }.subscribe(observer)
            let handoff = Unchecked(subscription)
            runConcurrently([
                { for value in 0..<2000 { first.send(value) } },
                { for value in 0..<2000 { second.send(value) } },
                { _ = eventuallyBlocking(timeout: .seconds(2)) { observer.elements.count >= 50 }; handoff.value.dispose() },
            ])
            let afterDispose = observer.elements.count
            first.send(1)
            second.send(1)
            #expect(observer.elements.count == afterDispose)
            #expect(observer.overlaps == 0)
            #expect(observer.terminalEvents.isEmpty)
            first.release()
            second.release()
        }

        @Test func anErrorRacingElementsEndsTheResultExactlyOnce() {
            for _ in 0..<20 {
                let first = ThreadedSource()
                let second = ThreadedSource()
                let observer = SerialCheckingObserver<Int>()
                let subscription = Observable.combineLatest(first.observable, second.observable) { $0 + $1 }.subscribe(observer)
                second.send(0)
                runConcurrently([
                    { for value in 0..<300 { first.send(value) }; first.complete() },
                    { second.fail(TestError(id: 1)) },
                ])
                #expect(observer.terminalEvents.count == 1)
                #expect(observer.terminalEvents.first?.error != nil)
                #expect(observer.eventsAfterTerminal == 0)
                #expect(observer.overlaps == 0)
                subscription.dispose()
                first.release()
                second.release()
            }
        }
    }
}

/// A reference-typed element with a name, so that a test can tell which instance a
/// selector received and whether it is still held.
private final class Marker {
    let name: String

    init(name: String) {
        self.name = name
    }
}
