extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```
    /// source: -1-1-2-2-1-
    /// result: -1---2---1-
    /// ```
    ///
    /// ```swift
    /// let name = text.distinctUntilChanged()
    /// ```
    ///
    /// - Returns: A sequence without consecutive equal elements.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType {
    /// Drops each element whose key equals the previous element's key.
    ///
    /// ```swift
    /// let person = people.distinctUntilChanged { $0.id }
    /// ```
    ///
    /// - Parameter keySelector: Computes the value to compare for each element.
    /// - Returns: A sequence without consecutive elements whose keys are equal.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops each element that `comparer` says equals the previous element.
    ///
    /// ```
    /// source: -1-3-4-6-
    /// result: -1---4---   (same parity counts as equal)
    /// ```
    ///
    /// ```swift
    /// let position = positions.distinctUntilChanged { abs($0 - $1) < 0.5 }
    /// ```
    ///
    /// - Parameter comparer: Whether two consecutive elements count as equal.
    /// - Returns: A sequence without consecutive elements that `comparer` calls equal.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops each element whose key `comparer` says equals the previous element's key.
    ///
    /// ```swift
    /// let city = places.distinctUntilChanged({ $0.city }, comparer: { $0.caseInsensitiveCompare($1) == .orderedSame })
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the value to compare for each element.
    ///   - comparer: Whether two consecutive keys count as equal.
    /// - Returns: A sequence without consecutive elements whose keys `comparer` calls equal.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }
}
