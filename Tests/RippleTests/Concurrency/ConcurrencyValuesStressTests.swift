import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `values` with a producer on another thread far faster than its consumer: what
    /// each buffering policy keeps, with the end of the sequence always delivered.
    @Suite struct ConcurrencyValuesStressTests {
        static let count = 20_000

        /// `range` on a pool thread, counting what it has sent.
        static func fastProducer(_ produced: Counter) -> Observable<Int> {
            Observable.range(start: 0, count: count)
                .do(onNext: { _ in produced.increment() })
                .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
        }

        @Test func unboundedKeepsEveryElementInOrderForASlowConsumer() async throws {
            let baseline = Resources.total
            do {
                let produced = Counter()
                var received: [Int] = []
                received.reserveCapacity(Self.count)
                for try await value in Self.fastProducer(produced).values {
                    if value.isMultiple(of: 64) {
                        await Task.yield()   // the slow consumer
                    }
                    received.append(value)
                }
                #expect(received == Array(0..<Self.count))
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func bufferingNewestKeepsTheLatestAndEndsAfterTheLastElement() async throws {
            let baseline = Resources.total
            do {
                let produced = Counter()
                var received: [Int] = []
                for try await value in Self.fastProducer(produced).values(bufferingPolicy: .bufferingNewest(16)) {
                    if received.isEmpty {
                        // Hold the first element until the producer is done: everything but
                        // the newest 16 waiting elements must be dropped meanwhile.
                        #expect(await eventually { produced.value == Self.count })
                    }
                    received.append(value)
                }
                #expect(received.count <= 17)
                #expect(received.last == Self.count - 1)
                #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
                #expect(Array(received.suffix(16)) == Array((Self.count - 16)..<Self.count))
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func bufferingOldestKeepsTheFirstAndStillEnds() async throws {
            let baseline = Resources.total
            do {
                let produced = Counter()
                var received: [Int] = []
                for try await value in Self.fastProducer(produced).values(bufferingPolicy: .bufferingOldest(16)) {
                    if received.isEmpty {
                        #expect(await eventually { produced.value == Self.count })
                    }
                    received.append(value)
                }
                // The loop took one element, then the buffer kept the oldest 16 waiting
                // ones (and one more once the loop made room by taking the first).
                #expect(received.count <= 17)
                #expect(Array(received.prefix(16)) == Array(0..<16))
                #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aConsumerRacingTheProducerSeesAnOrderedSubsetEndingWithTheLast() async throws {
            let baseline = Resources.total
            do {
                let produced = Counter()
                var received: [Int] = []
                for try await value in Self.fastProducer(produced).values(bufferingPolicy: .bufferingNewest(8)) {
                    await Task.yield()
                    received.append(value)
                }
                #expect(!received.isEmpty)
                #expect(received.last == Self.count - 1)
                #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func cancellingMidStreamStopsTheProducer() async {
            let baseline = Resources.total
            do {
                let produced = Counter()
                let disposed = Counter()
                let exited = Counter()
                let endless = Observable<Int>.create { emit in
                    defer { exited.increment() }
                    var next = 0
                    while !Task.isCancelled {
                        emit(next)
                        next += 1
                        await Task.yield()
                    }
                }
                let stream = endless
                    .do(onNext: { _ in produced.increment() }, onDispose: { disposed.increment() })
                    .values(bufferingPolicy: .bufferingNewest(4))
                let consumer = Task {
                    var last = -1
                    for try await value in stream {
                        last = value
                    }
                    return last
                }
                #expect(await eventually { produced.value > 1_000 })
                consumer.cancel()
                _ = try? await consumer.value
                #expect(disposed.value == 1)
                // The producing task sees the cancellation and returns.
                #expect(await eventually { exited.value == 1 })
                let producedAfterCancel = produced.value
                try? await Task.sleep(for: .milliseconds(5))
                #expect(produced.value == producedAfterCancel)
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
