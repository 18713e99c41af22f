import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// The relays fed from two threads at once while subscribers come and go, and a
    /// subscriber that feeds its own relay.
    @Suite struct RelayStressTests {
        static let rounds = 400

        /// Each round: two threads accept elements, one subscriber is disposed on a
        /// third, another subscribes and disposes on a fourth; then a subscriber that
        /// accepts into the relay from `onNext` and disposes itself.
        static func acceptWhileSubscribersComeAndGo(
            sourceLocation: SourceLocation = #_sourceLocation,
            _ make: @escaping @Sendable () -> (sequence: Observable<Int>, accept: (Int) -> Void)
        ) {
            Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
                let relay = make()
                let first = GrammarObserver<Int>()
                let second = GrammarObserver<Int>()
                let firstSubscription = relay.sequence.subscribe(first)
                let shared = Unchecked((relay: relay, firstSubscription: firstSubscription))
                Watchdog.concurrently(
                    { for element in 0..<8 { shared.value.relay.accept(element) } },
                    { for element in 100..<108 { shared.value.relay.accept(element) } },
                    {
                        Watchdog.jitter(round, scale: 4)
                        shared.value.firstSubscription.dispose()
                    },
                    {
                        Watchdog.jitter(round &+ 5, scale: 2)
                        let subscription = shared.value.relay.sequence.subscribe(second)
                        Watchdog.jitter(round)
                        subscription.dispose()
                    }
                )
                first.checkGrammar("round \(round), first subscriber", sourceLocation: sourceLocation)
                second.checkGrammar("round \(round), second subscriber", sourceLocation: sourceLocation)
                #expect(first.terminals == 0 && second.terminals == 0, "a relay never ends")

                let own = SingleAssignmentDisposable()
                let received = Counter()
                let reentrant = GrammarObserver<Int> { _ in
                    let count = received.increment()
                    if count < 10 {
                        shared.value.relay.accept(1_000 + count)
                    } else if count == 10 {
                        own.dispose()
                    }
                }
                own.setDisposable(relay.sequence.subscribe(reentrant))
                Watchdog.concurrently(
                    { for element in 0..<6 { shared.value.relay.accept(element) } },
                    { for element in 100..<106 { shared.value.relay.accept(element) } }
                )
                own.dispose()
                reentrant.checkGrammar("round \(round), re-entering subscriber", sourceLocation: sourceLocation)
            }
        }

        @Test func publishRelay() {
            Self.acceptWhileSubscribersComeAndGo {
                let relay = PublishRelay<Int>()
                return (relay.asObservable(), relay.accept)
            }
        }

        @Test func behaviorRelay() {
            Self.acceptWhileSubscribersComeAndGo {
                let relay = BehaviorRelay<Int>(value: -1)
                return (relay.asObservable(), relay.accept)
            }
        }

        @Test func replayRelay() {
            Self.acceptWhileSubscribersComeAndGo {
                let relay = ReplayRelay<Int>.create(bufferSize: 3)
                return (relay.asObservable(), relay.accept)
            }
        }
    }
}
