import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct WithLatestFromTests {
        @Test func eachElementTakesTheSecondsLatestAndEarlierOnesAreDropped() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([
                .next(190, 0), .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(290, 5), .completed(300),
            ])
            let second = scheduler.createHotObservable([
                .next(220, "a"), .next(260, "b"), .next(265, "c"), .completed(280),
            ])
            let observer = scheduler.start { first.withLatestFrom(second) { "\($0)\($1)" } }
            // The second's completion at 280 changes nothing: its latest element stays.
            #expect(observer.events == [.next(230, "2a"), .next(250, "3a"), .next(270, "4c"), .next(290, "5c"), .completed(300)])
            #expect(first.subscriptions == [Subscription(200, 300)])
            #expect(second.subscriptions == [Subscription(200, 280)])
        }

        @Test func withoutASelectorSendsTheSecondsLatestElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
            let second = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(300)])
            let observer = scheduler.start { first.withLatestFrom(second) }
            #expect(observer.events == [.next(230, "a"), .next(250, "b"), .completed(260)])
            #expect(first.subscriptions == [Subscription(200, 260)])
            #expect(second.subscriptions == [Subscription(200, 260)])
        }

        @Test func theFirstSequencesCompletionEndsTheResultAndTheSecondsSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(230, 1), .completed(240)])
            let second = scheduler.createHotObservable([.next(220, 10), .next(250, 20)])
            let observer = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
            #expect(observer.events == [.next(230, 11), .completed(240)])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 240)])
        }

        @Test func anEmptySecondSequenceDropsEveryElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(220, 1), .next(230, 2), .completed(240)])
            let second: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let observer = scheduler.start { first.withLatestFrom(second) }
            #expect(observer.events == [.completed(240)])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 210)])
        }

        @Test func anEmptyFirstSequenceCompletesTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let first: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
            let second = scheduler.createHotObservable([.next(205, 1)])
            let observer = scheduler.start { first.withLatestFrom(second) }
            #expect(observer.events == [.completed(210)])
            #expect(second.subscriptions == [Subscription(200, 210)])
        }

        @Test func theFirstSequencesErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(230, 1), .error(240, TestError(id: 1))])
            let second = scheduler.createHotObservable([.next(220, 10), .completed(235)])
            let observer = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
            #expect(observer.events == [.next(230, 11), .error(240, TestError(id: 1))])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 235)])
        }

        @Test func theSecondSequencesErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(230, 1), .next(250, 2), .completed(260)])
            let second = scheduler.createHotObservable([.next(220, 10), .error(240, TestError(id: 2))])
            let observer = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
            #expect(observer.events == [.next(230, 11), .error(240, TestError(id: 2))])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 240)])
        }

        @Test func aThrowingSelectorEndsTheResultWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(230, 1), .next(250, 2), .next(270, 3), .completed(280)])
            let second = scheduler.createHotObservable([.next(220, 10), .completed(300)])
            let observer = scheduler.start {
                first.withLatestFrom(second) { (x: Int, y: Int) throws -> Int in
                    if x == 2 { throw TestError(id: 3) }
                    return x + y
                }
            }
            #expect(observer.events == [.next(230, 11), .error(250, TestError(id: 3))])
            #expect(first.subscriptions == [Subscription(200, 250)])
            #expect(second.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingStopsBothSubscriptions() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.next(230, 1), .next(250, 2), .next(270, 3)])
            let second = scheduler.createHotObservable([.next(220, 10), .next(260, 20)])
            let observer = scheduler.start(disposed: 255) { first.withLatestFrom(second) { $0 + $1 } }
            #expect(observer.events == [.next(230, 11), .next(250, 12)])
            #expect(first.subscriptions == [Subscription(200, 255)])
            #expect(second.subscriptions == [Subscription(200, 255)])
        }

        @Test func elementsAtTheSameInstantFollowTheOrderTheyArrive() {
            let scheduler = TestScheduler(initialClock: 0)
            let second = scheduler.createHotObservable([.next(210, "a"), .next(230, "b")])
            let first = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
            let observer = scheduler.start { first.withLatestFrom(second) { "\($0)\($1)" } }
            #expect(observer.events == [.next(210, "1a"), .next(230, "2b"), .completed(240)])
        }

        // MARK: Synchronous sources

        @Test func synchronousSourcesTakeTurnsTheSecondSubscribedFirst() {
            let sums = Observable.of(1, 2, 3).withLatestFrom(Observable.of(10, 20)) { $0 + $1 }
            #expect(sums.recordSynchronously() == [.next(11), .next(22), .next(23), .completed])
            let latest = Observable.of(1, 2, 3).withLatestFrom(Observable.of(10, 20))
            #expect(latest.recordSynchronously() == [.next(10), .next(20), .next(20), .completed])
        }

        @Test func aSecondSequenceThatSendsDuringSubscriptionIsReadyForTheFirst() {
            let result = Observable.just(1).withLatestFrom(Observable.just(2)) { $0 + $1 }
            #expect(result.recordSynchronously() == [.next(3), .completed])
            let never = Observable.of(1, 2).withLatestFrom(Observable<Int>.never())
            #expect(never.recordSynchronously() == [.completed])
        }

        @Test func aFailingSynchronousSecondSequenceFailsTheResult() {
            let result = Observable.of(1, 2).withLatestFrom(Observable<Int>.error(TestError(id: 4)))
            #expect(result.recordSynchronously() == [.error(TestError(id: 4))])
        }

        // MARK: Re-entrancy and threads

        @Test func anElementSentFromInsideTheObserverIsDeliveredAfterTheCurrentOne() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            var received: [Int] = []
            var depth = 0
            var deepest = 0
            let subscription = first.observable.withLatestFrom(second.observable) { $0 + $1 }
                .subscribe(onNext: { value in
                    depth += 1
                    deepest = max(deepest, depth)
                    received.append(value)
                    if value == 11 {
                        first.send(2)
                    }
                    depth -= 1
                })
            second.send(10)
            first.send(1)
            #expect(received == [11, 12])
            #expect(deepest == 1)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func elementsAndTheSecondsErrorFromTwoThreadsEndOnce() {
            for _ in 0..<20 {
                let first = ThreadedSource()
                let second = ThreadedSource()
                let observer = SerialCheckingObserver<Int>()
                let subscription = first.observable.withLatestFrom(second.observable) { $0 + $1 }.subscribe(observer)
                second.send(0)
                runConcurrently([
                    { for value in 0..<300 { first.send(value) }; first.complete() },
                    { for value in 0..<100 { second.send(value) }; second.fail(TestError(id: 1)) },
                ])
                #expect(observer.terminalEvents.count == 1)
                #expect(observer.eventsAfterTerminal == 0)
                #expect(observer.overlaps == 0)
                subscription.dispose()
                first.release()
                second.release()
            }
        }

        @Test func aSecondElementFromAnotherThreadDuringTheSelectorIsKeptForTheNextFirstElement() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let inSelector = DispatchSemaphore(value: 0)
            let otherCallReturned = DispatchSemaphore(value: 0)
            let otherCallDidNotWait = Counter()
            let observer = SerialCheckingObserver<Int>()
            let subscription = first.observable.withLatestFrom(second.observable) { (a: Int, b: Int) -> Int in
                if a == 1 {
                    inSelector.signal()
                    if otherCallReturned.wait(timeout: .now() + 5) == .success {
                        otherCallDidNotWait.increment()
                    }
                }
                return a + b
            }
            .subscribe(observer)
            second.send(10)
            runConcurrently([
                { first.send(1) },
                {
                    _ = inSelector.wait(timeout: .now() + 5)
                    second.send(20)
                    otherCallReturned.signal()
                },
            ])
            first.send(2)
            #expect(otherCallDidNotWait.value == 1)
            // The result being computed used the element stored before it; the next
            // one sees the element sent meanwhile.
            #expect(observer.elements == [11, 22])
            #expect(observer.overlaps == 0)
            subscription.dispose()
            first.release()
            second.release()
        }

        @Test func aDisposeFromAnotherThreadWhileBothSendEndsCleanly() {
            let first = ThreadedSource()
            let second = ThreadedSource()
            let observer = SerialCheckingObserver<Int>()
            let subscription = first.observable.withLatestFrom(second.observable).subscribe(observer)
            second.send(0)
            let handoff = Unchecked(subscription)
            runConcurrently([
                { for value in 0..<2000 { first.send(value) } },
                { for value in 0..<2000 { second.send(value) } },
                { _ = eventuallyBlocking(timeout: .seconds(2)) { observer.elements.count >= 50 }; handoff.value.dispose() },
            ])
            let afterDispose = observer.elements.count
            first.send(1)
            #expect(observer.elements.count == afterDispose)
            #expect(observer.overlaps == 0)
            #expect(observer.terminalEvents.isEmpty)
            first.release()
            second.release()
        }

        @Test func callsInferTheirTypesAsInRxSwift() {
            let taps = Observable.of(1, 2)
            let text = Observable.just("query")
            let latest: Observable<String> = taps.withLatestFrom(text)
            let pairs = taps.withLatestFrom(text) { ($0, $1) }
            #expect(latest.recordSynchronously() == [.next("query"), .next("query"), .completed])
            var described: [String] = []
            pairs.subscribe(onNext: { described.append("\($0)\($1)") }).dispose()
            #expect(described == ["1query", "2query"])
        }
    }
}
