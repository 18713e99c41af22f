import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct ErrorTests {
        @Test func failsAtOnceWithTheError() {
            #expect(Observable<Int>.error(TestError(id: 1)).recordSynchronously() == [.error(TestError(id: 1))])
        }

        @Test func deliversTheSameErrorValue() {
            var received: Swift.Error?
            Observable<Int>.error(TestError(id: 5)).subscribe(onError: { received = $0 }).dispose()
            #expect(received as? TestError == TestError(id: 5))
        }

        @Test func failsDuringSubscribeEvenInsideAnActiveTrampoline() {
            var duringSubscribe: [Recorded<Int>] = []
            insideTrampoline {
                let recorder = EventRecorder<Int>()
                Observable<Int>.error(TestError(id: 2)).subscribe(recorder).dispose()
                duringSubscribe = recorder.events
            }
            #expect(duringSubscribe == [.error(TestError(id: 2))])
        }

        @Test func runsOnErrorThenOnDisposedOnce() {
            var log: [String] = []
            let subscription = Observable<Int>.error(TestError(id: 3)).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subscription.dispose()
            subscription.dispose()
            #expect(log == ["error TestError(3)", "disposed"])
        }
    }
}
