import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct CatchSequenceTests {
        @Test func eachFailureMovesToTheNextColdSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .next(30, 3), .error(40, TestError(id: 1)),
            ])
            let second = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .error(30, TestError(id: 2))])
            let third = scheduler.createColdObservable([
                .next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50),
            ])
            let observer = scheduler.start {
                Observable.catch(sequence: [first.asObservable(), second.asObservable(), third.asObservable()])
            }
            #expect(observer.events == [
                .next(210, 1), .next(220, 2), .next(230, 3),
                .next(250, 4), .next(260, 5),
                .next(280, 6), .next(290, 7), .next(300, 8), .next(310, 9), .completed(320),
            ])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(240, 270)])
            #expect(third.subscriptions == [Subscription(270, 320)])
        }

        @Test func aCompletingFirstSequenceEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
            let second = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(230)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func aSequenceThatNeverEndsStaysSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(150, 1)])
            let second = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events.isEmpty)
            #expect(first.subscriptions == [Subscription(200, 1000)])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func anEmptyFirstSequenceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(150, 1), .completed(230)])
            let second = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events == [.completed(230)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func aFailureHandsOverToTheSecondSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError(id: 1)),
            ])
            let second = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 250)])
        }

        @Test func aSecondSequenceThatNeverEndsStaysSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(150, 1)])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events == [.next(210, 2)])
            #expect(second.subscriptions == [Subscription(230, 1000)])
        }

        @Test func whenEverySequenceFailsTheLastErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(150, 1), .error(250, TestError(id: 2))])
            let observer = scheduler.start { Observable.catch(sequence: [first, second].map { $0.asObservable() }) }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(250, TestError(id: 2))])
            #expect(first.subscriptions == [Subscription(200, 230)])
            #expect(second.subscriptions == [Subscription(230, 250)])
        }

        @Test func severalHotSequencesInARow() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(215, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(220, 3), .error(225, TestError(id: 2))])
            let third = scheduler.createHotObservable([.next(230, 4), .completed(235)])
            let observer = scheduler.start {
                Observable.catch(sequence: [first.asObservable(), second.asObservable(), third.asObservable()])
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(235)])
            #expect(first.subscriptions == [Subscription(200, 215)])
            #expect(second.subscriptions == [Subscription(215, 225)])
            #expect(third.subscriptions == [Subscription(225, 235)])
        }

        @Test func anEmptyCollectionCompletesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable<Int>.catch(sequence: []) }
            #expect(observer.events == [.completed(200)])
        }

        @Test func disposingMidwayUnsubscribesTheCurrentSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
            let second = scheduler.createColdObservable([.next(10, 2), .next(20, 3), .completed(30)])
            let observer = scheduler.start(disposed: 235) {
                Observable.catch(sequence: [first.asObservable(), second.asObservable()])
            }
            #expect(observer.events == [.next(210, 1), .next(230, 2)])
            #expect(first.subscriptions == [Subscription(200, 220)])
            #expect(second.subscriptions == [Subscription(220, 235)])
        }

        @Test func theCollectionIsIteratedLazilyForEachSubscription() {
            let log = SideEffectLog()
            let sources = (1...3).lazy.map { index -> Observable<Int> in
                log.append("made \(index)")
                return Observable.deferred {
                    log.append("subscribed \(index)")
                    return index < 3 ? .error(TestError(id: index)) : .just(index)
                }
            }
            let sequence = Observable.catch(sequence: sources)
            #expect(log.all.isEmpty)
            let once = ["made 1", "subscribed 1", "made 2", "subscribed 2", "made 3", "subscribed 3"]
            #expect(sequence.recordSynchronously() == [.next(3), .completed])
            #expect(log.all == once)
            #expect(sequence.recordSynchronously() == [.next(3), .completed])
            #expect(log.all == once + once)
        }

        @Test func synchronousSequencesAreTriedDuringSubscribe() {
            let succeeding = Observable.catch(sequence: [
                Observable<Int>.error(TestError(id: 1)), Observable.error(TestError(id: 2)), Observable.of(1, 2),
            ])
            #expect(succeeding.recordSynchronously() == [.next(1), .next(2), .completed])
            let failing = Observable.catch(sequence: [
                Observable<Int>.error(TestError(id: 1)), Observable.error(TestError(id: 2)),
            ])
            #expect(failing.recordSynchronously() == [.error(TestError(id: 2))])
        }

        @Test func aNestedCatchSequenceIsTriedInPlace() {
            let attempts = SideEffectLog()
            func failing(_ name: String) -> Observable<String> {
                Observable.deferred {
                    attempts.append(name)
                    return .error(TestError(id: attempts.all.count))
                }
            }
            let nested = Observable.catch(sequence: [
                failing("a"),
                Observable.catch(sequence: [failing("b"), failing("c")]),
                Observable.just("d"),
            ])
            #expect(nested.recordSynchronously() == [.next("d"), .completed])
            #expect(attempts.all == ["a", "b", "c"])
            let allFailing = Observable.catch(sequence: [
                failing("e"),
                Observable.catch(sequence: [failing("f"), failing("g")]),
            ])
            #expect(allFailing.recordSynchronously() == [.error(TestError(id: 6))])
        }

        @Test func twentyThousandSynchronousFailuresKeepTheStackFlat() {
            let attempts = Counter()
            let sources = (0..<20_001).lazy.map { _ in ErrorHandlingSupport.failing(20_000, attempts: attempts) }
            #expect(Observable.catch(sequence: sources).recordSynchronously() == [.next(20_001), .completed])
        }
    }
}
