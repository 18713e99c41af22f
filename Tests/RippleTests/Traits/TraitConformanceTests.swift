import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    /// The trait members RxSwift code expects beyond the basic operators: timers on
    /// Single and Maybe, `Infallible.from(_:)` of any sequence, Infallible's wide
    /// combineLatest and zip and the rest of its operators, Maybe's zip of a collection
    /// and `AsyncSequence.asObservable(priority:)`. Virtual time, exact events.
    @Suite struct TraitConformanceTests {
        @Test func singleTimerSucceedsWithZeroAfterTheDueTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }
            XCTAssertEqual(observer.events, [.next(230, 0), .completed(230)])
        }

        @Test func maybeTimerSucceedsWithZeroAndDisposalCancelsIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Maybe<UInt8>.timer(.seconds(5), scheduler: scheduler) }
            XCTAssertEqual(observer.events, [.next(205, 0), .completed(205)])
            let cancelled = TestScheduler(initialClock: 0)
            let none = cancelled.start(disposed: 250) { Maybe<Int>.timer(.seconds(100), scheduler: cancelled) }
            XCTAssertEqual(none.events, [])
        }

        @Test func infallibleFromAnySequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Infallible.from(stride(from: 1, through: 5, by: 2)) }
            XCTAssertEqual(observer.events, [.next(200, 1), .next(200, 3), .next(200, 5), .completed(200)])
            let scheduled = TestScheduler(initialClock: 0)
            let onScheduler = scheduled.start { Infallible.from(Set([7]), scheduler: scheduled) }
            XCTAssertEqual(onScheduler.events, [.next(201, 7), .completed(202)])
        }

        @Test func infallibleCombineLatestOfEightWithAndWithoutSelector() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (1...8).map { index in
                scheduler.createHotObservable([.next(200 + index * 10, index), .completed(400)]).asInfallible(onErrorJustReturn: 0)
            }
            let summed = scheduler.start {
                Infallible.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]) {
                    $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
                }
            }
            XCTAssertEqual(summed.events, [.next(280, 36), .completed(400)])
            let tuples = TestScheduler(initialClock: 0)
            let four = (1...4).map { index in
                tuples.createHotObservable([.next(200 + index * 10, index), .next(300, index * 10), .completed(400)]).asInfallible(onErrorJustReturn: 0)
            }
            let observer = tuples.start { Infallible.combineLatest(four[0], four[1], four[2], four[3]).map { "\($0)\($1)\($2)\($3)" } }
            XCTAssertEqual(observer.events, [
                .next(240, "1234"), .next(300, "10234"), .next(300, "102034"), .next(300, "1020304"), .next(300, "10203040"), .completed(400),
            ])
        }

        @Test func infallibleZipOfFiveToEightPairsByIndex() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (1...8).map { index in
                scheduler.createColdObservable([.next(index * 10, index), .next(100, index * 10), .completed(150)]).asInfallible(onErrorJustReturn: 0)
            }
            let five = scheduler.start { Infallible.zip(sources[0], sources[1], sources[2], sources[3], sources[4]) { [$0, $1, $2, $3, $4] } }
            XCTAssertEqual(five.events, [.next(250, [1, 2, 3, 4, 5]), .next(300, [10, 20, 30, 40, 50]), .completed(350)])
            let other = TestScheduler(initialClock: 0)
            let three = (1...3).map { index in other.createColdObservable([.next(index, index), .completed(10)]).asInfallible(onErrorJustReturn: 0) }
            let tuples = other.start { Infallible.zip(three[0], three[1], three[2]).map { $0 + $1 + $2 } }
            XCTAssertEqual(tuples.events, [.next(203, 6), .completed(210)])
            let eight = TestScheduler(initialClock: 0)
            let ones = (1...8).map { _ in eight.createColdObservable([.next(5, 1), .completed(6)]).asInfallible(onErrorJustReturn: 0) }
            let all = eight.start { Infallible.zip(ones[0], ones[1], ones[2], ones[3], ones[4], ones[5], ones[6], ones[7]).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 } }
            XCTAssertEqual(all.events, [.next(205, 8), .completed(206)])
        }

        @Test func infallibleWithUnretainedCompletesOnceTheObjectIsGone() {
            final class Owner {
                let name = "owner"
            }
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)]).asInfallible(onErrorJustReturn: 0)
            var owner: Owner? = Owner()
            scheduler.scheduleAt(225) { owner = nil }
            let observer = scheduler.start { source.withUnretained(owner!) { "\($0.name) \($1)" } }
            XCTAssertEqual(observer.events, [.next(210, "owner 1"), .next(220, "owner 2"), .completed(230)])
            #expect(owner == nil)
        }

        @Test func infallibleDelayAndDelaySubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let delayed = scheduler.start { source.asInfallible(onErrorJustReturn: 0).delay(.seconds(5), scheduler: scheduler) }
            XCTAssertEqual(delayed.events, [.next(215, 1), .completed(225)])
            let late = TestScheduler(initialClock: 0)
            let cold = late.createColdObservable([.next(10, 1), .completed(20)])
            let subscribedLater = late.start { cold.asInfallible(onErrorJustReturn: 0).delaySubscription(.seconds(50), scheduler: late) }
            XCTAssertEqual(subscribedLater.events, [.next(260, 1), .completed(270)])
            #expect(cold.subscriptions == [Subscription(250, 270)])
        }

        @Test func infallibleTakeAndSkipForms() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(250)])
            let stop = scheduler.createHotObservable([RippleTest.Recorded<Event<String>>.error(225, TestError())])
            let infallible = source.asInfallible(onErrorJustReturn: 0)
            // An error from the signal ends the Infallible quietly, never as an error.
            let untilStop = scheduler.start { infallible.take(until: stop.asObservable()) }
            XCTAssertEqual(untilStop.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(250)])
            let again = TestScheduler(initialClock: 0)
            let values = again.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(250)]).asInfallible(onErrorJustReturn: 0)
            let untilInclusive = again.start { values.take(until: { $0 > 1 }, behavior: .inclusive) }
            XCTAssertEqual(untilInclusive.events, [.next(210, 1), .next(220, 2), .completed(220)])
            let third = TestScheduler(initialClock: 0)
            let more = third.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(250)]).asInfallible(onErrorJustReturn: 0)
            let whileSmall = third.start { more.take(while: { $0 < 3 }) }
            XCTAssertEqual(whileSmall.events, [.next(210, 1), .next(220, 2), .completed(230)])
            let fourth = TestScheduler(initialClock: 0)
            let rest = fourth.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(250)]).asInfallible(onErrorJustReturn: 0)
            let skipping = fourth.start { rest.skip(while: { $0 < 3 }) }
            XCTAssertEqual(skipping.events, [.next(230, 3), .next(240, 1), .completed(250)])
        }

        @Test func infallibleSkipUntilAnotherSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let values = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)]).asInfallible(onErrorJustReturn: 0)
            let go = scheduler.createHotObservable([.next(225, "go")])
            let observer = scheduler.start { values.skip(until: go.asObservable()) }
            XCTAssertEqual(observer.events, [.next(230, 3), .completed(250)])
        }

        @Test func infallibleStaticConcatAndMerge() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asInfallible(onErrorJustReturn: 0)
            let second = scheduler.createColdObservable([.next(5, 2), .completed(10)]).asInfallible(onErrorJustReturn: 0)
            let concatenated = scheduler.start { Infallible.concat([first, second]) }
            XCTAssertEqual(concatenated.events, [.next(210, 1), .next(225, 2), .completed(230)])
            let other = TestScheduler(initialClock: 0)
            let a = other.createColdObservable([.next(10, 1), .completed(20)]).asInfallible(onErrorJustReturn: 0)
            let b = other.createColdObservable([.next(5, 2), .completed(10)]).asInfallible(onErrorJustReturn: 0)
            let merged = other.start { Infallible.merge([a, b]) }
            XCTAssertEqual(merged.events, [.next(205, 2), .next(210, 1), .completed(220)])
        }

        @Test func infallibleCombineLatestOfACollection() {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (1...3).map { index in
                scheduler.createHotObservable([.next(200 + index * 10, index), .next(300, index * 10), .completed(400)]).asInfallible(onErrorJustReturn: 0)
            }
            let summed = scheduler.start { Infallible.combineLatest(sources) { $0.reduce(0, +) } }
            XCTAssertEqual(summed.events, [.next(230, 6), .next(300, 15), .next(300, 33), .next(300, 60), .completed(400)])
            let other = TestScheduler(initialClock: 0)
            let pair = (1...2).map { index in other.createHotObservable([.next(200 + index * 10, index), .completed(300)]).asInfallible(onErrorJustReturn: 0) }
            let arrays = other.start { Infallible.combineLatest(pair) }
            XCTAssertEqual(arrays.events, [.next(220, [1, 2]), .completed(300)])
        }

        @Test func infallibleDoRunsAfterActionsAfterTheObserverAndDebugPassesEventsOn() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(220)]).asInfallible(onErrorJustReturn: 0)
            var log: [String] = []
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) {
                _ = source
                    .do(
                        onNext: { log.append("onNext \($0)") },
                        afterNext: { log.append("afterNext \($0) seen: \(observer.events.count)") },
                        onCompleted: { log.append("onCompleted") },
                        afterCompleted: { log.append("afterCompleted seen: \(observer.events.count)") }
                    )
                    .debug("conformance", trimOutput: true)
                    .asObservable()
                    .subscribe(observer)
            }
            scheduler.start()
            #expect(log == ["onNext 1", "afterNext 1 seen: 1", "onCompleted", "afterCompleted seen: 2"])
            XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        }

        @Test func maybeZipOfACollection() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let second = scheduler.createColdObservable([.next(30, 2), .completed(30)])
            let observer = scheduler.start { Maybe.zip([first.asMaybe(), second.asMaybe()]) }
            XCTAssertEqual(observer.events, [.next(230, [1, 2]), .completed(230)])
            let other = TestScheduler(initialClock: 0)
            let some = other.createColdObservable([.next(10, 1), .completed(10)])
            let none = other.createColdObservable([RippleTest.Recorded<Event<Int>>.completed(20)])
            let summed = other.start { Maybe.zip([some.asMaybe(), none.asMaybe()]) { $0.reduce(0, +) } }
            XCTAssertEqual(summed.events, [.completed(220)])
            let empty = TestScheduler(initialClock: 0)
            let nothing = empty.start { Maybe.zip([Maybe<Int>]()) { $0.count } }
            XCTAssertEqual(nothing.events, [.next(200, 0), .completed(200)])
        }

        @Test func asyncSequenceAsObservableRunsAtThePriorityGiven() async throws {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
            var received: [Int] = []
            for try await value in stream.asObservable(priority: .utility).values {
                received.append(value)
            }
            #expect(received == [1, 2])
        }
    }
}
