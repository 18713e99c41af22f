import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct CompletableZipStressTests {
        @Test func racingEndsDeliverExactlyOneTerminalEvent() {
            for round in 0..<200 {
                let subjects = (0..<4).map { _ in PublishSubject<Never>() }
                let recorder = EventRecorder<Never>()
                let subscription = Completable.zip(subjects.map { $0.asCompletable() }).asObservable().subscribe(recorder)
                let failing = round % 2 == 0
                let handoff = Unchecked(subjects)
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    if failing && index == 2 {
                        handoff.value[index].onError(TestError())
                    } else {
                        handoff.value[index].onCompleted()
                    }
                }
                #expect(recorder.events == (failing ? [.error(TestError())] : [.completed]))
                subscription.dispose()
            }
        }
    }
}
