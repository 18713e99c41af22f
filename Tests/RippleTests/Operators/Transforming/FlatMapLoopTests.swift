import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    /// Merge's inner observer runs the loop of an inner `range`, `of` or `from` an array
    /// itself, instead of subscribing the sequence. Each test runs a pipeline
    /// twice: with such a loop producer as the inner sequence, and with `from` a
    /// `Range` (a sequence, not a loop producer, so it is subscribed and its own sink
    /// sends the same elements on the trampoline). The two must be indistinguishable.
    @Suite struct FlatMapLoopTests {
        /// How an inner sequence of `count` integers from `start` is made.
        enum Inner: CaseIterable {
            case range, array, subscribed

            func make(start: Int, count: Int) -> Observable<Int> {
                switch self {
                case .range: Observable.range(start: start, count: count)
                case .array: Observable.from(Array(start..<(start + count)))
                case .subscribed: Observable.from(start..<(start + count))
                }
            }
        }

        @Test func aJourneyTraceShowsTheInnerLoopWhenItRuns() {
            var sum = 0
            let steps = JourneyTrace.record {
                _ = Observable.range(start: 0, count: 2)
                    .flatMap { Observable.range(start: $0, count: 3) }
                    .subscribe(onNext: { sum += $0 })
            }
            #expect(sum == 0 + 1 + 2 + 1 + 2 + 3)
            // Traced, the inner `range`s take the road they take untraced: merge's own loop
            // with the fast paths on, a subscription with its RangeSink with them off.
            let loops = steps.filter { $0.type == "MergeInner" && $0.member == "subscribe(to:)" }
            #expect(loops.count == (fastPathsAreOn ? 2 : 0))
        }

        @Test(.takesAFastPath) func theInnerSequencesAreLoopProducersOrNot() {
            #expect(Inner.range.make(start: 0, count: 3).asLoopProducer() != nil)
            #expect(Inner.array.make(start: 0, count: 3).asLoopProducer() != nil)
            #expect(Inner.subscribed.make(start: 0, count: 3).asLoopProducer() == nil)
            // Not sent by a loop on the trampoline: subscribed as before.
            #expect(Observable.range(start: 0, count: 3, scheduler: ImmediateScheduler.instance).asLoopProducer() == nil)
        }

        /// The answer for each class is remembered for the last class seen either way:
        /// alternating loop producers, other sequences and element types must still get
        /// the right answer every time.
        @Test(.takesAFastPath) func classesAlternatingKeepTheirOwnAnswers() {
            let strings = Observable.from(["a", "b"])
            let subscribed = Inner.subscribed.make(start: 0, count: 2)
            for _ in 0..<3 {
                #expect(Inner.range.make(start: 0, count: 2).asLoopProducer()?.loopCount == 2)
                #expect(subscribed.asLoopProducer() == nil)
                #expect(strings.asLoopProducer()?.loopElement(at: 1) == "b")
                #expect(Observable.just(1).asLoopProducer() == nil)
                #expect(Inner.array.make(start: 5, count: 3).asLoopProducer()?.loopElement(at: 2) == 7)
                #expect(Observable<String>.just("c").asLoopProducer() == nil)
            }
        }

        /// Records a synchronous pipeline built with each kind of inner sequence; every
        /// recording must equal the subscribed one.
        func expectSameEvents(_ pipeline: (Inner) -> Observable<Int>, sourceLocation: SourceLocation = #_sourceLocation) {
            let expected = pipeline(.subscribed).recordSynchronously()
            #expect(!expected.isEmpty, sourceLocation: sourceLocation)
            for inner in [Inner.range, .array] {
                #expect(pipeline(inner).recordSynchronously() == expected, "\(inner)", sourceLocation: sourceLocation)
            }
        }

        @Test func flatMapInterleavesTheLoopsAsItInterleavesSubscribedSequences() {
            expectSameEvents { inner in
                Observable.of(1, 2, 3).flatMap { inner.make(start: $0 * 10, count: $0 + 1) }
            }
            // Empty inner sequences complete on their first turn.
            expectSameEvents { inner in
                Observable.range(start: 0, count: 5).flatMap { inner.make(start: $0, count: $0 % 2) }
            }
            expectSameEvents { inner in
                Observable.of(1, 2, 3).flatMapFirst { inner.make(start: $0 * 10, count: 3) }
            }
        }

        @Test func concatMapAndMergeWithALimitRunTheWaitingLoopsInTurn() {
            expectSameEvents { inner in
                Observable.of(1, 2, 3).concatMap { inner.make(start: $0 * 10, count: 3) }
            }
            expectSameEvents { inner in
                Observable.of(1, 2, 3, 4).map { inner.make(start: $0 * 10, count: $0) }.merge(maxConcurrent: 2)
            }
            expectSameEvents { inner in
                Observable.merge(inner.make(start: 0, count: 3), inner.make(start: 10, count: 2), .just(100))
            }
        }

        @Test func aThrowingSelectorEndsTheLoopsThatRun() {
            expectSameEvents { inner in
                Observable.of(1, 2, 3).flatMap { value -> Observable<Int> in
                    if value == 3 {
                        throw TestError(id: 3)
                    }
                    return inner.make(start: value * 10, count: 4)
                }
            }
        }

        @Test func anErrorFromAnotherInnerSequenceStopsTheLoops() {
            expectSameEvents { inner in
                Observable.of(1, 2, 3).flatMap { value in
                    value == 2 ? inner.make(start: 20, count: 1).concat(Observable.error(TestError(id: 2))) : inner.make(start: value * 10, count: 4)
                }
            }
        }

        /// Runs `body` on this thread's trampoline, as a scheduled action: what it
        /// subscribes to queues its work, which runs once `body` has returned.
        func onTrampoline(_ body: @escaping () -> Void) {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                body()
                return Disposables.create()
            }
        }

        /// Records `pipeline`'s elements, disposing the subscription from inside the
        /// delivery of element `disposeAt`. Subscribed on the trampoline, so that the
        /// subscription is in hand before the first element.
        func elementsDisposing(_ pipeline: Observable<Int>, at disposeAt: Int) -> [Int] {
            var elements: [Int] = []
            let subscription = SingleAssignmentDisposable()
            onTrampoline {
                subscription.setDisposable(pipeline.subscribe(onNext: { element in
                    elements.append(element)
                    if element == disposeAt {
                        subscription.dispose()
                    }
                }))
            }
            subscription.dispose()
            return elements
        }

        @Test func disposingDuringAnInnerElementStopsEveryLoop() {
            let pipeline = { (inner: Inner) in Observable.of(1, 2, 3).flatMap { inner.make(start: $0 * 10, count: 5) } }
            let expected = elementsDisposing(pipeline(.subscribed), at: 21)
            #expect(expected == [10, 11, 20, 12, 21])
            for inner in [Inner.range, .array] {
                #expect(elementsDisposing(pipeline(inner), at: 21) == expected, "\(inner)")
            }
        }

        @Test func theOuterSequenceEmittingFromInsideAnInnerElement() {
            // `onNext(2)` from inside element 10: off the trampoline, the inner loop of
            // 1 runs within the subject's `onNext(1)`, which holds the reentrant
            // `onNext(2)` until it returns; on the trampoline, `onNext(1)` returns at
            // once, so 2 arrives while the loop of 1 waits its turn, and they interleave.
            for (trampoline, expected) in [(false, [10, 11, 12, 20, 21, 22]), (true, [10, 20, 11, 21, 12, 22])] {
                for inner in Inner.allCases {
                    let subject = PublishSubject<Int>()
                    var elements: [Int] = []
                    let subscription = subject.flatMap { inner.make(start: $0 * 10, count: 3) }
                        .subscribe(onNext: { element in
                            elements.append(element)
                            if element == 10 {
                                subject.onNext(2)
                            }
                        })
                    if trampoline {
                        onTrampoline { subject.onNext(1) }
                    } else {
                        subject.onNext(1)
                    }
                    subscription.dispose()
                    #expect(elements == expected, "\(inner), on the trampoline: \(trampoline)")
                }
            }
        }

        @Test func outerElementsFromAnotherThreadRunEachLoopAtOnce() async {
            for inner in Inner.allCases {
                let subject = PublishSubject<Int>()
                let elements = LockedValue<[Int]>([])
                let completed = LockedValue(false)
                let subscription = subject.flatMap { inner.make(start: $0 * 10, count: 3) }
                    .subscribe(onNext: { element in elements.withLock { $0.append(element) } }, onCompleted: { completed.withLock { $0 = true } })
                // A thread with no trampoline running: each inner loop runs within onNext.
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        subject.onNext(1)
                        subject.onNext(2)
                        subject.onCompleted()
                        continuation.resume()
                    }
                }
                subscription.dispose()
                #expect(elements.withLock { $0 } == [10, 11, 12, 20, 21, 22], "\(inner)")
                #expect(completed.withLock { $0 }, "\(inner)")
            }
        }

        @Test func innerLoopsOnAnotherSchedulerAreSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start {
                Observable.of(1, 2).flatMap { Observable.range(start: $0 * 10, count: 2, scheduler: scheduler) }
            }
            #expect(observer.events.compactMap { $0.value.element }.sorted() == [10, 11, 20, 21])
            #expect(observer.events.last?.value.isCompleted == true)
        }

        @Test(.takesAFastPath) func anInnerLoopRunsWithoutASinkOrSinkDisposer() {
            // Counted while the first inner element is delivered: with the loop run by
            // merge's inner observer, the inner `range` has no sink and no disposer of
            // its own (the subscribed `from` has both).
            func liveDuringFirstElement(_ inner: Inner) -> [String: Int] {
                var live: [String: Int] = [:]
                let subscription = Observable.of(1).flatMap { inner.make(start: $0, count: 2) }
                    .subscribe(onNext: { element in
                        if element == 1 {
                            live = Resources.liveObjects
                        }
                    })
                subscription.dispose()
                return live
            }
            let subscribed = liveDuringFirstElement(.subscribed)
            let looped = liveDuringFirstElement(.range)
            #expect(subscribed["SinkDisposer", default: 0] == looped["SinkDisposer", default: 0] + 1)
            #expect(!looped.keys.contains { $0.hasPrefix("RangeSink") })
        }
    }
}
