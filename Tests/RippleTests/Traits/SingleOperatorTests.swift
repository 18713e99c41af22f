import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SingleOperatorTests {
        @Test func mapTransformsAndAThrowFails() {
            #expect(Single.just(2).map { $0 * 10 }.asObservable().recordSynchronously() == [.next(20), .completed])
            #expect(Single.just(2).map { _ -> Int in throw TestError(id: 1) }.asObservable().recordSynchronously() == [.error(TestError(id: 1))])
        }

        @Test func filterAndCompactMapGiveAMaybe() {
            #expect(Single.just(3).filter { $0 > 5 }.asObservable().recordSynchronously() == [.completed])
            #expect(Single.just(8).filter { $0 > 5 }.asObservable().recordSynchronously() == [.next(8), .completed])
            #expect(Single.just("12").compactMap { Int($0) }.asObservable().recordSynchronously() == [.next(12), .completed])
            #expect(Single.just("x").compactMap { Int($0) }.asObservable().recordSynchronously() == [.completed])
        }

        @Test func flatMapSubscribesTheInnerAfterTheSuccess() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(210)])
            let inner = scheduler.createColdObservable([.next(30, 7), .completed(30)])
            let observer = scheduler.start {
                source.asObservable().asSingle().flatMap { value in inner.asObservable().asSingle().map { $0 + value } }.asObservable()
            }
            #expect(observer.events == [.next(240, 8), .completed(240)])
            #expect(inner.subscriptions == [Subscription(210, 240)])
        }

        @Test func flatMapDisposedMidwayDisposesTheInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(210)])
            let inner = scheduler.createColdObservable([.next(100, 7), .completed(100)])
            let observer = scheduler.start(disposed: 250) {
                source.asObservable().asSingle().flatMap { _ in inner.asObservable().asSingle() }.asObservable()
            }
            #expect(observer.events.isEmpty)
            #expect(inner.subscriptions == [Subscription(210, 250)])
        }

        @Test func flatMapErrorsFromTheSourceTheSelectorAndTheInner() {
            var calls = 0
            let fromSource = Single<Int>.error(TestError(id: 1)).flatMap { value -> Single<Int> in calls += 1; return .just(value) }
            #expect(fromSource.asObservable().recordSynchronously() == [.error(TestError(id: 1))])
            #expect(calls == 0)
            let throwing = Single.just(1).flatMap { _ -> Single<Int> in throw TestError(id: 2) }
            #expect(throwing.asObservable().recordSynchronously() == [.error(TestError(id: 2))])
            let inner = Single.just(1).flatMap { _ in Single<Int>.error(TestError(id: 3)) }
            #expect(inner.asObservable().recordSynchronously() == [.error(TestError(id: 3))])
        }

        @Test func flatMapMaybeAndFlatMapCompletable() {
            #expect(Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }.asObservable().recordSynchronously() == [.completed])
            #expect(Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }.asObservable().recordSynchronously() == [.next(2), .completed])
            var saved: [Int] = []
            let completable = Single.just(5).flatMapCompletable { value in Completable.create { saved.append(value); $0(.completed); return Disposables.create() } }
            #expect(completable.asObservable().recordSynchronously() == [.completed])
            #expect(saved == [5])
        }

        @Test func catchAndCatchAndReturn() {
            #expect(Single<Int>.error(TestError()).catch { _ in .just(9) }.asObservable().recordSynchronously() == [.next(9), .completed])
            #expect(Single<Int>.error(TestError()).catch { _ in throw TestError(id: 4) }.asObservable().recordSynchronously() == [.error(TestError(id: 4))])
            #expect(Single<Int>.error(TestError()).catchAndReturn(0).asObservable().recordSynchronously() == [.next(0), .completed])
            #expect(Single.just(1).catchAndReturn(0).asObservable().recordSynchronously() == [.next(1), .completed])
        }

        @Test func retryResubscribesAfterFailures() {
            var attempts = 0
            let flaky = Single<Int>.create { observer in
                attempts += 1
                observer(attempts < 3 ? .failure(TestError(id: attempts)) : .success(attempts))
                return Disposables.create()
            }
            #expect(flaky.retry().asObservable().recordSynchronously() == [.next(3), .completed])
            attempts = 0
            #expect(flaky.retry(2).asObservable().recordSynchronously() == [.error(TestError(id: 2))])
            attempts = 0
            #expect(flaky.retry(-1).asObservable().recordSynchronously() == [.error(String(describing: RxError.argumentOutOfRange))])
            attempts = 0
            let whenAsked = flaky.retry(when: { (errors: Observable<Swift.Error>) in errors })
            #expect(whenAsked.asObservable().recordSynchronously() == [.next(3), .completed])
            attempts = 0
            let typed = flaky.retry(when: { (errors: Observable<TestError>) in errors.take(1) })
            #expect(typed.asObservable().recordSynchronously() == [.completed])
        }

        @Test func timeoutAndDelayInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let late = scheduler.createColdObservable([.next(50, 1), .completed(50)])
            let timedOut = scheduler.start { late.asObservable().asSingle().timeout(.seconds(20), scheduler: scheduler).asObservable() }
            #expect(timedOut.events == [.error(220, RxError.timeout)])

            let other = TestScheduler(initialClock: 0)
            let slow = other.createColdObservable([.next(50, 1), .completed(50)])
            let fallback = other.createColdObservable([.next(5, 2), .completed(5)])
            let switched = other.start {
                slow.asObservable().asSingle().timeout(.seconds(20), other: fallback.asObservable().asSingle(), scheduler: other).asObservable()
            }
            #expect(switched.events == [.next(225, 2), .completed(225)])

            let third = TestScheduler(initialClock: 0)
            let quick = third.createColdObservable([.next(10, 1), .completed(10)])
            let delayed = third.start { quick.asObservable().asSingle().delay(.seconds(30), scheduler: third).asObservable() }
            // The element and the completion arrive together; Observable.delay (which the
            // trait reuses) sends the completion one virtual tick after the element.
            #expect(delayed.events == [.next(240, 1), .completed(241)])

            let fourth = TestScheduler(initialClock: 0)
            let cold = fourth.createColdObservable([.next(10, 1), .completed(10)])
            let subscribedLater = fourth.start { cold.asObservable().asSingle().delaySubscription(.seconds(30), scheduler: fourth).asObservable() }
            #expect(subscribedLater.events == [.next(240, 1), .completed(240)])
            #expect(cold.subscriptions == [Subscription(230, 240)])
        }

        @Test func doRunsSuccessActionsAroundTheResult() {
            var log: [String] = []
            _ = Single.just(1).do(
                onSuccess: { log.append("onSuccess \($0)") },
                afterSuccess: { log.append("afterSuccess \($0)") },
                onSubscribe: { log.append("onSubscribe") }
            ).subscribe(onSuccess: { log.append("success \($0)") })
            _ = Single.just(1).do(onSuccess: { _ in throw TestError(id: 6) }).subscribe(onFailure: { log.append("failure \($0)") })
            _ = Single<Int>.error(TestError(id: 7)).do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
                .subscribe(onFailure: { log.append("failure \($0)") })
            #expect(log == [
                "onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1",
                "failure TestError(6)",
                "onError TestError(7)", "failure TestError(7)", "afterError TestError(7)",
            ])
        }

        @Test func observeOnAndSubscribeOnUseTheScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            let observedOn = scheduler.start { Single.just(1).observe(on: scheduler).asObservable() }
            #expect(observedOn.events.map(\.value) == [.next(1), .completed])
            #expect(observedOn.events.allSatisfy { $0.time > 200 })
            let other = TestScheduler(initialClock: 0)
            let cold = other.createColdObservable([.next(10, 1), .completed(10)])
            let subscribedOn = other.start { cold.asObservable().asSingle().subscribe(on: other).asObservable() }
            #expect(subscribedOn.events.map(\.value) == [.next(1), .completed])
            #expect(cold.subscriptions.count == 1)
            #expect(cold.subscriptions.allSatisfy { $0.subscribe > 200 })
        }

        @Test func zipOfSinglesByArityAndCollection() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let second = scheduler.createColdObservable([.next(30, 2), .completed(30)])
            let observer = scheduler.start {
                Single.zip(first.asObservable().asSingle(), second.asObservable().asSingle()) { $0 * 10 + $1 }.asObservable()
            }
            #expect(observer.events == [.next(230, 12), .completed(230)])

            let tuple = Single.zip(Single.just(1), Single.just("a")).map { "\($0)\($1)" }
            #expect(tuple.asObservable().recordSynchronously() == [.next("1a"), .completed])
            let add8: (Int, Int, Int, Int, Int, Int, Int, Int) -> Int = { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            let eight: Single<Int> = Single.zip(
                Single.just(1), Single.just(2), Single.just(3), Single.just(4),
                Single.just(5), Single.just(6), Single.just(7), Single.just(8),
                resultSelector: add8
            )
            #expect(eight.asObservable().recordSynchronously() == [.next(36), .completed])
            #expect(Single.zip([Single.just(1), Single.just(2)]).asObservable().recordSynchronously() == [.next([1, 2]), .completed])
            #expect(Single.zip([Single<Int>]()).asObservable().recordSynchronously() == [.next([]), .completed])
            #expect(Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }.asObservable().recordSynchronously() == [.next(3), .completed])
            #expect(Single.zip([Single.just(1), Single<Int>.error(TestError())]).asObservable().recordSynchronously() == [.error(TestError())])
            #expect(Single.zip([Single<Int>]()) { _ -> Int in throw TestError(id: 2) }.asObservable().recordSynchronously() == [.error(TestError(id: 2))])
        }

        @Test func usingAndDebugPassTheResultThrough() {
            final class Resource: Disposable {
                var disposed = false
                func dispose() { disposed = true }
            }
            let resource = Resource()
            let single = Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(1) })
            #expect(single.asObservable().recordSynchronously() == [.next(1), .completed])
            #expect(resource.disposed)
            let lines = EventRecorder<String>()
            DebugOutput.capturing({ lines.on(.next($0)) }) {
                _ = Single.just(2).debug("two").subscribe()
            }
            #expect(lines.events.contains { if case .next(let line) = $0 { line.contains("two -> Event next(2)") } else { false } })
        }
    }
}
