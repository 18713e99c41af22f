import Dispatch
import Testing
@testable import Ripple
import RippleTest

/// Runs `scripts` through the collection form of `zip` (arrays) and checks it.
private func expectZipCollection(
    _ scripts: [[RippleTest.Recorded<Event<Int>>]],
    disposed: TestTime = 1000,
    sends expected: [RippleTest.Recorded<Event<[Int]>>],
    subscriptions: [Subscription],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = hotSources(scheduler, scripts)
    let observer = scheduler.start(disposed: disposed) { Observable.zip(sources) }
    #expect(observer.events == expected, sourceLocation: sourceLocation)
    #expect(sources.map(\.subscriptions) == subscriptions.map { [$0] }, sourceLocation: sourceLocation)
    // The form with a selector behaves the same.
    let selecting = TestScheduler(initialClock: 0)
    let selectingSources = hotSources(selecting, scripts)
    let summed = selecting.start(disposed: disposed) { Observable.zip(selectingSources) { $0.reduce(0, +) } }
    #expect(summed.events == expected.map { RippleTest.Recorded(time: $0.time, value: $0.value.map { $0.reduce(0, +) }) }, sourceLocation: sourceLocation)
}

extension RippleTests {
    @Suite struct ZipTests {
        // MARK: Two sources

        @Test func twoSilentSourcesSendNothing() {
            expectCombining(
                .zip,
                [[.next(150, 1)], []],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 1000)]
            )
        }

        @Test func aSourceThatCompletesEmptyLeavesTheResultOpenWhileTheOtherRuns() {
            expectCombining(
                .zip,
                [[], [.completed(210)]],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 210)]
            )
            expectCombining(
                .zip,
                [[.completed(210)], []],
                sends: [],
                subscriptions: [Subscription(200, 210), Subscription(200, 1000)]
            )
        }

        @Test func theResultCompletesOnlyWhenBothSourcesHave() {
            // RxSwift's rule for the fixed arities: the element at 215 can never be
            // paired, yet the result waits for the second source's completion.
            expectCombining(
                .zip,
                [[.completed(210)], [.next(215, 2), .completed(220)]],
                sends: [.completed(220)],
                subscriptions: [Subscription(200, 210), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[.next(215, 2), .completed(220)], [.completed(210)]],
                sends: [.completed(220)],
                subscriptions: [Subscription(200, 220), Subscription(200, 210)]
            )
        }

        @Test func aSilentSourceKeepsTheResultOpen() {
            expectCombining(
                .zip,
                [[], [.next(215, 2), .completed(220)]],
                sends: [],
                subscriptions: [Subscription(200, 1000), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[.next(215, 2), .completed(220)], []],
                sends: [],
                subscriptions: [Subscription(200, 220), Subscription(200, 1000)]
            )
        }

        @Test func pairsTheFirstElementsThenCompletes() {
            expectCombining(
                .zip,
                [[.next(215, 2), .completed(230)], [.next(220, 3), .completed(240)]],
                sends: [.next(220, 5), .completed(240)],
                subscriptions: [Subscription(200, 230), Subscription(200, 240)]
            )
        }

        @Test func whicheverCompletesFirstTheResultCompletesWithTheOther() {
            expectCombining(
                .zip,
                [[.next(210, 2), .completed(220)], [.next(215, 4), .completed(225)]],
                sends: [.next(215, 6), .completed(225)],
                subscriptions: [Subscription(200, 220), Subscription(200, 225)]
            )
            expectCombining(
                .zip,
                [[.next(215, 4), .completed(225)], [.next(210, 2), .completed(220)]],
                sends: [.next(215, 6), .completed(225)],
                subscriptions: [Subscription(200, 225), Subscription(200, 220)]
            )
        }

        @Test func elementsWaitInOrderForTheirPartners() {
            // The first source's burst waits; after it completes with nothing left,
            // the second's extra element waits for ever, and so does the result.
            expectCombining(
                .zip,
                [
                    [.next(210, 1), .next(211, 2), .next(212, 3), .completed(300)],
                    [.next(220, 10), .next(230, 20), .next(240, 30), .next(250, 40)],
                ],
                sends: [.next(220, 11), .next(230, 22), .next(240, 33)],
                subscriptions: [Subscription(200, 300), Subscription(200, 1000)]
            )
        }

        @Test func anErrorEndsTheResultAtOnce() {
            let error = TestError(id: 1)
            expectCombining(
                .zip,
                [[.completed(230)], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[.error(220, error)], [.completed(230)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[.next(215, 2), .completed(230)], [.error(220, error)]],
                sends: [.error(220, error)],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func theFirstOfTwoErrorsWins() {
            expectCombining(
                .zip,
                [[.error(230, TestError(id: 1))], [.error(220, TestError(id: 2))]],
                sends: [.error(220, TestError(id: 2))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func aThrowingSelectorEndsTheResultWithItsError() {
            expectCombining(
                .zip,
                [[.next(220, 2), .completed(220)], [.next(210, 4)]],
                forms: [.throwing],
                sends: [.error(220, TestError(id: 2))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
            expectCombining(
                .zip,
                [[.next(210, 4)], [.next(220, 2), .completed(220)]],
                forms: [.throwing],
                sends: [.error(220, TestError(id: 2))],
                subscriptions: [Subscription(200, 220), Subscription(200, 220)]
            )
        }

        @Test func aSelectorThrowingOnALaterPairEndsTheResultThen() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2)])
            let second = scheduler.createHotObservable([.next(215, 1), .next(225, 9), .next(235, 1)])
            let observer = scheduler.start {
                Observable.zip(first, second) { (a: Int, b: Int) throws -> Int in
                    if a + b > 10 { throw TestError(id: a + b) }
                    return a + b
                }
            }
            #expect(observer.events == [.next(215, 2), .error(225, TestError(id: 14))])
            #expect(first.subscriptions == [Subscription(200, 225)])
            #expect(second.subscriptions == [Subscription(200, 225)])
        }

        @Test func disposingStopsTheResultAndBothSubscriptions() {
            expectCombining(
                .zip,
                [[.next(210, 1), .next(230, 3), .next(250, 5)], [.next(220, 2), .next(240, 4), .next(260, 6)]],
                disposed: 245,
                sends: [.next(220, 3), .next(240, 7)],
                subscriptions: [Subscription(200, 245), Subscription(200, 245)]
            )
        }

        @Test func theSameSourceTwiceIsPairedWithItself() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let observer = scheduler.start { Observable.zip(source, source) { $0 * 10 + $1 } }
            #expect(observer.events == [.next(210, 11), .next(220, 22), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(200, 230)])
        }

        @Test func theTupleFormKeepsTheElementTypes() {
            let scheduler = TestScheduler(initialClock: 0)
            let numbers = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
            let words = scheduler.createHotObservable([.next(220, "a"), .next(225, "b"), .completed(250)])
            let observer = scheduler.start { Observable.zip(numbers, words) }
            let described = recordedEvents(observer) { "\($0.0)\($0.1)" }
            #expect(described == [.next(220, "1a"), .next(230, "2b"), .completed(250)])
        }

        @Test func coldSourcesAreSubscribedOnSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let second = scheduler.createColdObservable([.next(15, "a"), .next(25, "b"), .completed(40)])
            let observer = scheduler.start { Observable.zip(first, second) { "\($0)\($1)" } }
            #expect(observer.events == [.next(215, "1a"), .next(225, "2b"), .completed(240)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(200, 240)])
        }

        // MARK: Three sources

        @Test func threeSourcesSendAGroupOnceEachHasAnElement() {
            expectCombining(
                .zip,
                [
                    [.next(210, 1), .next(250, 4), .completed(420)],
                    [.next(220, 2), .next(240, 5), .completed(410)],
                    [.next(230, 3), .next(260, 6), .completed(400)],
                ],
                sends: [.next(230, 6), .next(260, 15), .completed(420)],
                subscriptions: [Subscription(200, 420), Subscription(200, 410), Subscription(200, 400)]
            )
        }

        @Test func threeSourcesCompleteOnlyWhenAllHave() {
            // After 260 the first source has completed with nothing queued, so no
            // group can come; the fixed arities still wait for every completion.
            expectCombining(
                .zip,
                [
                    [.next(210, 1), .next(250, 4), .completed(270)],
                    [.next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410)],
                    [.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)],
                ],
                sends: [.next(230, 6), .next(260, 15), .completed(410)],
                subscriptions: [Subscription(200, 270), Subscription(200, 410), Subscription(200, 300)]
            )
        }

        @Test func threeSourcesEndAtTheFirstError() {
            let error = TestError(id: 5)
            expectCombining(
                .zip,
                [
                    [.next(210, 1), .error(250, error)],
                    [.next(220, 2), .next(240, 5), .completed(410)],
                    [.next(230, 3), .next(260, 6), .completed(400)],
                ],
                sends: [.next(230, 6), .error(250, error)],
                subscriptions: [Subscription(200, 250), Subscription(200, 250), Subscription(200, 250)]
            )
        }

        @Test func threeSourcesWithAThrowingSelector() {
            expectCombining(
                .zip,
                [[.next(210, 1)], [.next(220, 2)], [.next(230, 3)]],
                forms: [.throwing],
                sends: [.error(230, TestError(id: 3))],
                subscriptions: [Subscription(200, 230), Subscription(200, 230), Subscription(200, 230)]
            )
        }

        @Test func threeSourcesDisposedMidway() {
            expectCombining(
                .zip,
                [[.next(210, 1), .next(240, 4)], [.next(220, 2), .next(245, 5)], [.next(230, 3), .next(260, 6)]],
                disposed: 250,
                sends: [.next(230, 6)],
                subscriptions: [Subscription(200, 250), Subscription(200, 250), Subscription(200, 250)]
            )
        }

        // MARK: Every arity

        @Test(arguments: 2...8)
        func everyAritySendsNothingWhileAllAreSilent(arity: Int) {
            expectCombining(
                .zip,
                Array(repeating: [.next(150, 1)], count: arity),
                sends: [],
                subscriptions: Array(repeating: Subscription(200, 1000), count: arity)
            )
        }

        @Test(arguments: 2...8)
        func everyArityCompletesWhenTheLastEmptySourceCompletes(arity: Int) {
            let ends = (0..<arity).map { 210 + 10 * $0 }
            expectCombining(
                .zip,
                ends.map { [.completed($0)] },
                sends: [.completed(ends.last!)],
                subscriptions: ends.map { Subscription(200, $0) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityZipsByIndex(arity: Int) {
            // Source k sends k + 1 at 210 + 10k, then 100 + k at 400 + 10k, and
            // completes at 500 + 10 (arity - k): the first source ends last.
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                [.next(210 + 10 * k, k + 1), .next(400 + 10 * k, 100 + k), .completed(500 + 10 * (arity - k))]
            }
            expectCombining(
                .zip,
                scripts,
                sends: [
                    .next(210 + 10 * (arity - 1), (1...arity).reduce(0, +)),
                    .next(400 + 10 * (arity - 1), (0..<arity).map { 100 + $0 }.reduce(0, +)),
                    .completed(500 + 10 * arity),
                ],
                subscriptions: (0..<arity).map { Subscription(200, 500 + 10 * (arity - $0)) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityWaitsForEveryCompletionEvenWhenStarved(arity: Int) {
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                k == 0 ? [.completed(250)] : [.next(300, k), .completed(400 + 10 * k)]
            }
            expectCombining(
                .zip,
                scripts,
                sends: [.completed(400 + 10 * (arity - 1))],
                subscriptions: (0..<arity).map { Subscription(200, $0 == 0 ? 250 : 400 + 10 * $0) }
            )
        }

        @Test(arguments: 2...8)
        func everyArityEndsWithTheSelectorsError(arity: Int) {
            let scripts: [[RippleTest.Recorded<Event<Int>>]] = (0..<arity).map { k in
                [.next(210 + 10 * k, k), .completed(600)]
            }
            let end = 210 + 10 * (arity - 1)
            expectCombining(
                .zip,
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
                .zip,
                scripts,
                sends: [.next(210 + 10 * (arity - 1), arity), .error(300, TestError(id: failing))],
                subscriptions: Array(repeating: Subscription(200, 300), count: arity)
            )
        }

        // MARK: Collections

        @Test func anEmptyCollectionCompletesAtOnce() {
            let arrays = TestScheduler(initialClock: 0).start { Observable.zip([Observable<Int>]()) }
            #expect(arrays.events == [.completed(200)])
            let summed = TestScheduler(initialClock: 0).start { Observable.zip([Observable<Int>]()) { $0.reduce(0, +) } }
            #expect(summed.events == [.completed(200)])
        }

        @Test func aCollectionSendsEachGroupAsAnArray() {
            expectZipCollection(
                [
                    [.next(210, 1), .next(250, 4), .completed(420)],
                    [.next(220, 2), .next(240, 5), .completed(410)],
                    [.next(230, 3), .next(260, 6), .completed(400)],
                ],
                sends: [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)],
                subscriptions: [Subscription(200, 420), Subscription(200, 410), Subscription(200, 400)]
            )
        }

        @Test func aCollectionCompletesWhenAnElementCanNeverBeZipped() {
            // Unlike the fixed arities (see threeSourcesCompleteOnlyWhenAllHave), the
            // collection form completes at 310: every other source has completed and
            // the first has nothing queued.
            expectZipCollection(
                [
                    [.next(210, 1), .next(250, 4), .completed(270)],
                    [.next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410)],
                    [.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)],
                ],
                sends: [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(310)],
                subscriptions: [Subscription(200, 270), Subscription(200, 310), Subscription(200, 300)]
            )
            expectZipCollection(
                [[.completed(210)], [.next(215, 2), .completed(220)]],
                sends: [.completed(215)],
                subscriptions: [Subscription(200, 210), Subscription(200, 215)]
            )
        }

        @Test func aCollectionEndsAtTheFirstError() {
            expectZipCollection(
                [
                    [.next(210, 1), .error(250, TestError(id: 1))],
                    [.next(220, 2), .next(240, 5), .completed(410)],
                    [.next(230, 3), .next(260, 6), .completed(400)],
                ],
                sends: [.next(230, [1, 2, 3]), .error(250, TestError(id: 1))],
                subscriptions: [Subscription(200, 250), Subscription(200, 250), Subscription(200, 250)]
            )
            expectZipCollection(
                [
                    [.next(210, 1), .completed(400)],
                    [.next(220, 2), .completed(400)],
                    [.error(230, TestError(id: 2))],
                    [.next(240, 4), .completed(400)],
                ],
                sends: [.error(230, TestError(id: 2))],
                subscriptions: Array(repeating: Subscription(200, 230), count: 4)
            )
        }

        @Test func aCollectionWithAThrowingSelectorEndsWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = hotSources(scheduler, [[.next(215, 2), .completed(230)], [.next(220, 3), .completed(240)]])
            let observer = scheduler.start { Observable.zip(sources) { _ -> Int in throw TestError(id: 6) } }
            #expect(observer.events == [.error(220, TestError(id: 6))])
            #expect(sources.map(\.subscriptions) == [[Subscription(200, 220)], [Subscription(200, 220)]])
        }

        @Test func aCollectionDisposedMidway() {
            expectZipCollection(
                [[.next(210, 1), .next(230, 3)], [.next(220, 2), .next(240, 4)]],
                disposed: 235,
                sends: [.next(220, [1, 2])],
                subscriptions: [Subscription(200, 235), Subscription(200, 235)]
            )
        }

        @Test func anyCollectionOfSequencesWorks() {
            let sources: ContiguousArray<Observable<Int>> = [.of(1, 2), .of(3, 4), .of(5, 6)]
            #expect(Observable.zip(sources).recordSynchronously() == [.next([1, 3, 5]), .next([2, 4, 6]), .completed])
            let many = (0..<100).map { Observable.just($0) }
            #expect(Observable.zip(many) { $0.reduce(0, +) }.recordSynchronously() == [.next(4950), .completed])
        }

        // MARK: Synchronous sources

        @Test func synchronousSourcesTakeTurnsOnTheTrampoline() {
            let sums = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20, 30)) { $0 + $1 }
            #expect(sums.recordSynchronously() == [.next(11), .next(22), .next(33), .completed])

            let recorder = EventRecorder<[Int]>()
            Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20, 30)).subscribe(onNext: { a, b in
                recorder.on(.next([a, b]))
            }, onCompleted: {
                recorder.on(.completed)
            }).dispose()
            #expect(recorder.events == [.next([1, 10]), .next([2, 20]), .next([3, 30]), .completed])

            let arrays = Observable.zip([Observable.of(1, 2, 3), Observable.of(10, 20, 30)])
            #expect(arrays.recordSynchronously() == [.next([1, 10]), .next([2, 20]), .next([3, 30]), .completed])
        }

        @Test func synchronousSourcesOfDifferentLengths() {
            let sums = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }
            #expect(sums.recordSynchronously() == [.next(11), .next(22), .completed])
            let three = Observable.zip(Observable.of(1, 2), Observable.of(10, 20, 30), Observable.just(100)) { $0 + $1 + $2 }
            #expect(three.recordSynchronously() == [.next(111), .completed])
        }

        @Test func anEmptySynchronousSourceCompletesTheResult() {
            let fixed = Observable.zip(Observable<Int>.empty(), Observable.of(1, 2, 3)) { $0 + $1 }
            #expect(fixed.recordSynchronously() == [.completed])
            let collection = Observable.zip([Observable<Int>.empty(), Observable.of(1, 2, 3)])
            #expect(collection.recordSynchronously() == [.completed])
        }

        @Test func aFailingSynchronousSourceFailsTheResultOnce() {
            let result = Observable.zip(Observable.of(0, 1, 2), Observable<Int>.error(TestError(id: 8))) { $0 + $1 }
            #expect(result.recordSynchronously() == [.error(TestError(id: 8))])
        }

        @Test func longSynchronousSourcesRunWithoutGrowingTheStack() {
            let count = 20_000
            var elements = 0
            var last = 0
            var completed = false
            Observable.zip(Observable.from(0..<count), Observable.from(0..<count)) { $0 + $1 }
                .subscribe(onNext: { elements += 1; last = $0 }, onCompleted: { completed = true })
                .dispose()
            #expect(elements == count)
            #expect(last == 2 * (count - 1))
            #expect(completed)
        }

        @Test func aLongBacklogIsKeptInOrder() {
            let source = ThreadedSource()
            var received: [Int] = []
            let subscription = Observable.zip(Observable.from(0..<1000), source.observable) { $0 * 10_000 + $1 }
                .subscribe(onNext: { received.append($0) })
            for value in 0..<1000 {
                source.send(value)
            }
            #expect(received == (0..<1000).map { $0 * 10_001 })
            subscription.dispose()
            source.release()
        }

        // MARK: Re-entrancy

        @Test func anElementSentFromInsideTheObserverIsDeliveredAfterTheCurrentOne() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            var received: [Int] = []
            var depth = 0
            var deepest = 0
            let subscription = Observable.zip(first.observable, second.observable) { $0 + $1 }
                .subscribe(onNext: { value in
                    depth += 1
                    deepest = max(deepest, depth)
                    received.append(value)
                    if value == 3 {
                        first.send(10)
                        second.send(20)
                    }
                    depth -= 1
                })
            first.send(1)
            second.send(2)
            #expect(received == [3, 30])
            #expect(deepest == 1)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func callsInferTheirTypesAsInRxSwift() {
            let numbers = Observable.of(1, 2)
            let words = Observable.of("a", "b")
            let pairs: Observable<(Int, String)> = Observable.zip(numbers, words)
            let joined = Observable.zip(numbers, words) { "\($0)\($1)" }
            let arrays = Observable.zip([numbers, numbers])
            let typed = Observable<Int>.zip([numbers, numbers]).subscribe()
            typed.dispose()
            #expect(joined.recordSynchronously() == [.next("1a"), .next("2b"), .completed])
            #expect(arrays.recordSynchronously() == [.next([1, 1]), .next([2, 2]), .completed])
            var described: [String] = []
            pairs.subscribe(onNext: { described.append("\($0)\($1)") }).dispose()
            #expect(described == ["1a", "2b"])
        }

        // MARK: Threads

        @Test func twoThreadsFeedingTheSourcesGetEveryPairInOrder() {
            let count = 500
            let first = ThreadedSource()
            let second = ThreadedSource()
            let observer = SerialCheckingObserver<[Int]>()
            let subscription = Observable.zip(first.observable, second.observable) { [$0, $1] }.subscribe(observer)
            runConcurrently([
                { for value in 0..<count { first.send(value) }; first.complete() },
                { for value in 0..<count { second.send(value) }; second.complete() },
            ])
            #expect(observer.elements == (0..<count).map { [$0, $0] })
            #expect(observer.overlaps == 0)
            #expect(observer.eventsAfterTerminal == 0)
            #expect(observer.terminalEvents.count == 1 && observer.terminalEvents.first?.isCompleted == true)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func elementsFromAnotherThreadDuringTheSelectorAreLeftAndZippedBeforeTheFirstCallReturns() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let inSelector = DispatchSemaphore(value: 0)
            let otherCallsReturned = DispatchSemaphore(value: 0)
            let otherCallsDidNotWait = Counter()
            let firstCallSawBoth = Counter()
            let observer = SerialCheckingObserver<Int>()
            let subscription = Observable.zip(first.observable, second.observable) { (a: Int, b: Int) -> Int in
                if a == 1 {
                    inSelector.signal()
                    if otherCallsReturned.wait(timeout: .now() + 5) == .success {
                        otherCallsDidNotWait.increment()
                    }
                }
                return a + b
            }
            .subscribe(observer)
            first.send(1)
            runConcurrently([
                {
                    second.send(10)
                    if observer.elements == [11, 22] {
                        firstCallSawBoth.increment()
                    }
                },
                {
                    _ = inSelector.wait(timeout: .now() + 5)
                    first.send(2)
                    second.send(20)
                    otherCallsReturned.signal()
                },
            ])
            #expect(otherCallsDidNotWait.value == 1)
            #expect(firstCallSawBoth.value == 1)
            #expect(observer.elements == [11, 22])
            #expect(observer.overlaps == 0)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func aDisposeFromAThirdThreadWhileTwoThreadsSendEndsCleanly() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let observer = SerialCheckingObserver<Int>()
            let subscription = Observable.zip(first.observable, second.observable) { $0 + $1 }.subscribe(observer)
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
            #expect(observer.elements == (0..<afterDispose).map { 2 * $0 })
            first.release()
            second.release()
        }

        @Test func anErrorRacingElementsEndsTheResultExactlyOnce() {
            for _ in 0..<20 {
                let first = ThreadedSource()
                let second = ThreadedSource()
                let observer = SerialCheckingObserver<Int>()
                let subscription = Observable.zip(first.observable, second.observable) { $0 + $1 }.subscribe(observer)
                for value in 0..<300 {
                    second.send(value)
                }
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
