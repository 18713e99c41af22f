import Testing
@testable import Ripple

/// The stress round in which a subscriber feeds the subject it is (directly or through a
/// sharing operator) subscribed to, shared by the subject and sharing stress suites.
enum ReenteringSubscriber {
    /// One round: a subscriber of `sequence` emits into `subject` from `onNext` (nine
    /// times) and then disposes itself, while two threads emit into `subject` and
    /// another subscriber of `sequence` watches; the second thread completes `subject`
    /// afterwards when `completing` is true. Both subscriptions are disposed at the end
    /// and both subscribers' grammar is checked. A lock held while delivering would
    /// deadlock here.
    static func round<Sequence: ObservableType, Subject: ObserverType & SendableMetatype>(
        _ round: Int,
        observing sequence: Sequence,
        feeding subject: Subject,
        completing: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) where Sequence.Element == Int, Subject.Element == Int {
        let own = SingleAssignmentDisposable()
        let reentry = Unchecked(subject)
        let observer = Self.observer(disposing: own) { count in reentry.value.onNext(1_000 + count) }
        let other = GrammarObserver<Int>()
        let otherSubscription = sequence.subscribe(other)
        own.setDisposable(sequence.subscribe(observer))
        let source = Unchecked(subject)
        Watchdog.concurrently(
            { for element in 0..<6 { source.value.onNext(element) } },
            {
                for element in 100..<106 { source.value.onNext(element) }
                if completing { source.value.onCompleted() }
            }
        )
        own.dispose()
        otherSubscription.dispose()
        observer.checkGrammar("round \(round), re-entering subscriber", sourceLocation: sourceLocation)
        other.checkGrammar("round \(round), other subscriber", sourceLocation: sourceLocation)
    }

    /// A grammar-checking observer that calls `reenter` with the count of each of the
    /// first nine elements it receives (1 to 9), and disposes `own` (its own
    /// subscription) on the tenth.
    static func observer(
        disposing own: SingleAssignmentDisposable,
        reenter: @escaping @Sendable (_ count: Int) -> Void
    ) -> GrammarObserver<Int> {
        let received = Counter()
        return GrammarObserver<Int> { _ in
            let count = received.increment()
            if count < 10 {
                reenter(count)
            } else if count == 10 {
                own.dispose()
            }
        }
    }
}
