extension SharedSequenceConvertibleType {
    /// Drops the first `count` elements, then sends the rest.
    ///
    /// ```
    /// source:  -1-2-3-4-|
    /// skip(2): -----3-4-|
    /// ```
    ///
    /// ```swift
    /// let changes = nameDriver.skip(1)   // not the current value, only what follows
    /// ```
    ///
    /// A negative `count` drops nothing, as in RxSwift (a shared sequence has no error
    /// to report it with, unlike ``ObservableType/skip(_:)``).
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A sequence without the first `count` elements.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(Swift.max(count, 0)))
    }
}
