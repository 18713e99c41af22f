import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct CreateTests {
        @Test func sendsElementsThenCompletes() {
            let events = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }.recordSynchronously()
            #expect(events == [.next(1), .next(2), .completed])
        }

        @Test func runsTheClosureOncePerSubscriptionAndOnlyOnSubscribe() {
            var runs = 0
            let observable = Observable<Int>.create { observer in
                runs += 1
                observer.onNext(runs)
                return Disposables.create()
            }
            #expect(runs == 0)
            let first = observable.recordSynchronously()
            let second = observable.recordSynchronously()
            #expect(runs == 2)
            #expect(first == [.next(1)])
            #expect(second == [.next(2)])
        }

        @Test func nothingFollowsCompletion() {
            let events = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                observer.onError(TestError())
                observer.onCompleted()
                return Disposables.create()
            }.recordSynchronously()
            #expect(events == [.next(1), .completed])
        }

        @Test func nothingFollowsAnError() {
            let events = Observable<Int>.create { observer in
                observer.onError(TestError(id: 1))
                observer.onNext(2)
                observer.onError(TestError(id: 2))
                observer.onCompleted()
                return Disposables.create()
            }.recordSynchronously()
            #expect(events == [.error(TestError(id: 1))])
        }

        @Test func nothingIsDeliveredAfterDispose() {
            var emit: AnyObserver<Int>?
            let recorder = EventRecorder<Int>()
            let subscription = Observable<Int>.create { observer in
                emit = observer
                return Disposables.create()
            }.subscribe(recorder)
            emit?.onNext(1)
            subscription.dispose()
            emit?.onNext(2)
            emit?.onCompleted()
            emit = nil
            #expect(recorder.events == [.next(1)])
        }

        @Test func theReturnedDisposableIsDisposedOnceOnCompletion() {
            let disposals = Counter()
            let subscription = Observable<Int>.create { observer in
                observer.onCompleted()
                return Disposables.create { disposals.increment() }
            }.subscribe()
            #expect(disposals.value == 1)
            subscription.dispose()
            #expect(disposals.value == 1)
        }

        @Test func theReturnedDisposableIsDisposedOnceOnError() {
            let disposals = Counter()
            _ = Observable<Int>.create { observer in
                observer.onError(TestError())
                return Disposables.create { disposals.increment() }
            }.subscribe(onError: { _ in })
            #expect(disposals.value == 1)
        }

        @Test func theReturnedDisposableIsDisposedOnceOnExplicitDispose() {
            let disposals = Counter()
            let subscription = Observable<Int>.create { _ in
                Disposables.create { disposals.increment() }
            }.subscribe()
            #expect(disposals.value == 0)
            subscription.dispose()
            subscription.dispose()
            #expect(disposals.value == 1)
        }

        @Test func aSinkDisposedDuringRunDisposesTheSubscriptionWhenRunReturns() {
            var log: [String] = []
            let subscription = Observable<Int>.create { observer in
                observer.onCompleted()
                log.append("create returns")
                return Disposables.create { log.append("subscription disposed") }
            }.subscribe(onCompleted: { log.append("completed") })
            #expect(log == ["completed", "create returns", "subscription disposed"])
            subscription.dispose()
        }
    }
}
