extension ObservableConvertibleType {
    /// This sequence as an ``Infallible`` that, on error, sends `element` and completes.
    ///
    /// ```
    /// source: -1-2-X
    /// result: -1-2-(0|)
    /// ```
    ///
    /// ```swift
    /// let count = api.count.asInfallible(onErrorJustReturn: 0)
    /// ```
    ///
    /// - Parameter element: The element to send, before completing, instead of an error.
    /// - Returns: An Infallible with this sequence's elements, then `element` on error.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence as an ``Infallible`` that, on error, continues with `infallible`.
    ///
    /// ```
    /// source:     -1-2-X
    /// infallible:      -7-8-|
    /// result:     -1-2--7-8-|
    /// ```
    ///
    /// ```swift
    /// let names = api.names.asInfallible(onErrorFallbackTo: .just("offline"))
    /// ```
    ///
    /// - Parameter infallible: The sequence to continue with when this one fails.
    /// - Returns: An Infallible with this sequence's elements, then `infallible`'s on error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// This sequence as an ``Infallible`` that, on error, continues with the sequence
    /// `onErrorRecover` makes from the error.
    ///
    /// ```
    /// source:  -1-2-X
    /// recover:      -9-|
    /// result:  -1-2--9-|
    /// ```
    ///
    /// ```swift
    /// let status = api.status.asInfallible(onErrorRecover: { error in .just("failed: \(error)") })
    /// ```
    ///
    /// - Parameters:
    ///   - onErrorRecover: Makes, from the error, the sequence to continue with. Runs on the
    ///     actor it was written on if it is isolated to one (an error sent elsewhere hops there
    ///     first), otherwise on the thread that sent the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: An Infallible with this sequence's elements, then the recovery sequence's on error.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(asObservable().delivering(to: isolation).catch { error in onErrorRecover(error).asObservable() })
    }
}

extension PublishRelay {
    /// The relay as an ``Infallible``: it never fails nor completes.
    ///
    /// ```swift
    /// let taps: Infallible<Void> = tapRelay.asInfallible()
    /// ```
    ///
    /// - Returns: An Infallible with the relay's elements.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay as an ``Infallible``: new subscribers get the current value first;
    /// it never fails nor completes.
    ///
    /// ```swift
    /// let name: Infallible<String> = nameRelay.asInfallible()
    /// ```
    ///
    /// - Returns: An Infallible with the relay's current value and later ones.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay as an ``Infallible``: new subscribers get the buffered elements
    /// first; it never fails nor completes.
    ///
    /// ```swift
    /// let log: Infallible<String> = logRelay.asInfallible()
    /// ```
    ///
    /// - Returns: An Infallible with the relay's buffered elements and later ones.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
