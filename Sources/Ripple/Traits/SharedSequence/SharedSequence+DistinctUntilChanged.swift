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
    /// - Parameters:
    ///   - keySelector: Computes the value to compare for each element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements whose keys are equal.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(perEvent(isolation: isolation) { $0.distinctUntilChanged(keySelector) })
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
    /// - Parameters:
    ///   - comparer: Whether two consecutive elements count as equal: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements that `comparer` calls equal.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(perEvent(isolation: isolation) { $0.distinctUntilChanged(comparer) })
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
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it (elements sent elsewhere hop there first); written in nonisolated
    ///     code, they run on the thread that sent the element.
    /// - Returns: A sequence without consecutive elements whose keys `comparer` calls equal.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(perEvent(isolation: isolation) { $0.distinctUntilChanged(keySelector, comparer: comparer) })
    }
}
