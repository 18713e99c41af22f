import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct DeferredTests {
        @Test func callsTheFactoryLazilyOncePerSubscription() {
            let calls = Counter()
            let source = Observable<Int>.deferred {
                Observable.just(calls.increment())
            }
            #expect(calls.value == 0)
            #expect(source.recordSynchronously() == [.next(1), .completed])
            #expect(calls.value == 1)
            #expect(source.recordSynchronously() == [.next(2), .completed])
            #expect(calls.value == 2)
        }

        @Test func forwardsEveryEventOfTheCreatedSequence() {
            let source = Observable<Int>.deferred { Observable.of(1, 2, 3) }
            #expect(source.recordSynchronously() == [.next(1), .next(2), .next(3), .completed])
        }

        @Test func forwardsTheErrorOfTheCreatedSequence() {
            let source = Observable<Int>.deferred {
                Observable.create { observer in
                    observer.onNext(1)
                    observer.onError(TestError(id: 4))
                    return Disposables.create()
                }
            }
            #expect(source.recordSynchronously() == [.next(1), .error(TestError(id: 4))])
        }

        @Test func throwingFactoryEndsInError() {
            let source = Observable<Int>.deferred { throw TestError(id: 9) }
            #expect(source.recordSynchronously() == [.error(TestError(id: 9))])
        }

        @Test func throwingFactoryRunsOnErrorThenOnDisposedOnce() {
            var log: [String] = []
            let subscription = Observable<Int>.deferred { throw TestError(id: 9) }.subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subscription.dispose()
            #expect(log == ["error TestError(9)", "disposed"])
        }

        @Test func disposingDisposesTheCreatedSequence() {
            var log: [String] = []
            let source = Observable<Int>.deferred {
                Observable.create { _ in
                    log.append("subscribed")
                    return Disposables.create { log.append("disposed") }
                }
            }
            let subscription = source.subscribe { log.append("event \($0)") }
            #expect(log == ["subscribed"])
            subscription.dispose()
            subscription.dispose()
            #expect(log == ["subscribed", "disposed"])
        }
    }
}
