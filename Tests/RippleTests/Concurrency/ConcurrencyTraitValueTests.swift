import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `Single.value`, `Maybe.value`, `Completable.value`: the outcome, the error, and
    /// cancellation of the awaiting task.
    @Suite struct ConcurrencyTraitValueTests {
        @Test func singleValueReturnsTheElement() async throws {
            let baseline = Resources.total
            do {
                #expect(try await Single.just(42).value == 42)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func singleValueThrowsTheError() async {
            await #expect(throws: TestError(id: 3)) {
                _ = try await Single<Int>.error(TestError(id: 3)).value
            }
        }

        @Test func singleValueWaitsForAnotherThread() async throws {
            let single = Single.just(7).delay(.milliseconds(5), scheduler: SerialDispatchQueueScheduler(qos: .default))
            #expect(try await single.value == 7)
        }

        @Test func cancellingASingleAwaitDisposesAndThrowsCancellationError() async {
            let baseline = Resources.total
            do {
                let subscribed = Counter()
                let disposed = Counter()
                let never = Single<Int>.never().do(
                    onSubscribed: { subscribed.increment() },
                    onDispose: { disposed.increment() }
                )
                let waiter = Task { try await never.value }
                #expect(await eventually { subscribed.value == 1 })
                waiter.cancel()
                await #expect(throws: CancellationError.self) {
                    _ = try await waiter.value
                }
                #expect(disposed.value == 1)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aSynchronousSingleInAnAlreadyCancelledTaskStillReturnsItsElement() async throws {
            // As in RxSwift: the subscription runs and delivers before the cancellation
            // disposes it; the first outcome wins.
            let waiter = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await Single.just(1).value
            }
            #expect(try await waiter.value == 1)
        }

        @Test func anAsynchronousSingleInAnAlreadyCancelledTaskThrowsCancellationError() async {
            let baseline = Resources.total
            do {
                let waiter = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await Single<Int>.never().value
                }
                await #expect(throws: CancellationError.self) {
                    _ = try await waiter.value
                }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func maybeValueReturnsTheElementOrNil() async throws {
            #expect(try await Maybe.just(1).value == 1)
            #expect(try await Maybe<Int>.empty().value == nil)
        }

        @Test func maybeValueThrowsTheError() async {
            await #expect(throws: TestError()) {
                _ = try await Maybe<Int>.error(TestError()).value
            }
        }

        @Test func cancellingAMaybeAwaitDisposesAndThrowsCancellationError() async {
            let baseline = Resources.total
            do {
                let disposed = Counter()
                let subscribed = Counter()
                let never = Maybe<Int>.never().do(onSubscribed: { subscribed.increment() }, onDispose: { disposed.increment() })
                let waiter = Task { try await never.value }
                #expect(await eventually { subscribed.value == 1 })
                waiter.cancel()
                await #expect(throws: CancellationError.self) {
                    _ = try await waiter.value
                }
                #expect(disposed.value == 1)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func completableValueReturnsOnCompletion() async throws {
            let completed = Counter()
            try await Completable.empty().do(onCompleted: { completed.increment() }).value
            #expect(completed.value == 1)
        }

        @Test func completableValueThrowsTheError() async {
            await #expect(throws: TestError()) {
                try await Completable.error(TestError()).value
            }
        }

        @Test func cancellingACompletableAwaitDisposesAndThrowsCancellationError() async {
            let baseline = Resources.total
            do {
                let disposed = Counter()
                let subscribed = Counter()
                let never = Completable.never().do(onSubscribed: { subscribed.increment() }, onDispose: { disposed.increment() })
                let waiter = Task { try await never.value }
                #expect(await eventually { subscribed.value == 1 })
                waiter.cancel()
                await #expect(throws: CancellationError.self) {
                    try await waiter.value
                }
                #expect(disposed.value == 1)
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
