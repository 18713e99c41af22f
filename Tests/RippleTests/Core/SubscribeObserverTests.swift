import Testing
@testable import Ripple

/// `subscribe(onNext:onError:onCompleted:onDisposed:)` and its ``SubscribeObserver``:
/// `onDisposed` runs exactly once in every order, an unhandled error goes to the
/// default error handler, and what `subscribe` returns.
extension RippleTests {
    @Suite struct SubscribeObserverTests {
        private func logging(_ log: @escaping (String) -> Void) -> SubscribeObserver<Int> {
            SubscribeObserver(
                onNext: { log("next \($0)") },
                onError: { log("error \($0)") },
                onCompleted: { log("completed") },
                onDisposed: { log("disposed") }
            )
        }

        @Test func completionThenDisposeRunsOnDisposedOnce() {
            var log: [String] = []
            let subject = PublishSubject<Int>()
            let observer = logging { log.append($0) }
            let subscription = observer.subscription(subject.asObservable().subscribe(elementObserver: observer))
            subject.onNext(1)
            subject.onCompleted()
            subscription.dispose()
            subscription.dispose()
            #expect(log == ["next 1", "completed", "disposed"])
        }

        @Test func errorThenDisposeRunsOnDisposedOnce() {
            var log: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subject.onError(TestError(id: 1))
            subscription.dispose()
            #expect(log == ["error TestError(1)", "disposed"])
        }

        @Test func disposeThenTerminalEventRunsOnDisposedOnceAndNothingElse() {
            var log: [String] = []
            let observer = logging { log.append($0) }
            let subscription = observer.subscription(Observable<Int>.never().subscribe(elementObserver: observer))
            subscription.dispose()
            // A source that ignored the dispose and ended anyway:
            observer.onCompletion()
            observer.on(error: TestError())
            subscription.dispose()
            #expect(log == ["disposed", "completed"])
        }

        @Test func aSecondTerminalEventRunsNothing() {
            var log: [String] = []
            let observer = logging { log.append($0) }
            observer.on(next: 1)
            observer.on(error: TestError(id: 2))
            observer.onCompletion()
            observer.on(.completed)
            observer.on(.error(TestError(id: 3)))
            observer.on(next: 4)
            #expect(log == ["next 1", "error TestError(2)", "disposed"])
        }

        @Test func theEventRoadBehavesLikeTheTerminalRoad() {
            var byEvent: [String] = []
            let eventObserver = logging { byEvent.append($0) }
            eventObserver.on(.next(1))
            eventObserver.on(.completed)
            var byRoad: [String] = []
            let roadObserver = logging { byRoad.append($0) }
            roadObserver.on(next: 1)
            roadObserver.onCompletion()
            #expect(byEvent == ["next 1", "completed", "disposed"])
            #expect(byRoad == byEvent)
        }

        @Test func justRunsEveryClosureInOrder() {
            var log: [String] = []
            let subscription = Observable.just(5).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subscription.dispose()
            #expect(log == ["next 5", "completed", "disposed"])
        }

        @Test func anUnhandledErrorGoesToTheDefaultErrorHandlerThenOnDisposed() {
            let saved = Hooks.defaultErrorHandler
            defer { Hooks.defaultErrorHandler = saved }
            var log: [String] = []
            Hooks.defaultErrorHandler = { stack, error in log.append("unhandled \(error) \(stack)") }
            _ = Observable<Int>.error(TestError(id: 9)).subscribe(
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == ["unhandled TestError(9) []", "disposed"])
        }

        @Test func noClosuresAtAllStillTakeEveryEvent() {
            let saved = Hooks.defaultErrorHandler
            defer { Hooks.defaultErrorHandler = saved }
            var unhandled = 0
            Hooks.defaultErrorHandler = { _, _ in unhandled += 1 }
            let observer = SubscribeObserver<Int>(onNext: nil, onError: nil, onCompleted: nil, onDisposed: nil)
            observer.on(next: 1)
            observer.on(error: TestError())
            #expect(unhandled == 1)
        }

        @Test func withoutOnDisposedASinkDisposerOrNopSubscriptionIsReturnedUnwrapped() {
            let fromJust = Observable.just(1).subscribe(onNext: { _ in })
            let fromCreate = Observable<Int>.create { _ in Disposables.create() }.subscribe(onNext: { _ in })
            #expect(type(of: fromJust) == NopDisposable.self)
            #expect(type(of: fromCreate) == SinkDisposer.self)
            fromCreate.dispose()
        }

        @Test func otherSubscriptionsAndOnDisposedArePaired() {
            let subject = PublishSubject<Int>()
            let toSubject = subject.subscribe(onNext: { _ in })
            let withOnDisposed = Observable<Int>.create { _ in Disposables.create() }.subscribe(onDisposed: {})
            #expect(type(of: toSubject) == BinaryDisposable.self)
            #expect(type(of: withOnDisposed) == BinaryDisposable.self)
            toSubject.dispose()
            withOnDisposed.dispose()
        }

        @Test(.takesAFastPath) func justCallsTheClosuresAtOnceInTheObserversOrderWithoutAnObserver() {
            var log: [String] = []
            let subscription = Observable.just(7).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == ["next 7", "completed", "disposed"])
            #expect(type(of: subscription) == NopDisposable.self)
            subscription.dispose()
            #expect(log == ["next 7", "completed", "disposed"])
        }

        @Test func aJourneyTraceShowsTheRoadJustTakes() {
            var log: [String] = []
            let steps = JourneyTrace.record {
                _ = Observable.just(7).subscribe(
                    onNext: { log.append("next \($0)") },
                    onCompleted: { log.append("completed") },
                    onDisposed: { log.append("disposed") }
                )
            }
            #expect(log == ["next 7", "completed", "disposed"])
            // The trace follows the road that runs: at once with the fast paths on, through
            // a SubscribeObserver with them off (RIPPLE_PLAIN_PATHS).
            let tookTheFastPath = steps.contains { $0.type == "Just" && $0.member == "subscribeAtOnce" }
            let tookTheObserversRoad = steps.contains { $0.type == "SubscribeObserver" && $0.member == "init" }
            #expect(tookTheFastPath == fastPathsAreOn)
            #expect(tookTheObserversRoad == !fastPathsAreOn)
        }

        @Test func disposingThePairReleasesAnOnNextThatCapturesItsSubscription() {
            final class Box {
                var subscription: Disposable?
            }
            weak var weakObserverOwner: Box?
            do {
                let subject = PublishSubject<Int>()
                let box = Box()
                weakObserverOwner = box
                box.subscription = subject.subscribe(onNext: { _ in _ = box })
                box.subscription?.dispose()
            }
            #expect(weakObserverOwner == nil)
        }
    }
}
