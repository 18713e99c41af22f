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
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { error in onErrorRecover(error).asObservable() })
    }
}

extension PublishRelay {
    /// The relay as an ``Infallible``: it never fails nor completes.
    ///
    /// ```swift
    /// let taps: Infallible<Void> = tapRelay.asInfallible()
    /// ```
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
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
