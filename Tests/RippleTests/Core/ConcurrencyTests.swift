import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// Dispose racing emission, terminal events racing each other: thousands of rounds
    /// on two threads, checking that every guarantee of the grammar holds each time.
    @Suite struct ConcurrencyTests {
        static let rounds = 2_000

        /// A source whose observer the test drives from any thread.
        final class Emitter: @unchecked Sendable {
            // `@unchecked Sendable`: `observer` is set once during subscribe, before
            // the emitter is shared; AnyObserver forwards into Ripple's thread-safe sink.
            var observer: AnyObserver<Int>?
            let disposals = Counter()

            lazy var observable = Observable<Int>.create { [unowned self] observer in
                self.observer = observer
                return Disposables.create { self.disposals.increment() }
            }
        }

        @Test func disposeRacingEmissionStopsDeliveryAndDisposesOnce() {
            for _ in 0..<Self.rounds {
                let emitter = Emitter()
                let delivered = Counter()
                let disposedCallbacks = Counter()
                let subscription = Unchecked(emitter.observable.subscribe(
                    onNext: { _ in delivered.increment() },
                    onDisposed: { disposedCallbacks.increment() }
                ))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        for value in 0..<50 { emitter.observer?.onNext(value) }
                    } else {
                        subscription.value.dispose()
                    }
                }
                let deliveredAfterRace = delivered.value
                emitter.observer?.onNext(99)
                emitter.observer?.onCompleted()
                #expect(delivered.value == deliveredAfterRace, "an element arrived after dispose had returned")
                #expect(emitter.disposals.value == 1)
                #expect(disposedCallbacks.value == 1)
                emitter.observer = nil
            }
        }

        @Test func racingTerminalEventsDeliverExactlyOne() {
            for _ in 0..<Self.rounds {
                let emitter = Emitter()
                let terminals = Counter()
                let disposedCallbacks = Counter()
                _ = emitter.observable.subscribe(
                    onError: { _ in terminals.increment() },
                    onCompleted: { terminals.increment() },
                    onDisposed: { disposedCallbacks.increment() }
                )
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        emitter.observer?.onCompleted()
                    } else {
                        emitter.observer?.onError(TestError())
                    }
                }
                #expect(terminals.value == 1)
                #expect(disposedCallbacks.value == 1)
                #expect(emitter.disposals.value == 1)
                emitter.observer = nil
            }
        }

        @Test func concurrentDisposesRunTheCleanupOnce() {
            for _ in 0..<Self.rounds {
                let emitter = Emitter()
                let disposedCallbacks = Counter()
                let subscription = Unchecked(emitter.observable.subscribe(onDisposed: { disposedCallbacks.increment() }))
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    subscription.value.dispose()
                }
                #expect(disposedCallbacks.value == 1)
                #expect(emitter.disposals.value == 1)
                emitter.observer = nil
            }
        }

        @Test func terminalEventRacingDisposeEndsEverythingOnce() {
            for _ in 0..<Self.rounds {
                let emitter = Emitter()
                let completions = Counter()
                let disposedCallbacks = Counter()
                let subscription = Unchecked(emitter.observable.subscribe(
                    onCompleted: { completions.increment() },
                    onDisposed: { disposedCallbacks.increment() }
                ))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        emitter.observer?.onCompleted()
                    } else {
                        subscription.value.dispose()
                    }
                }
                #expect(completions.value <= 1)
                #expect(disposedCallbacks.value == 1)
                #expect(emitter.disposals.value == 1)
                emitter.observer = nil
            }
        }

        @Test func subscriptionsOnManyThreadsEachGetTheWholeSequence() {
            let source = Unchecked(Observable.range(start: 0, count: 100))
            let sums = Unchecked(EventRecorder<Int>())
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                var sum = 0
                _ = source.value.subscribe(onNext: { sum += $0 }, onCompleted: { sums.value.onNext(sum) })
            }
            #expect(sums.value.events == Array(repeating: .next(4_950), count: 8))
        }
    }
}
