import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// The four subjects fed from two threads at once while subscribers come and go, the
    /// subject ends or is disposed; and subscribers that emit into their own subject.
    @Suite struct SubjectStressTests {
        static let rounds = 400

        /// Each round: one subscriber from the start, disposed on its own thread; a
        /// second that subscribes and disposes on another; two threads emitting, the
        /// second of which ends the subject one round in three (completed) or fails it
        /// one round in three.
        static func emitWhileSubscribersComeAndGo<Subject: ObservableType & ObserverType & SendableMetatype>(
            sourceLocation: SourceLocation = #_sourceLocation,
            _ make: @escaping @Sendable () -> Subject
        ) where Subject.Element == Int {
            Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
                let subject = make()
                let first = GrammarObserver<Int>()
                let second = GrammarObserver<Int>()
                let firstSubscription = subject.subscribe(first)
                let shared = Unchecked((subject: subject, firstSubscription: firstSubscription))
                Watchdog.concurrently(
                    { for element in 0..<8 { shared.value.subject.onNext(element) } },
                    {
                        for element in 100..<108 { shared.value.subject.onNext(element) }
                        switch round % 3 {
                        case 0: shared.value.subject.onCompleted()
                        case 1: shared.value.subject.onError(TestError(id: round))
                        default: break
                        }
                    },
                    {
                        Watchdog.jitter(round, scale: 4)
                        shared.value.firstSubscription.dispose()
                    },
                    {
                        Watchdog.jitter(round &+ 5, scale: 2)
                        let subscription = shared.value.subject.subscribe(second)
                        Watchdog.jitter(round)
                        subscription.dispose()
                    }
                )
                first.checkGrammar("round \(round), first subscriber", sourceLocation: sourceLocation)
                second.checkGrammar("round \(round), second subscriber", sourceLocation: sourceLocation)
            }
        }

        /// Each round: a subscriber emits into its own subject from `onNext` (nine
        /// times) and then disposes itself, while two threads emit and another subscriber
        /// watches. A lock held while delivering would deadlock here.
        static func reentrantSubscriber<Subject: ObservableType & ObserverType & SendableMetatype>(
            sourceLocation: SourceLocation = #_sourceLocation,
            _ make: @escaping @Sendable () -> Subject
        ) where Subject.Element == Int {
            Watchdog.run(rounds: rounds / 2, sourceLocation: sourceLocation) { round in
                let subject = make()
                ReenteringSubscriber.round(
                    round, observing: subject, feeding: subject, completing: round % 2 == 0, sourceLocation: sourceLocation
                )
            }
        }

        @Test func publishSubject() {
            Self.emitWhileSubscribersComeAndGo { PublishSubject<Int>() }
        }

        @Test func behaviorSubject() {
            Self.emitWhileSubscribersComeAndGo { BehaviorSubject<Int>(value: -1) }
        }

        @Test func replaySubject() {
            Self.emitWhileSubscribersComeAndGo { ReplaySubject<Int>.create(bufferSize: 3) }
        }

        @Test func asyncSubject() {
            Self.emitWhileSubscribersComeAndGo { AsyncSubject<Int>() }
        }

        @Test func publishSubjectReentrantSubscriber() {
            Self.reentrantSubscriber { PublishSubject<Int>() }
        }

        @Test func behaviorSubjectReentrantSubscriber() {
            Self.reentrantSubscriber { BehaviorSubject<Int>(value: -1) }
        }

        @Test func replaySubjectReentrantSubscriber() {
            Self.reentrantSubscriber { ReplaySubject<Int>.create(bufferSize: 3) }
        }

        @Test func asyncSubjectReentrantSubscriber() {
            Self.reentrantSubscriber { AsyncSubject<Int>() }
        }

        @Test func disposingTheSubjectWhileItIsFedAndSubscribed() {
            Watchdog.run(rounds: Self.rounds) { round in
                let subject = ReplaySubject<Int>.create(bufferSize: 2)
                let early = GrammarObserver<Int>()
                let late = GrammarObserver<Int>()
                let earlySubscription = subject.subscribe(early)
                let shared = Unchecked(subject)
                let lateSubscription = Unchecked(SingleAssignmentDisposable())
                Watchdog.concurrently(
                    { for element in 0..<8 { shared.value.onNext(element) } },
                    {
                        Watchdog.jitter(round, scale: 4)
                        shared.value.dispose()
                    },
                    {
                        Watchdog.jitter(round &+ 3, scale: 4)
                        lateSubscription.value.setDisposable(shared.value.subscribe(late))
                    }
                )
                earlySubscription.dispose()
                lateSubscription.value.dispose()
                early.checkGrammar("round \(round), early subscriber")
                late.checkGrammar("round \(round), late subscriber")
            }
        }
    }
}
