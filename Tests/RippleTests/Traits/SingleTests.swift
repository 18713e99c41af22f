import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SingleTests {
        @Test func createDeliversOnlyTheFirstOfTwoSuccesses() {
            var events: [String] = []
            var disposals = 0
            let single = Single<Int>.create { observer in
                observer(.success(1))
                observer(.success(2))
                return Disposables.create { disposals += 1 }
            }
            _ = single.subscribe { events.append("\($0)") }
            #expect(events == ["success(1)"])
            #expect(disposals == 1)
        }

        @Test func createIgnoresAFailureAfterTheSuccess() {
            var events: [String] = []
            let single = Single<Int>.create { observer in
                observer(.success(1))
                observer(.failure(TestError()))
                return Disposables.create()
            }
            _ = single.subscribe(onSuccess: { events.append("success \($0)") }, onFailure: { events.append("failure \($0)") })
            #expect(events == ["success 1"])
        }

        @Test func createForwardsAFailure() {
            var events: [String] = []
            let single = Single<Int>.create { observer in
                observer(.failure(TestError(id: 3)))
                observer(.success(1))
                return Disposables.create()
            }
            _ = single.subscribe { events.append("\($0)") }
            #expect(events == ["failure(TestError(3))"])
        }

        @Test func onDisposedRunsOnceAfterTheResult() {
            var events: [String] = []
            let subscription = Single.just(5).subscribe(
                onSuccess: { events.append("success \($0)") },
                onFailure: { _ in events.append("failure") },
                onDisposed: { events.append("disposed") }
            )
            subscription.dispose()
            subscription.dispose()
            #expect(events == ["success 5", "disposed"])
        }

        @Test func onDisposedRunsOnceWhenDisposedBeforeTheResult() {
            var events: [String] = []
            let subscription = Single<Int>.never().subscribe(onSuccess: { _ in events.append("success") }, onDisposed: { events.append("disposed") })
            #expect(events.isEmpty)
            subscription.dispose()
            subscription.dispose()
            #expect(events == ["disposed"])
        }

        @Test func disposingStopsTheCreateWorkAndDropsLaterResults() {
            var send: ((SingleEvent<Int>) -> Void)?
            var events: [String] = []
            var disposals = 0
            let single = Single<Int>.create { observer in
                send = observer
                return Disposables.create { disposals += 1 }
            }
            let subscription = single.subscribe { events.append("\($0)") }
            subscription.dispose()
            send?(.success(1))
            #expect(events.isEmpty)
            #expect(disposals == 1)
            send = nil
        }

        @Test func subscribeWithPassesTheObjectWhileItLives() {
            final class Owner {}
            var events: [String] = []
            let owner = Owner()
            _ = Single.just(1).subscribe(with: owner, onSuccess: { _, value in events.append("success \(value)") }, onDisposed: { _ in events.append("disposed") })
            _ = Single<Int>.error(TestError()).subscribe(with: owner, onFailure: { _, error in events.append("failure \(error)") })
            #expect(events == ["success 1", "disposed", "failure TestError(0)"])
        }

        @Test func subscribeWithSkipsTheClosuresOnceTheObjectIsGone() {
            final class Owner {}
            var send: ((SingleEvent<Int>) -> Void)?
            var events: [String] = []
            var owner: Owner? = Owner()
            let single = Single<Int>.create { observer in
                send = observer
                return Disposables.create()
            }
            _ = single.subscribe(with: owner!, onSuccess: { _, value in events.append("success \(value)") }, onDisposed: { _ in events.append("disposed") })
            owner = nil
            send?(.success(1))
            send = nil
            #expect(events.isEmpty)
        }

        @Test func justErrorAndNever() {
            #expect(Single.just(1).asObservable().recordSynchronously() == [.next(1), .completed])
            #expect(Single<Int>.error(TestError()).asObservable().recordSynchronously() == [.error(TestError())])
            #expect(Single<Int>.never().asObservable().recordSynchronously() == [])
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Single.just(7, scheduler: scheduler).asObservable() }
            #expect(observer.events.map(\.value) == [.next(7), .completed])
        }

        @Test func deferredBuildsOneSinglePerSubscriber() {
            var made = 0
            let single = Single.deferred { made += 1; return Single.just(made) }
            #expect(single.asObservable().recordSynchronously() == [.next(1), .completed])
            #expect(single.asObservable().recordSynchronously() == [.next(2), .completed])
            let failing = Single<Int>.deferred { throw TestError(id: 4) }
            #expect(failing.asObservable().recordSynchronously() == [.error(TestError(id: 4))])
        }

        @Test func aSourceThatCompletesEmptyFailsWithNoElements() {
            var events: [String] = []
            _ = Single<Int>(raw: Observable.empty()).subscribe { events.append("\($0)") }
            #expect(events == ["failure(\(RxError.noElements))"])
        }

        @Test func timedResultAndDisposalMidway() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(250, 1), .completed(250)])
            let observer = scheduler.start(disposed: 240) { source.asObservable().asSingle().asObservable() }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 240)])
        }
    }
}
