import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `AsyncSequence.asObservable()`: elements, completion, errors, cancellation of the
    /// iterating task by disposal, and where the iteration runs.
    @Suite struct ConcurrencyAsyncSequenceTests {
        @Test func elementsThenCompletion() async {
            let baseline = Resources.total
            do {
                let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                let recorder = EventRecorder<Int>()
                let subscription = stream.asObservable().subscribe(recorder)
                continuation.yield(1)
                continuation.yield(2)
                continuation.finish()
                #expect(await eventually { recorder.events.count == 3 })
                #expect(recorder.events == [.next(1), .next(2), .completed])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aThrownErrorBecomesTheErrorEvent() async {
            let baseline = Resources.total
            do {
                let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
                let recorder = EventRecorder<Int>()
                let subscription = stream.asObservable().subscribe(recorder)
                continuation.yield(1)
                continuation.finish(throwing: TestError(id: 4))
                #expect(await eventually { recorder.events.count == 2 })
                #expect(recorder.events == [.next(1), .error(TestError(id: 4))])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aThrownCancellationErrorCompletes() async {
            let baseline = Resources.total
            do {
                let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
                let recorder = EventRecorder<Int>()
                let subscription = stream.asObservable().subscribe(recorder)
                continuation.finish(throwing: CancellationError())
                #expect(await eventually { recorder.events == [.completed] })
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func anEmptySequenceCompletes() async {
            let baseline = Resources.total
            do {
                let recorder = EventRecorder<Int>()
                let subscription = AsyncStream<Int> { $0.finish() }.asObservable().subscribe(recorder)
                #expect(await eventually { recorder.events == [.completed] })
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func disposingCancelsTheIteratingTask() async {
            let baseline = Resources.total
            do {
                let terminated = ValueLog<String>()
                let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                continuation.onTermination = { termination in
                    terminated.append("\(termination)")
                }
                let recorder = EventRecorder<Int>()
                let subscription = stream.asObservable().subscribe(recorder)
                continuation.yield(1)
                #expect(await eventually { recorder.events == [.next(1)] })
                subscription.dispose()
                // The task's cancellation reaches the stream's iterator, which terminates it.
                #expect(await eventually { terminated.all == ["cancelled"] })
                continuation.yield(2)
                #expect(recorder.events == [.next(1)])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func eachSubscriptionIteratesInItsOwnTask() async {
            let baseline = Resources.total
            do {
                let source = AsyncSequenceOfThree().asObservable()
                let first = EventRecorder<Int>()
                let second = EventRecorder<Int>()
                let one = source.subscribe(first)
                let two = source.subscribe(second)
                #expect(await eventually { first.events.count == 4 && second.events.count == 4 })
                #expect(first.events == [.next(1), .next(2), .next(3), .completed])
                #expect(second.events == first.events)
                one.dispose()
                two.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func subscribedFromTheMainActorTheIterationRunsOffIt() async {
            let baseline = Resources.total
            do {
                let onMain = ValueLog<Bool>()
                let source = AsyncSequenceOfThree(probe: { onMain.append(onMainQueueNow()) }).asObservable()
                let recorder = EventRecorder<Int>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events.count == 4 })
                #expect(onMain.all == [false, false, false, false])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func anObservableBridgedToValuesAndBackIsTheSameSequence() async {
            let baseline = Resources.total
            do {
                let recorder = EventRecorder<Int>()
                let subscription = Observable.of(1, 2, 3).values.asObservable().subscribe(recorder)
                #expect(await eventually { recorder.events.count == 4 })
                #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}

/// An async sequence of 1, 2, 3 that calls `probe` each time its iterator is asked for
/// the next element.
private struct AsyncSequenceOfThree: AsyncSequence {
    typealias Element = Int
    var probe: @Sendable () -> Void = {}

    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 1
        let probe: @Sendable () -> Void

        mutating func next() async -> Int? {
            probe()
            guard next <= 3 else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(probe: probe)
    }
}
