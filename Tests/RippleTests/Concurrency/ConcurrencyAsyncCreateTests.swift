import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `Observable.create(detached:priority:work:)` and `Single.create(detached:priority:work:)`:
    /// async bodies run in a task per subscription, with cancellation both ways.
    @Suite struct ConcurrencyAsyncCreateTests {
        @Test func elementsThenCompletionWhenTheBodyReturns() async {
            let baseline = Resources.total
            do {
                let source = Observable<Int>.create { emit in
                    emit(1)
                    await Task.yield()
                    emit(2)
                }
                let recorder = EventRecorder<Int>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events.count == 3 })
                #expect(recorder.events == [.next(1), .next(2), .completed])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aThrowingBodyEndsWithTheError() async {
            let baseline = Resources.total
            do {
                let source = Observable<Int>.create { emit in
                    emit(1)
                    throw TestError(id: 2)
                }
                let recorder = EventRecorder<Int>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events.count == 2 })
                #expect(recorder.events == [.next(1), .error(TestError(id: 2))])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func aCancellationErrorThrownWhileSubscribedIsAnError() async {
            let baseline = Resources.total
            do {
                let source = Observable<Int>.create { _ in throw CancellationError() }
                let recorder = EventRecorder<Int>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events.count == 1 })
                #expect(recorder.events == [.error(String(describing: CancellationError()))])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func disposingCancelsTheTaskAndDropsLaterElements() async {
            let baseline = Resources.total
            do {
                let sawCancellation = Counter()
                let exited = Counter()
                let source = Observable<Int>.create { emit in
                    defer { exited.increment() }
                    emit(1)
                    // Sleeps until cancelled (Task.sleep throws CancellationError then).
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        sawCancellation.increment()
                        emit(2)
                        throw error
                    }
                }
                let recorder = EventRecorder<Int>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events == [.next(1)] })
                subscription.dispose()
                #expect(await eventually { exited.value == 1 })
                #expect(sawCancellation.value == 1)
                // Neither the element emitted after cancellation nor the error arrives.
                #expect(recorder.events == [.next(1)])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func eachSubscriptionRunsTheBodyInItsOwnTask() async {
            let baseline = Resources.total
            do {
                let runs = Counter()
                let source = Observable<Int>.create(detached: true, priority: .low) { emit in
                    emit(runs.increment())
                }
                let first = EventRecorder<Int>()
                let second = EventRecorder<Int>()
                let one = source.subscribe(first)
                let two = source.subscribe(second)
                #expect(await eventually { first.events.count == 2 && second.events.count == 2 })
                let elements = (first.events + second.events).compactMap { event -> Int? in
                    if case .next(let value) = event { value } else { nil }
                }
                #expect(elements.sorted() == [1, 2])
                #expect(first.events.last == .completed && second.events.last == .completed)
                one.dispose()
                two.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func subscribedFromTheMainActorTheBodyRunsOffIt() async {
            let baseline = Resources.total
            do {
                let source = Observable<Bool>.create { emit in emit(onMainQueueNow()) }
                let recorder = EventRecorder<Bool>()
                let subscription = source.subscribe(recorder)
                #expect(await eventually { recorder.events.count == 2 })
                #expect(recorder.events == [.next(false), .completed])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func theClosureReturningADisposableStillSelectsTheSynchronousCreate() {
            // Overload resolution: RxSwift-style `create` must not turn into the async one.
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            #expect(source.recordSynchronously() == [.next(1), .completed])
            let single = Single<Int>.create { observer in
                observer(.success(2))
                return Disposables.create()
            }
            #expect(single.asObservable().recordSynchronously() == [.next(2), .completed])
        }

        @Test func singleCreateSucceedsWithTheReturnedValue() async throws {
            let baseline = Resources.total
            do {
                let single = Single<Int>.create {
                    await Task.yield()
                    return 42
                }
                #expect(try await single.value == 42)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func singleCreateFailsWithTheThrownError() async {
            let baseline = Resources.total
            do {
                let single = Single<Int>.create { throw TestError(id: 9) }
                await #expect(throws: TestError(id: 9)) {
                    _ = try await single.value
                }
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func disposingASingleCancelsItsTaskAndDropsTheOutcome() async {
            let baseline = Resources.total
            do {
                let started = Counter()
                let cancelled = Counter()
                let single = Single<Int>.create(detached: true) {
                    started.increment()
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        cancelled.increment()
                        throw error
                    }
                    return 1
                }
                let outcomes = ValueLog<String>()
                let subscription = single.subscribe(
                    onSuccess: { outcomes.append("success \($0)") },
                    onFailure: { outcomes.append("failure \($0)") }
                )
                #expect(await eventually { started.value == 1 })
                subscription.dispose()
                #expect(await eventually { cancelled.value == 1 })
                #expect(outcomes.all.isEmpty)
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
