import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct PublishRelayTests {
        @Test func earlyAndLateSubscribersGetWhatIsAcceptedWhileSubscribed() {
            let relay = PublishRelay<Int>()
            let (early, late) = earlyAndLateSubscribers(of: relay, accept: relay.accept)
            #expect(early.events == [.next(150, 1), .next(250, 2)])
            #expect(late.events == [.next(250, 2), .next(350, 3)])
        }

        @Test func asObservableIsTheSameSequence() {
            let relay = PublishRelay<Int>()
            var received: [Int] = []
            let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })
            relay.accept(1)
            relay.accept(2)
            #expect(received == [1, 2])
            subscription.dispose()
            relay.accept(3)
            #expect(received == [1, 2])
        }

        @Test func aSubscriberAcceptingIntoItsOwnRelayKeepsOrder() {
            let relay = PublishRelay<Int>()
            let witness = EventRecorder<Int>()
            let a = relay.subscribe(onNext: { if $0 < 3 { relay.accept($0 + 1) } })
            let b = relay.subscribe(witness)
            relay.accept(1)
            #expect(witness.events == [.next(1), .next(2), .next(3)])
            a.dispose()
            b.dispose()
        }

        @Test func acceptingFromSeveralThreadsDeliversInOrderOneAtATime() {
            for _ in 0..<100 {
                let relay = PublishRelay<Int>()
                let checker = OrderChecker()
                let subscription = relay.subscribe(checker)
                let shared = Unchecked(relay)
                DispatchQueue.concurrentPerform(iterations: 3) { thread in
                    for index in 0..<200 { shared.value.accept(thread * OrderChecker.stride + index) }
                }
                #expect(checker.violationCount == 0)
                #expect(checker.count == 600)
                #expect(checker.terminals == 0)
                subscription.dispose()
            }
        }
    }
}
