import Testing
@testable import Ripple

/// Counts how a ``CountingSequence`` is used.
private final class IterationLog {
    var iterators = 0
    var nextCalls = 0
}

/// A sequence that records each iterator made and each `next()` call.
private struct CountingSequence: Sequence {
    let elements: [Int]
    let log: IterationLog

    func makeIterator() -> Iterator {
        log.iterators += 1
        return Iterator(base: elements.makeIterator(), log: log)
    }

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Int]>
        let log: IterationLog

        mutating func next() -> Int? {
            log.nextCalls += 1
            return base.next()
        }
    }
}

extension RippleTests {
    @Suite struct OfTests {
        @Test func sendsTheElementsInOrderThenCompletes() {
            #expect(Observable.of(1, 2, 3).recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func withoutElementsOnlyCompletes() {
            #expect(Observable<Int>.of().recordSynchronously() == [.completed])
        }

        @Test func eachSubscriberGetsEveryElement() {
            let source = Observable.of("x", "y")
            #expect(source.recordSynchronously() == [.next("x"), .next("y"), .completed])
            #expect(source.recordSynchronously() == [.next("x"), .next("y"), .completed])
        }

        @Test func insideATrampolineSendsAfterTheCurrentActionReturns() {
            let recorder = EventRecorder<Int>()
            var duringAction: [Recorded<Int>] = []
            var subscription: Disposable?
            insideTrampoline {
                subscription = Observable.of(1, 2).subscribe(recorder)
                duringAction = recorder.events
            }
            subscription?.dispose()
            #expect(duringAction == [])
            #expect(recorder.events == [.next(1), .next(2), .completed])
        }

        @Test func onAQueueSchedulerSendsOneElementPerAction() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.of(1, 2, scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(1)])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(1), .next(2)])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(1), .next(2), .completed])
            #expect(scheduler.run() == 0)
            subscription.dispose()
        }
    }

    @Suite struct FromTests {
        @Test func arraySendsTheElementsInOrderThenCompletes() {
            #expect(Observable.from([4, 5, 6]).recordSynchronously() == [.next(4), .next(5), .next(6), .completed])
        }

        @Test func emptyArrayOnlyCompletes() {
            #expect(Observable<Int>.from([]).recordSynchronously() == [.completed])
        }

        @Test func closedRangeSendsEveryValue() {
            #expect(Observable.from(1...4).recordSynchronously() == [.next(1), .next(2), .next(3), .next(4), .completed])
        }

        @Test func strideSendsEveryValue() {
            let events = Observable.from(stride(from: 0, to: 10, by: 3)).recordSynchronously()
            #expect(events == [.next(0), .next(3), .next(6), .next(9), .completed])
        }

        @Test func setSendsItsElementsInIterationOrder() {
            let set: Set = [3, 1, 4, 5, 9, 2, 6]
            let expected: [Recorded<Int>] = set.map { .next($0) } + [.completed]
            #expect(Observable.from(set).recordSynchronously() == expected)
        }

        @Test func sequenceIsIteratedAnewForEachSubscriberAtSubscribeTime() {
            let log = IterationLog()
            let source = Observable.from(CountingSequence(elements: [1, 2], log: log))
            #expect(log.iterators == 0)
            #expect(source.recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(log.iterators == 1)
            #expect(source.recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(log.iterators == 2)
            // Two elements and the final `nil`, per subscriber.
            #expect(log.nextCalls == 6)
        }

        @Test func disposingFromOnNextStopsIteratingTheSequence() {
            let log = IterationLog()
            let source = Observable.from(CountingSequence(elements: Array(1...10), log: log))
            let events = recordDisposing(source, afterElements: 3)
            #expect(events == [.next(1), .next(2), .next(3)])
            #expect(log.nextCalls == 3)
        }

        @Test func optionalWithAValueSendsItThenCompletes() {
            #expect(Observable.from(optional: Int?.some(7)).recordSynchronously() == [.next(7), .completed])
        }

        @Test func optionalWithoutAValueOnlyCompletes() {
            #expect(Observable.from(optional: Int?.none).recordSynchronously() == [.completed])
        }

        @Test func optionalSendsDuringSubscribeEvenInsideAnActiveTrampoline() {
            var duringSubscribe: [Recorded<Int>] = []
            insideTrampoline {
                let recorder = EventRecorder<Int>()
                Observable.from(optional: Int?.some(3)).subscribe(recorder).dispose()
                duringSubscribe = recorder.events
            }
            #expect(duringSubscribe == [.next(3), .completed])
        }

        @Test func optionalWithSchedulerSendsTheValueThenCompletes() {
            let some = Observable.from(optional: Int?.some(8), scheduler: CurrentThreadScheduler.instance)
            let none = Observable.from(optional: Int?.none, scheduler: CurrentThreadScheduler.instance)
            #expect(some.recordSynchronously() == [.next(8), .completed])
            #expect(none.recordSynchronously() == [.completed])
        }

        @Test func optionalWithAQueueSchedulerSendsOnTheScheduler() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.from(optional: Int?.some(8), scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(8)])
            scheduler.run()
            #expect(recorder.events == [.next(8), .completed])
            subscription.dispose()
        }

        @Test func arrayWithSchedulerSendsTheElements() {
            let events = Observable.from([1, 2, 3], scheduler: CurrentThreadScheduler.instance).recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func sequenceWithAQueueSchedulerSendsOneElementPerAction() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.from(10...12, scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            #expect(scheduler.run(steps: 2) == 2)
            #expect(recorder.events == [.next(10), .next(11)])
            #expect(scheduler.run() == 2)
            #expect(recorder.events == [.next(10), .next(11), .next(12), .completed])
            subscription.dispose()
        }
    }
}
