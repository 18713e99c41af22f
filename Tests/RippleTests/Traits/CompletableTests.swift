import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct CompletableTests {
        @Test func createDeliversOnlyTheFirstEvent() {
            var events: [String] = []
            var disposals = 0
            let completable = Completable.create { observer in
                observer(.completed)
                observer(.error(TestError()))
                return Disposables.create { disposals += 1 }
            }
            _ = completable.subscribe { events.append("\($0)") }
            #expect(events == ["completed"])
            #expect(disposals == 1)
        }

        @Test func subscribeClosuresAndOnDisposedOnce() {
            var events: [String] = []
            _ = Completable.error(TestError(id: 1)).subscribe(onCompleted: { events.append("completed") }, onError: { events.append("error \($0)") }, onDisposed: { events.append("disposed") })
            let subscription = Completable.never().subscribe(onDisposed: { events.append("disposed never") })
            subscription.dispose()
            subscription.dispose()
            #expect(events == ["error TestError(1)", "disposed", "disposed never"])
        }

        @Test func subscribeWithPassesTheObject() {
            final class Owner {}
            let owner = Owner()
            var events: [String] = []
            _ = Completable.empty().subscribe(with: owner, onCompleted: { _ in events.append("completed") }, onDisposed: { _ in events.append("disposed") })
            #expect(events == ["completed", "disposed"])
        }

        @Test func andThenSubscribesTheSecondOnlyAfterCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.completed(220)])
            let second = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let observer = scheduler.start { first.asObservable().asCompletable().andThen(second.asObservable()) }
            #expect(observer.events == [.next(230, 1), .next(240, 2), .completed(250)])
            #expect(first.subscriptions == [Subscription(200, 220)])
            #expect(second.subscriptions == [Subscription(220, 250)])
        }

        @Test func andThenStopsAtTheFirstError() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.error(220, TestError())])
            let second = scheduler.createColdObservable([.next(10, 1), .completed(30)])
            let observer = scheduler.start { first.asObservable().asCompletable().andThen(second.asObservable().asSingle()).asObservable() }
            #expect(observer.events == [.error(220, TestError())])
            #expect(second.subscriptions.isEmpty)
        }

        @Test func andThenDisposedMidwayDisposesTheSecond() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.completed(220)])
            let second = scheduler.createColdObservable([.next(50, 1), .completed(60)])
            let observer = scheduler.start(disposed: 240) { first.asObservable().asCompletable().andThen(second.asObservable().asMaybe()).asObservable() }
            #expect(observer.events.isEmpty)
            #expect(second.subscriptions == [Subscription(220, 240)])
        }

        @Test func andThenToEachTrait() {
            var log: [String] = []
            let step = Completable.create { observer in log.append("first"); observer(.completed); return Disposables.create() }
            _ = step.andThen(Single.just(1)).subscribe(onSuccess: { log.append("single \($0)") })
            _ = step.andThen(Maybe<Int>.empty()).subscribe(onCompleted: { log.append("maybe empty") })
            _ = step.andThen(Completable.empty()).subscribe(onCompleted: { log.append("completable") })
            _ = step.andThen(Observable.of(1, 2)).subscribe(onNext: { log.append("next \($0)") })
            #expect(log == ["first", "single 1", "first", "maybe empty", "first", "completable", "first", "next 1", "next 2"])
        }

        @Test func concatRunsInOrderAndKeepsTheStackFlat() {
            var order: [Int] = []
            let steps = (0..<3).map { index in Completable.create { observer in order.append(index); observer(.completed); return Disposables.create() } }
            #expect(Completable.concat(steps).asObservable().recordSynchronously() == [.completed])
            #expect(order == [0, 1, 2])
            let many = Array(repeating: Completable.empty(), count: 100_000)
            var completed = false
            _ = Completable.concat(many).subscribe(onCompleted: { completed = true })
            #expect(completed)
            #expect(Completable.concat(Completable.empty(), Completable.error(TestError()), Completable.never()).asObservable().recordSynchronously() == [.error(TestError())])
            #expect(Completable.empty().concat(Completable.empty()).asObservable().recordSynchronously() == [.completed])
        }

        @Test func zipCompletesWhenAllHaveCompleted() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.completed(220)])
            let second = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.completed(250)])
            let observer = scheduler.start { Completable.zip(first.asObservable().asCompletable(), second.asObservable().asCompletable()).asObservable() }
            #expect(observer.events == [.completed(250)])
            #expect(first.subscriptions == [Subscription(200, 220)])
            #expect(second.subscriptions == [Subscription(200, 250)])
        }

        @Test func zipFailsAtTheFirstErrorAndDisposesTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.error(220, TestError())])
            let second = scheduler.createHotObservable([RippleTest.Recorded<Event<Never>>.completed(250)])
            let observer = scheduler.start { Completable.zip([first.asObservable().asCompletable(), second.asObservable().asCompletable()]).asObservable() }
            #expect(observer.events == [.error(220, TestError())])
            #expect(second.subscriptions == [Subscription(200, 220)])
        }

        @Test func zipOfNothingCompletesAtOnce() {
            #expect(Completable.zip([Completable]()).asObservable().recordSynchronously() == [.completed])
        }

        @Test func doRunsCompletionActions() {
            var log: [String] = []
            _ = Completable.empty().do(onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("afterCompleted") })
                .subscribe(onCompleted: { log.append("completed") })
            _ = Completable.empty().do(onCompleted: { throw TestError(id: 8) }).subscribe(onError: { log.append("error \($0)") })
            #expect(log == ["onCompleted", "completed", "afterCompleted", "error TestError(8)"])
        }

        @Test func asCompletableOfASingleDropsTheElement() {
            #expect(Single.just(1).asCompletable().asObservable().recordSynchronously() == [.completed])
            #expect(Observable<Int>.of(1, 2).ignoreElements().asCompletable().asObservable().recordSynchronously() == [.completed])
        }
        @Test func sharedOperatorsWorkOnCompletables() {
            #expect(Completable.error(TestError()).catch { _ in .empty() }.asObservable().recordSynchronously() == [.completed])
            var attempts = 0
            let flaky = Completable.create { observer in
                attempts += 1
                observer(attempts < 2 ? .error(TestError(id: attempts)) : .completed)
                return Disposables.create()
            }
            #expect(flaky.retry(3).asObservable().recordSynchronously() == [.completed])
            #expect(attempts == 2)
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Completable.never().timeout(.seconds(10), scheduler: scheduler).asObservable() }
            #expect(observer.events == [.error(210, RxError.timeout)])
            var made = 0
            let deferred = Completable.deferred { made += 1; return .empty() }
            #expect(deferred.asObservable().recordSynchronously() == [.completed])
            #expect(made == 1)
        }
    }
}
