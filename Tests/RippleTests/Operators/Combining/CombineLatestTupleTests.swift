import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    /// The tuple forms of `combineLatest` keep each source's latest element where the
    /// result tuple keeps it (one buffer laid out as the tuple): these pin that layout
    /// for elements of every size and alignment, and the elements' lifetimes.
    @Suite struct CombineLatestTupleTests {
        /// An element of no size.
        struct Nothing {}

        @Test func eightSourcesOfEverySizeAndAlignmentKeepTheirElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let bytes = scheduler.createHotObservable([.next(210, Int8(-1)), .next(290, Int8(7)), .completed(300)])
            let doubles = scheduler.createHotObservable([.next(220, 2.5), .completed(300)])
            let flags = scheduler.createHotObservable([.next(230, true), .completed(300)])
            let words = scheduler.createHotObservable([.next(240, "word"), .completed(300)])
            let shorts = scheduler.createHotObservable([.next(250, Int16(300)), .completed(300)])
            let arrays = scheduler.createHotObservable([.next(260, [1, 2]), .completed(300)])
            let characters = scheduler.createHotObservable([.next(270, Character?.none), .next(280, "c"), .completed(300)])
            let nothings = scheduler.createHotObservable([.next(205, Nothing()), .completed(300)])
            let observer = scheduler.start {
                Observable.combineLatest(bytes, doubles, flags, words, shorts, arrays, characters, nothings)
            }
            let described = recordedEvents(observer) { tuple in
                "\(tuple.0) \(tuple.1) \(tuple.2) \(tuple.3) \(tuple.4) \(tuple.5) \(tuple.6.map { String($0) } ?? "nil")"
            }
            #expect(described == [
                .next(270, "-1 2.5 true word 300 [1, 2] nil"),
                .next(280, "-1 2.5 true word 300 [1, 2] c"),
                .next(290, "7 2.5 true word 300 [1, 2] c"),
                .completed(300),
            ])
        }

        @Test func aSmallElementBeforeALargeOneAndAfterIt() {
            // (Int8, Double) pads after the byte; (Double, Int8) ends with it.
            let scheduler = TestScheduler(initialClock: 0)
            let bytes = scheduler.createHotObservable([.next(210, Int8(3)), .next(230, Int8(4)), .completed(300)])
            let doubles = scheduler.createHotObservable([.next(220, 0.5), .next(240, 1.5), .completed(300)])
            let byteFirst = scheduler.createObserver((Int8, Double).self)
            let doubleFirst = scheduler.createObserver((Double, Int8).self)
            scheduler.scheduleAt(200) {
                _ = Observable.combineLatest(bytes, doubles).subscribe(byteFirst)
                _ = Observable.combineLatest(doubles, bytes).subscribe(doubleFirst)
            }
            scheduler.start()
            #expect(recordedEvents(byteFirst) { "\($0.0) \($0.1)" } == [
                .next(220, "3 0.5"), .next(230, "4 0.5"), .next(240, "4 1.5"), .completed(300),
            ])
            #expect(recordedEvents(doubleFirst) { "\($0.0) \($0.1)" } == [
                .next(220, "0.5 3"), .next(230, "0.5 4"), .next(240, "1.5 4"), .completed(300),
            ])
        }

        @Test func aReplacedElementIsReleasedAndTheLatestOnesWithTheSubscription() {
            weak var first: Token?
            weak var second: Token?
            let tokens = PublishSubject<Token>()
            let numbers = PublishSubject<Int8>()
            var seen: [Int8] = []
            let subscription = Observable.combineLatest(tokens, numbers).subscribe(onNext: { seen.append($0.1) })
            do {
                let token = Token()
                first = token
                tokens.onNext(token)
            }
            numbers.onNext(1)
            do {
                let token = Token()
                second = token
                tokens.onNext(token)
            }
            #expect(seen == [1, 1])
            #expect(first == nil)
            #expect(second != nil)
            subscription.dispose()
            #expect(second == nil)
        }
    }
}

/// A reference-typed element, so that a test can tell whether it is still held.
private final class Token {}
