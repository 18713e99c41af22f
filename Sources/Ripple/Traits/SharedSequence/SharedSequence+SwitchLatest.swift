extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Sends the elements of the most recent inner sequence only: each new inner
    /// sequence disposes of the one before it. Completes when this sequence and the
    /// current inner one have completed.
    ///
    /// ```
    /// source: -A----B--------|
    /// A:       -1--2--3|       (disposed when B arrives)
    /// B:             -4--5|
    /// result: --1--2-4--5----|
    /// ```
    ///
    /// ```swift
    /// let results = query.map { search($0) }.switchLatest()
    /// ```
    ///
    /// - Returns: The elements of the latest inner sequence, on the inner sequences'
    ///   sharing strategy.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence() }.switchLatest())
    }
}
