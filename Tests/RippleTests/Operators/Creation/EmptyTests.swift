import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct EmptyTests {
        @Test func completesWithoutElements() {
            #expect(Observable<Int>.empty().recordSynchronously() == [.completed])
        }

        @Test func completesDuringSubscribeEvenInsideAnActiveTrampoline() {
            var duringSubscribe: [Recorded<Int>] = []
            insideTrampoline {
                let recorder = EventRecorder<Int>()
                Observable<Int>.empty().subscribe(recorder).dispose()
                duringSubscribe = recorder.events
            }
            #expect(duringSubscribe == [.completed])
        }

        @Test func runsOnCompletedThenOnDisposedOnce() {
            var log: [String] = []
            let subscription = Observable<Int>.empty().subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subscription.dispose()
            subscription.dispose()
            #expect(log == ["completed", "disposed"])
        }
    }
}
