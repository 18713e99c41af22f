import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `values` (Observable → `AsyncThrowingStream`, Infallible → `AsyncStream`):
    /// elements, completion, errors, cancellation and buffering policies.
    @Suite struct ConcurrencyValuesTests {
        @Test func elementsArriveInOrderAndCompletionEndsTheLoop() async throws {
            let baseline = Resources.total
            do {
                var received: [Int] = []
                for try await value in Observable.of(1, 2, 3).values {
                    received.append(value)
                }
                #expect(received == [1, 2, 3])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func anEmptySequenceEndsTheLoopAtOnce() async throws {
            var count = 0
            for try await _ in Observable<Int>.empty().values {
                count += 1
            }
            #expect(count == 0)
        }

        @Test func theErrorIsRethrownAfterTheElementsBeforeIt() async {
            var received: [Int] = []
            await #expect(throws: TestError(id: 7)) {
                for try await value in Observable.of(1, 2).concat(Observable<Int>.error(TestError(id: 7))).values {
                    received.append(value)
                }
            }
            #expect(received == [1, 2])
        }

        @Test func elementsFromAnotherThreadReachTheLoop() async throws {
            let source = Observable.range(start: 0, count: 100)
                .observe(on: SerialDispatchQueueScheduler(qos: .default))
            var sum = 0
            for try await value in source.values {
                sum += value
            }
            #expect(sum == 4_950)
        }

        /// A cancelled loop throws `CancellationError`, as in RxSwift, whether the task
        /// is cancelled while the loop waits for an element (`inBody` false) or while
        /// it runs the loop body (then the next `next()` finds the task cancelled
        /// before it waits); either way the subscription is disposed.
        @Test(arguments: [false, true])
        func cancellingTheConsumingTaskThrowsAndDisposesTheSubscription(inBody: Bool) async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let disposed = Counter()
                let received = ValueLog<Int>()
                let stream = subject.do(onDispose: { disposed.increment() }).values
                let consumer = Task {
                    for try await value in stream {
                        received.append(value)
                        if inBody {
                            withUnsafeCurrentTask { $0?.cancel() }
                        }
                    }
                    return "ended"
                }
                subject.onNext(1)
                #expect(await eventually { received.all == [1] })
                if !inBody {
                    consumer.cancel()
                }
                await #expect(throws: CancellationError.self) { try await consumer.value }
                #expect(disposed.value == 1)
                #expect(!subject.hasObservers)
                subject.onNext(2)
                #expect(received.all == [1])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func breakingOutOfTheLoopDisposesTheSubscription() async throws {
            let baseline = Resources.total
            do {
                let subject = BehaviorSubject(value: 0)
                let disposed = Counter()
                do {
                    for try await value in subject.do(onDispose: { disposed.increment() }).values where value == 0 {
                        break
                    }
                }
                #expect(await eventually { disposed.value == 1 })
                #expect(!subject.hasObservers)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func eachReadOfValuesIsItsOwnSubscription() async throws {
            let subscriptions = Counter()
            let source = Observable<Int>.deferred {
                subscriptions.increment()
                return .of(1, 2)
            }
            var first: [Int] = []
            var second: [Int] = []
            for try await value in source.values { first.append(value) }
            for try await value in source.values { second.append(value) }
            #expect(first == [1, 2])
            #expect(second == [1, 2])
            #expect(subscriptions.value == 2)
        }

        @Test func valuesWorksOnTraitsThatAreObservableConvertible() async throws {
            var received: [Int] = []
            for try await value in Single.just(5).values {
                received.append(value)
            }
            #expect(received == [5])
        }

        @Test func infallibleValuesIsAnAsyncStreamThatNeedsNoTry() async {
            let stream: AsyncStream<Int> = Infallible.of(1, 2, 3).values
            var received: [Int] = []
            for await value in stream {
                received.append(value)
            }
            #expect(received == [1, 2, 3])
        }

        @Test func cancellingAnInfallibleConsumerDisposesTheSubscription() async {
            let baseline = Resources.total
            do {
                let relay = PublishRelay<Int>()
                let disposed = Counter()
                let received = ValueLog<Int>()
                let stream = relay.asInfallible().do(onDispose: { disposed.increment() }).values
                let consumer = Task {
                    for await value in stream {
                        received.append(value)
                    }
                }
                relay.accept(1)
                #expect(await eventually { received.all == [1] })
                consumer.cancel()
                await consumer.value
                #expect(disposed.value == 1)
                relay.accept(2)
                #expect(received.all == [1])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func bufferingNewestKeepsTheLatestElementsAndTheEnd() async throws {
            // All five arrive before the loop starts (the source is synchronous and
            // `values` subscribes at once): only the newest two are still there.
            var received: [Int] = []
            for try await value in Observable.of(1, 2, 3, 4, 5).values(bufferingPolicy: .bufferingNewest(2)) {
                received.append(value)
            }
            #expect(received == [4, 5])
        }

        @Test func bufferingOldestKeepsTheFirstElementsAndTheEnd() async throws {
            var received: [Int] = []
            for try await value in Observable.of(1, 2, 3, 4, 5).values(bufferingPolicy: .bufferingOldest(2)) {
                received.append(value)
            }
            #expect(received == [1, 2])
        }

        @Test func aBoundedBufferStillDeliversTheError() async {
            var received: [Int] = []
            await #expect(throws: TestError()) {
                let source = Observable.of(1, 2, 3).concat(Observable<Int>.error(TestError()))
                for try await value in source.values(bufferingPolicy: .bufferingNewest(1)) {
                    received.append(value)
                }
            }
            #expect(received == [3])
        }

        @Test func infallibleValuesTakesABufferingPolicyToo() async {
            var received: [Int] = []
            for await value in Infallible.of(1, 2, 3).values(bufferingPolicy: .bufferingNewest(1)) {
                received.append(value)
            }
            #expect(received == [3])
        }
    }
}
