// How the trait operators honour their closures' isolation when they are built on an
// Observable operator: they hop to the closure's actor themselves, so the Observable
// operator, given no isolation, adds no hop of its own.

extension ObservableConvertibleType {
    /// The Observable operator `apply`, which calls a closure given with `isolation` once
    /// per event and sends synchronously, built behind a hop to that closure's actor
    /// (and marked as delivering on the main actor when that is the actor). With no
    /// isolation, `apply` on this sequence as it is.
    func perEvent<Result>(isolation: (any Actor)?, _ apply: (Observable<Element>) -> Observable<Result>) -> Observable<Result> {
        apply(asObservable().delivering(to: isolation)).deliveringOnMainActor(if: isolation)
    }

    /// `do` for the traits: the per-event actions run on their actor (behind a hop made
    /// only when there is one), `onSubscribe` and `onSubscribed` where the subscription
    /// is moved to, `onDispose` on the actor too. With no isolation, `do` as it is.
    func isolatedDo(
        onNext: ((Element) throws -> Void)?,
        afterNext: ((Element) throws -> Void)?,
        onError: ((Swift.Error) throws -> Void)?,
        afterError: ((Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)?,
        afterCompleted: (() throws -> Void)?,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?,
        isolation: (any Actor)?
    ) -> Observable<Element> {
        guard isolation != nil else {
            return asObservable().do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
            )
        }
        let hops = onNext != nil || afterNext != nil || onError != nil || afterError != nil || onCompleted != nil || afterCompleted != nil
        let source = hops ? asObservable().delivering(to: isolation) : asObservable()
        var result = source.do(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: isolatedAction(onDispose, isolation)
        )
        if onSubscribe != nil || onSubscribed != nil {
            result = result.subscribing(on: isolation)
        }
        // The subscription's move sends nothing itself: behind the hop, events still
        // arrive on the actor.
        return hops ? result.deliveringOnMainActor(if: isolation) : result
    }
}
