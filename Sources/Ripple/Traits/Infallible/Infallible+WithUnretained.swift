extension InfallibleType {
    /// Pairs each element with `obj`, held weakly: once `obj` is gone the sequence
    /// completes (an Infallible cannot fail), as `Observable.withUnretained` does.
    ///
    /// ```swift
    /// taps.withUnretained(self) { owner, _ in owner.title }
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - obj: The object to pass along; it is not retained by the sequence.
    ///   - resultSelector: Makes a result from `obj` and an element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, which completes at the
    ///   first element that finds `obj` released.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out,
        isolation: (any Actor)? = #isolation
    ) -> Infallible<Out> {
        Infallible<Out>(perEvent(isolation: isolation) { $0.withUnretained(obj, resultSelector: resultSelector) })
    }

    /// Pairs each element with `obj`, held weakly: once `obj` is gone the sequence
    /// completes.
    ///
    /// ```swift
    /// taps.withUnretained(self)
    ///     .subscribe(onNext: { owner, _ in owner.reload() })
    /// ```
    ///
    /// - Parameter obj: The object to pass along; it is not retained by the sequence.
    /// - Returns: A sequence of `(obj, element)` tuples, which completes at the first
    ///   element that finds `obj` released.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible<(Object, Element)>(asObservable().withUnretained(obj))
    }
}
