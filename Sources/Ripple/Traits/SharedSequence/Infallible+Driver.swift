extension InfallibleType {
    /// This sequence as a ``Driver``: the same elements, on the main queue (or the
    /// mocked ``SharingScheduler``), shared with replay of the latest. An
    /// ``Infallible`` cannot fail, so no fallback is needed.
    ///
    /// ```swift
    /// let name: Driver<String> = model.name.asDriver()   // model.name: Infallible<String>
    /// ```
    ///
    /// - Returns: A Driver with this sequence's elements.
    public func asDriver() -> Driver<Element> {
        Driver(observingOnScheduler: asObservable())
    }
}
