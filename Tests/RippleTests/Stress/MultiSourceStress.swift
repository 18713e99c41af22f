import Dispatch
import Testing
@testable import Ripple

/// The two stress scenarios every multi-source operator goes through, over hot sources
/// (``PublishSubject``s) that the test drives from several threads.
enum MultiSourceStress {
    /// Each round: `sources` subjects, the operator `make` builds over them, observed by a
    /// ``GrammarObserver``. Then, at once: every source emits `elements` elements on its
    /// own thread and, depending on the round, completes, fails (the first source) or
    /// stays open; and one more thread disposes the subscription after a jitter. Checks
    /// the grammar, and that no source is still subscribed once the round is over.
    static func emitWhileDisposing(
        sources: Int,
        rounds: Int = 400,
        elements: Int = 8,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ make: @escaping @Sendable ([PublishSubject<Int>]) -> Observable<Int>
    ) {
        Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
            let subjects = (0..<sources).map { _ in PublishSubject<Int>() }
            let observer = GrammarObserver<Int>()
            let subscription = make(subjects).subscribe(observer)
            let shared = Unchecked((subjects: subjects, subscription: subscription))
            var sourceActions: [@Sendable () -> Void] = (0..<sources).map { index in
                {
                    let subject = shared.value.subjects[index]
                    for element in 0..<elements {
                        subject.onNext(index * 100 + element)
                    }
                    switch round % 4 {
                    case 0: subject.onCompleted()
                    case 1: if index == 0 { subject.onError(TestError(id: round)) }
                    default: break
                    }
                }
            }
            sourceActions.append {
                Watchdog.jitter(round, scale: 8)
                shared.value.subscription.dispose()
            }
            let actions = sourceActions
            DispatchQueue.concurrentPerform(iterations: actions.count) { actions[$0]() }
            subscription.dispose()
            observer.checkGrammar("round \(round)", sourceLocation: sourceLocation)
            let stillObserved = subjects.indices.filter { subjects[$0].hasObservers }
            if !stillObserved.isEmpty {
                Issue.record("round \(round): sources \(stillObserved) still subscribed after dispose", sourceLocation: sourceLocation)
            }
        }
    }

    /// Each round: an observer that, from inside `onNext`, emits into the sources (the
    /// first nine elements it receives) and then disposes its own subscription, while
    /// two threads feed the first and the last source. A lock held while calling
    /// downstream would deadlock here (the watchdog fails the test) or break the grammar.
    static func reentrantObserver(
        sources: Int,
        rounds: Int = 200,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ make: @escaping @Sendable ([PublishSubject<Int>]) -> Observable<Int>
    ) {
        Watchdog.run(rounds: rounds, sourceLocation: sourceLocation) { round in
            let subjects = (0..<sources).map { _ in PublishSubject<Int>() }
            let ownSubscription = SingleAssignmentDisposable()
            let reentry = Unchecked(subjects)
            let observer = ReenteringSubscriber.observer(disposing: ownSubscription) { count in
                let subjects = reentry.value
                subjects[count % subjects.count].onNext(1_000 + count)
            }
            ownSubscription.setDisposable(make(subjects).subscribe(observer))
            let shared = Unchecked(subjects)
            Watchdog.concurrently(
                { for element in 0..<6 { shared.value[0].onNext(element) } },
                {
                    Watchdog.jitter(round)
                    for element in 0..<6 { shared.value[sources - 1].onNext(100 + element) }
                }
            )
            ownSubscription.dispose()
            observer.checkGrammar("round \(round)", sourceLocation: sourceLocation)
            let stillObserved = subjects.indices.filter { subjects[$0].hasObservers }
            if !stillObserved.isEmpty {
                Issue.record("round \(round): sources \(stillObserved) still subscribed after dispose", sourceLocation: sourceLocation)
            }
        }
    }
}
