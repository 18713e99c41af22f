import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `share`, `replay`/`publish` with `refCount` and `connect`: subscribers coming and
    /// going and connections made and disposed while the source emits, all on different
    /// threads.
    @Suite struct SharingStressTests {
        static let rounds = 400

        /// Each round: two subscribers subscribe and dispose on their own threads while a
        /// third thread feeds the source (and, one round in three, completes it).
        static func subscribersComeAndGo(
            sourceLocation: SourceLocation = #_sourceLocation,
            _ make: @escaping @Sendable (PublishSubject<Int>) -> Observable<Int>
        ) {
            Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
                let subject = PublishSubject<Int>()
                let shared = Unchecked((subject: subject, sequence: make(subject)))
                let first = GrammarObserver<Int>()
                let second = GrammarObserver<Int>()
                Watchdog.concurrently(
                    {
                        for element in 0..<8 { shared.value.subject.onNext(element) }
                        if round % 3 == 0 { shared.value.subject.onCompleted() }
                    },
                    {
                        let subscription = shared.value.sequence.subscribe(first)
                        Watchdog.jitter(round, scale: 4)
                        subscription.dispose()
                    },
                    {
                        Watchdog.jitter(round &+ 7, scale: 4)
                        let subscription = shared.value.sequence.subscribe(second)
                        Watchdog.jitter(round)
                        subscription.dispose()
                    }
                )
                first.checkGrammar("round \(round), first subscriber", sourceLocation: sourceLocation)
                second.checkGrammar("round \(round), second subscriber", sourceLocation: sourceLocation)
                if subject.hasObservers {
                    Issue.record("round \(round): the source is still subscribed with no subscriber left", sourceLocation: sourceLocation)
                }
            }
        }

        /// Each round: one thread connects and later disposes the connection, another
        /// subscribes and disposes, a third feeds the source, a fourth connects too.
        static func connectRacingSubscribers(
            sourceLocation: SourceLocation = #_sourceLocation,
            _ make: @escaping @Sendable (PublishSubject<Int>) -> ConnectableObservable<Int>
        ) {
            Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
                let subject = PublishSubject<Int>()
                let shared = Unchecked((subject: subject, connectable: make(subject)))
                let observer = GrammarObserver<Int>()
                let connections = Unchecked(CompositeDisposable())
                Watchdog.concurrently(
                    {
                        let connection = shared.value.connectable.connect()
                        Watchdog.jitter(round, scale: 4)
                        connection.dispose()
                    },
                    {
                        let subscription = shared.value.connectable.subscribe(observer)
                        Watchdog.jitter(round &+ 3, scale: 4)
                        subscription.dispose()
                    },
                    {
                        for element in 0..<8 { shared.value.subject.onNext(element) }
                        if round % 3 == 0 { shared.value.subject.onCompleted() }
                    },
                    {
                        Watchdog.jitter(round &+ 11, scale: 2)
                        _ = connections.value.insert(shared.value.connectable.connect())
                    }
                )
                connections.value.dispose()
                observer.checkGrammar("round \(round)", sourceLocation: sourceLocation)
                if subject.hasObservers {
                    Issue.record("round \(round): the source is still subscribed after every connection was disposed", sourceLocation: sourceLocation)
                }
            }
        }

        @Test func shareWhileConnected() {
            Self.subscribersComeAndGo { $0.share() }
        }

        @Test func shareReplayWhileConnected() {
            Self.subscribersComeAndGo { $0.share(replay: 1) }
        }

        @Test func shareReplayForever() {
            Self.subscribersComeAndGo { $0.share(replay: 2, scope: .forever) }
        }

        @Test func replayRefCount() {
            Self.subscribersComeAndGo { $0.replay(1).refCount() }
        }

        @Test func publishRefCount() {
            Self.subscribersComeAndGo { $0.publish().refCount() }
        }

        @Test func publishConnect() {
            Self.connectRacingSubscribers { $0.publish() }
        }

        @Test func replayConnect() {
            Self.connectRacingSubscribers { $0.replay(2) }
        }

        @Test func sharedSubscriberThatReentersTheSourceAndDisposes() {
            Watchdog.run(rounds: Self.rounds) { round in
                let subject = PublishSubject<Int>()
                ReenteringSubscriber.round(round, observing: subject.share(replay: 1), feeding: subject, completing: false)
                #expect(!subject.hasObservers)
            }
        }
    }
}
