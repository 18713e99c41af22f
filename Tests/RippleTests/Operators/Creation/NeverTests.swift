import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct NeverTests {
        @Test func sendsNothing() {
            #expect(Observable<Int>.never().recordSynchronously() == [])
        }

        @Test func disposingRunsOnDisposedExactlyOnce() {
            var log: [String] = []
            let subscription = Observable<Int>.never().subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == [])
            subscription.dispose()
            #expect(log == ["disposed"])
            subscription.dispose()
            #expect(log == ["disposed"])
        }

        @Test func sendsNothingInsideATrampolineEither() {
            let recorder = EventRecorder<Int>()
            var subscription: Disposable?
            insideTrampoline {
                subscription = Observable<Int>.never().subscribe(recorder)
            }
            #expect(recorder.events == [])
            subscription?.dispose()
            #expect(recorder.events == [])
        }
    }
}
