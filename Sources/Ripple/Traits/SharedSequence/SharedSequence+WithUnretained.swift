extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Pairs each element with `obj`, held weakly, through `resultSelector`; once
    /// `obj` is gone the Signal completes.
    ///
    /// ```swift
    /// taps.withUnretained(self) { owner, _ in owner.title }.emit(to: titleRelay)
    /// ```
    ///
    /// A Signal does not replay, so the pairs it sends are not kept; on a shared
    /// sequence that replays, the replayed pair would keep `obj` alive (which is why
    /// ``Driver`` has `drive(with:onNext:onCompleted:onDisposed:)` instead).
    ///
    /// - Parameters:
    ///   - obj: The object to pass along, held weakly.
    ///   - resultSelector: Makes a result from `obj` and an element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Signal of `resultSelector`'s results, completing once `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(perEvent(isolation: isolation) { $0.withUnretained(obj, resultSelector: resultSelector) })
    }

    /// Pairs each element with `obj`, held weakly, as a tuple; once `obj` is gone the
    /// Signal completes.
    ///
    /// ```swift
    /// taps.withUnretained(self).emit(onNext: { owner, _ in owner.submit() })
    /// ```
    ///
    /// - Parameter obj: The object to pass along, held weakly.
    /// - Returns: A Signal of `(obj, element)` pairs, completing once `obj` is gone.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}
