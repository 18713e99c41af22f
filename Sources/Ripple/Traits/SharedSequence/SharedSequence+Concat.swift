// `concat` for shared sequences: one after another, each subscribed when the one
// before it completes.

extension SharedSequence {
    /// Sends the elements of each sequence of `sequence` in turn, subscribing to the
    /// next when the one before it completes; completes after the last.
    ///
    /// ```
    /// first:  -1-2|
    /// second:      -3|
    /// result: -1-2-3|
    /// ```
    ///
    /// ```swift
    /// let steps = Driver.concat(sequence(first: intro) { _ in nil })
    /// ```
    ///
    /// `sequence` is read lazily, one sequence at a time, as each completes.
    ///
    /// - Parameter sequence: The sequences to send one after another.
    /// - Returns: A sequence with the elements of each sequence, in order.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Sends the elements of each sequence of `collection` in turn, subscribing to the
    /// next when the one before it completes; completes after the last.
    ///
    /// ```swift
    /// let onboarding = Driver.concat([welcome, permissions, done])
    /// ```
    ///
    /// - Parameter collection: The sequences to send one after another.
    /// - Returns: A sequence with the elements of each sequence, in order.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Subscribes to the inner sequences one at a time, in the order they arrive, each
    /// when the one before it completes (the others wait); completes when this
    /// sequence and every inner one have completed. `merge(maxConcurrent: 1)`.
    ///
    /// ```
    /// source:   -A-B------|
    /// A:         -1---2|
    /// B:                -3|   (subscribed when A completes)
    /// result:   --1---2--3|
    /// ```
    ///
    /// ```swift
    /// let saves = edits.map { save($0) }.concat()   // one save at a time, in order
    /// ```
    ///
    /// RxCocoa has no instance `concat()` on shared sequences; Ripple adds it to
    /// match `Observable`'s.
    ///
    /// - Returns: The elements of the inner sequences, one sequence after another.
    public func concat() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        merge(maxConcurrent: 1)
    }
}
