import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct MaybeTests {
        @Test func createDeliversOnlyTheFirstEvent() {
            var events: [String] = []
            var disposals = 0
            let maybe = Maybe<Int>.create { observer in
                observer(.success(1))
                observer(.completed)
                observer(.error(TestError()))
                return Disposables.create { disposals += 1 }
            }
            _ = maybe.subscribe { events.append("\($0)") }
            #expect(events == ["success(1)"])
            #expect(disposals == 1)
        }

        @Test func createCompletesEmptyOrFails() {
            var events: [String] = []
            _ = Maybe<Int>.create { $0(.completed); $0(.success(2)); return Disposables.create() }
                .subscribe(onSuccess: { events.append("success \($0)") }, onError: { _ in events.append("error") }, onCompleted: { events.append("completed") }, onDisposed: { events.append("disposed") })
            _ = Maybe<Int>.create { $0(.error(TestError(id: 2))); return Disposables.create() }
                .subscribe(onError: { events.append("error \($0)") }, onDisposed: { events.append("disposed") })
            #expect(events == ["completed", "disposed", "error TestError(2)", "disposed"])
        }

        @Test func onDisposedRunsOnceWhenDisposedEarly() {
            var events: [String] = []
            let subscription = Maybe<Int>.never().subscribe(onDisposed: { events.append("disposed") })
            subscription.dispose()
            subscription.dispose()
            #expect(events == ["disposed"])
        }

        @Test func subscribeWithPassesTheObject() {
            final class Owner {}
            let owner = Owner()
            var events: [String] = []
            _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { _ in events.append("completed") })
            _ = Maybe.just(3).subscribe(with: owner, onSuccess: { _, value in events.append("success \(value)") })
            #expect(events == ["completed", "success 3"])
        }

        @Test func creationOperators() {
            #expect(Maybe.just(1).asObservable().recordSynchronously() == [.next(1), .completed])
            #expect(Maybe<Int>.empty().asObservable().recordSynchronously() == [.completed])
            #expect(Maybe<Int>.error(TestError()).asObservable().recordSynchronously() == [.error(TestError())])
            #expect(Maybe<Int>.never().asObservable().recordSynchronously() == [])
        }

        @Test func mapFilterAndCompactMap() {
            #expect(Maybe.just(2).map { $0 * 10 }.asObservable().recordSynchronously() == [.next(20), .completed])
            #expect(Maybe.just(3).filter { $0 % 2 == 0 }.asObservable().recordSynchronously() == [.completed])
            #expect(Maybe.just("x").compactMap { Int($0) }.asObservable().recordSynchronously() == [.completed])
            #expect(Maybe.just(1).map { _ -> Int in throw TestError(id: 5) }.asObservable().recordSynchronously() == [.error(TestError(id: 5))])
        }

        @Test func flatMapChainsTheInnerMaybe() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(20, 5), .completed(20)])
            let source = scheduler.createHotObservable([.next(210, 1), .completed(210)])
            let observer = scheduler.start {
                source.asObservable().asMaybe().flatMap { _ in inner.asObservable().asMaybe() }.asObservable()
            }
            #expect(observer.events == [.next(230, 5), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(inner.subscriptions == [Subscription(210, 230)])
        }

        @Test func flatMapOfAnEmptyMaybeCompletesWithoutCallingTheSelector() {
            var calls = 0
            let result = Maybe<Int>.empty().flatMap { value -> Maybe<Int> in calls += 1; return .just(value) }
            #expect(result.asObservable().recordSynchronously() == [.completed])
            #expect(calls == 0)
        }

        @Test func ifEmptyVariants() {
            #expect(Maybe<Int>.empty().ifEmpty(default: 9).asObservable().recordSynchronously() == [.next(9), .completed])
            #expect(Maybe.just(1).ifEmpty(default: 9).asObservable().recordSynchronously() == [.next(1), .completed])
            #expect(Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(4)).asObservable().recordSynchronously() == [.next(4), .completed])
            #expect(Maybe<Int>.empty().ifEmpty(switchTo: Single.just(6)).asObservable().recordSynchronously() == [.next(6), .completed])
        }

        @Test func doRunsItsActionsInOrder() {
            var log: [String] = []
            let maybe = Maybe.just(1).do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            _ = maybe.subscribe(onSuccess: { log.append("success \($0)") })
            let eventActions = log.filter { $0 != "onSubscribed" && $0 != "onDispose" }
            #expect(eventActions == ["onSubscribe", "onNext 1", "success 1", "afterNext 1", "onCompleted", "afterCompleted"])
            #expect(log.filter { $0 == "onSubscribed" }.count == 1)
            #expect(log.filter { $0 == "onDispose" }.count == 1)
        }

        @Test func catchAndReturnReplacesAnError() {
            #expect(Maybe<Int>.error(TestError()).catchAndReturn(0).asObservable().recordSynchronously() == [.next(0), .completed])
        }

        @Test func zipCompletesEmptyWhenOneMaybeIsEmpty() {
            #expect(Maybe.zip(Maybe.just(1), Maybe<Int>.empty()).map { $0 + $1 }.asObservable().recordSynchronously() == [.completed])
            #expect(Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3)) { $0 + $1 + $2 }.asObservable().recordSynchronously() == [.next(6), .completed])
        }
    }
}
