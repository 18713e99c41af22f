import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct BehaviorRelayTests {
        @Test func earlyAndLateSubscribersGetTheValueThenLaterElements() {
            let relay = BehaviorRelay(value: 0)
            let (early, late) = earlyAndLateSubscribers(of: relay, accept: relay.accept)
            #expect(early.events == [.next(100, 0), .next(150, 1), .next(250, 2)])
            #expect(late.events == [.next(200, 1), .next(250, 2), .next(350, 3)])
        }

        @Test func valueIsTheInitialValueThenTheLastAcceptedElement() {
            let relay = BehaviorRelay(value: "a")
            #expect(relay.value == "a")
            relay.accept("b")
            #expect(relay.value == "b")
        }

        @Test func asObservableReplaysTheValue() {
            let relay = BehaviorRelay(value: 1)
            #expect(relay.asObservable().recordSynchronously() == [.next(1)])
            relay.accept(2)
            #expect(relay.recordSynchronously() == [.next(2)])
        }

        @Test func readingTheValueInsideASubscriberSeesTheNewValue() {
            let relay = BehaviorRelay(value: 0)
            var seen: [Int] = []
            let subscription = relay.subscribe(onNext: { _ in seen.append(relay.value) })
            relay.accept(1)
            #expect(seen == [0, 1])
            subscription.dispose()
        }

        @Test func acceptingFromSeveralThreadsKeepsTheLastValue() {
            let relay = BehaviorRelay(value: -1)
            let checker = OrderChecker()
            let subscription = relay.subscribe(checker)
            let shared = Unchecked(relay)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<300 { shared.value.accept(thread * OrderChecker.stride + index) }
            }
            #expect(checker.violationCount == 0)
            #expect(checker.count == 1 + 1_200)
            #expect(relay.value % OrderChecker.stride == 299)
            subscription.dispose()
        }
    }
}
