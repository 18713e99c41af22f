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
    /// - Returns: This sequence, unchanged, with the actions run along the way.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().do(
            onNext: onNext,
            afterNext: afterNext,
            onCompleted: onCompleted,
            afterCompleted: afterCompleted,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        ))
    }
}
