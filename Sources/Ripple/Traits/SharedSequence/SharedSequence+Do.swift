extension SharedSequenceConvertibleType {
    /// Runs the given closures for their side effects as events pass through.
    ///
    /// A shared sequence cannot fail, so there is no `onError` (as in RxCocoa); the
    /// closures cannot throw for the same reason.
    ///
    /// ```
    /// source: -1-2-|
    /// result: -1-2-|   (onNext(1), afterNext(1), onNext(2) … around each event)
    /// ```
    ///
    /// ```swift
    /// name.do(onNext: { print("name is now \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Runs with each element before it is sent.
    ///   - afterNext: Runs with each element after it is sent.
    ///   - onCompleted: Runs before completion is sent.
    ///   - afterCompleted: Runs after completion is sent.
    ///   - onSubscribe: Runs before the subscription to this sequence.
    ///   - onSubscribed: Runs after the subscription to this sequence.
    ///   - onDispose: Runs after the subscription is disposed, for whatever reason.
    ///   - isolation: The caller's actor; leave the default. Actions written on an actor
    ///     run on it: events sent elsewhere hop there first, the subscription moves there
    ///     for `onSubscribe` and `onSubscribed`, and `onDispose` runs there too.
    /// - Returns: This sequence, unchanged, with the actions run along the way.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(isolatedDo(
            onNext: onNext,
            afterNext: afterNext,
            onError: nil,
            afterError: nil,
            onCompleted: onCompleted,
            afterCompleted: afterCompleted,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose,
            isolation: isolation
        ))
    }
}
