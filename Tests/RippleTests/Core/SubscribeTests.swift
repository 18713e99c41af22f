import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SubscribeTests {
        private func numbers(ending end: Event<Int>) -> Observable<Int> {
            Observable.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.on(end)
                return Disposables.create()
            }
        }

        @Test func fourClosuresRunInOrderAndDisposedComesLast() {
            var log: [String] = []
            _ = numbers(ending: .completed).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("dispose done") }
            )
            #expect(log == ["next 1", "next 2", "completed", "dispose done"])
        }

        @Test func onDisposedRunsOnceAfterAnError() {
            var log: [String] = []
            let subscription = numbers(ending: .error(TestError(id: 4))).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("dispose done") }
            )
            subscription.dispose()
            #expect(log == ["next 1", "next 2", "error TestError(4)", "dispose done"])
        }

        @Test func onDisposedRunsOnceOnExplicitDispose() {
            var disposals = 0
            let subscription = Observable<Int>.never().subscribe(onDisposed: { disposals += 1 })
            #expect(disposals == 0)
            subscription.dispose()
            subscription.dispose()
            #expect(disposals == 1)
        }

        @Test func eventClosureReceivesEveryEvent() {
            var received: [Recorded<Int>] = []
            _ = numbers(ending: .completed).subscribe { received.append(Recorded($0)) }
            #expect(received == [.next(1), .next(2), .completed])
        }

        @Test func anUnhandledErrorGoesToTheDefaultErrorHandler() {
            let saved = Hooks.defaultErrorHandler
            defer { Hooks.defaultErrorHandler = saved }
            var unhandled: [String] = []
            Hooks.defaultErrorHandler = { _, error in unhandled.append("\(error)") }
            _ = numbers(ending: .error(TestError(id: 8))).subscribe(onNext: { _ in })
            _ = numbers(ending: .error(TestError(id: 9))).subscribe(onError: { _ in })
            #expect(unhandled == ["TestError(8)"])
        }

        @Test func recordCallStackOnErrorPassesTheSubscriptionsCallStack() {
            let savedHandler = Hooks.defaultErrorHandler
            let savedCapture = Hooks.customCaptureSubscriptionCallstack
            defer {
                Hooks.defaultErrorHandler = savedHandler
                Hooks.customCaptureSubscriptionCallstack = savedCapture
                Hooks.recordCallStackOnError = false
            }
            var stacks: [[String]] = []
            Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
            Hooks.customCaptureSubscriptionCallstack = { ["frame 1", "frame 2"] }
            _ = Observable<Int>.error(TestError()).subscribe()
            Hooks.recordCallStackOnError = true
            _ = Observable<Int>.error(TestError()).subscribe()
            #expect(stacks == [[], ["frame 1", "frame 2"]])
        }

        final class Owner {
            var seen: [String] = []
        }

        @Test func subscribeWithPassesTheObjectToEachClosure() {
            let owner = Owner()
            _ = numbers(ending: .completed).subscribe(
                with: owner,
                onNext: { owner, value in owner.seen.append("next \(value)") },
                onError: { owner, _ in owner.seen.append("error") },
                onCompleted: { owner in owner.seen.append("completed") },
                onDisposed: { owner in owner.seen.append("disposed") }
            )
            #expect(owner.seen == ["next 1", "next 2", "completed", "disposed"])
        }

        @Test func subscribeWithHoldsTheObjectWeakly() {
            var emit: AnyObserver<Int>?
            let source = Observable<Int>.create { observer in
                emit = observer
                return Disposables.create()
            }
            var calls = 0
            weak var released: Owner?
            var subscription: Disposable?
            do {
                let owner = Owner()
                released = owner
                subscription = source.subscribe(with: owner, onNext: { _, _ in calls += 1 })
                emit?.onNext(1)
            }
            #expect(released == nil)
            emit?.onNext(2)
            #expect(calls == 1)
            subscription?.dispose()
            emit = nil
        }

        struct Countdown: ObservableType {
            typealias Element = Int
            let from: Int

            func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
                for value in stride(from: from, through: 1, by: -1) {
                    observer.onNext(value)
                }
                observer.onCompleted()
                return Disposables.create()
            }
        }

        @Test func asObservableTurnsAnyObservableTypeIntoAnObservable() {
            let observable: Observable<Int> = Countdown(from: 3).asObservable()
            #expect(observable.recordSynchronously() == [.next(3), .next(2), .next(1), .completed])
            #expect(observable.asObservable() === observable)
        }
    }
}
