import Testing
@testable import Ripple
import RippleTest

// RxSwift 5's operator names (DeprecatedNames.swift) reach the same operators as the
// new names: each is called through a protocol, as in TakeUntilTests, so that the test
// builds without a deprecation warning (warnings are errors).
extension RippleTests {
    @Suite struct DeprecatedNamesTests {
        private let names: any DeprecatedOperatorNames = DeprecatedOperatorCalls()

        @Test func observableNamesBehaveLikeTheNewOnes() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError(id: 7))])
            let caught = scheduler.start { names.catchError(failing.asObservable(), Observable.of(8, 9)) }
            #expect(caught.events == [.next(210, 1), .next(220, 2), .next(230, 8), .next(230, 9), .completed(230)])

            #expect(names.catchErrorJustReturn(Observable<Int>.error(TestError()), 5).recordSynchronously() == [.next(5), .completed])
            #expect(names.elementAt(Observable.of(4, 5, 6), 1).recordSynchronously() == [.next(5), .completed])
            #expect(names.observeOn(Observable.of(1, 2), ImmediateScheduler.instance).recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(names.subscribeOn(Observable.of(3), ImmediateScheduler.instance).recordSynchronously() == [.next(3), .completed])
        }

        @Test func retryWhenResubscribesOnEachTrigger() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
            let observer = scheduler.start { names.retryWhen(source.asObservable()) { $0.take(1) } }
            #expect(observer.events == [.next(210, 1), .next(230, 1), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        }

        @Test func traitNamesBehaveLikeTheNewOnes() {
            var results: [String] = []
            _ = names.singleCatchError(Single<Int>.error(TestError()), .just(4)).subscribe(onSuccess: { results.append("caught \($0)") })
            _ = names.singleObserveOnSubscribeOn(.just(6), ImmediateScheduler.instance).subscribe(onSuccess: { results.append("scheduled \($0)") })
            var attempts = 0
            let flaky = Single<Int>.deferred {
                attempts += 1
                return attempts < 2 ? .error(TestError()) : .just(attempts)
            }
            _ = names.singleRetryWhen(flaky).subscribe(onSuccess: { results.append("retried \($0)") })
            #expect(results == ["caught 4", "scheduled 6", "retried 2"])
        }
    }
}

private protocol DeprecatedOperatorNames {
    func catchError(_ source: Observable<Int>, _ fallback: Observable<Int>) -> Observable<Int>
    func catchErrorJustReturn(_ source: Observable<Int>, _ element: Int) -> Observable<Int>
    func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int>
    func retryWhen(_ source: Observable<Int>, _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>) -> Observable<Int>
    func observeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int>
    func subscribeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int>
    func singleCatchError(_ source: Single<Int>, _ fallback: Single<Int>) -> Single<Int>
    func singleObserveOnSubscribeOn(_ source: Single<Int>, _ scheduler: ImmediateSchedulerType) -> Single<Int>
    func singleRetryWhen(_ source: Single<Int>) -> Single<Int>
}

private struct DeprecatedOperatorCalls: DeprecatedOperatorNames {
    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func catchError(_ source: Observable<Int>, _ fallback: Observable<Int>) -> Observable<Int> {
        source.catchError { _ in fallback }
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func catchErrorJustReturn(_ source: Observable<Int>, _ element: Int) -> Observable<Int> {
        source.catchErrorJustReturn(element)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int> {
        source.elementAt(index)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func retryWhen(_ source: Observable<Int>, _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>) -> Observable<Int> {
        source.retryWhen(handler)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func observeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int> {
        source.observeOn(scheduler)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func subscribeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int> {
        source.subscribeOn(scheduler)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func singleCatchError(_ source: Single<Int>, _ fallback: Single<Int>) -> Single<Int> {
        source.catchError { _ in fallback }
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func singleObserveOnSubscribeOn(_ source: Single<Int>, _ scheduler: ImmediateSchedulerType) -> Single<Int> {
        source.observeOn(scheduler).subscribeOn(scheduler)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func singleRetryWhen(_ source: Single<Int>) -> Single<Int> {
        source.retryWhen { (errors: Observable<Swift.Error>) in errors }
    }
}
