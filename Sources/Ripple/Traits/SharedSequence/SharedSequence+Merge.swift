// `merge` for shared sequences: of several sequences of one kind, and of a shared
// sequence whose elements are shared sequences.

extension SharedSequence {
    /// Sends the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```
    /// source1: -1---3-|
    /// source2: ---2---4-|
    /// result:  -1-2-3-4-|
    /// ```
    ///
    /// ```swift
    /// let anyTap = Signal.merge(okTaps, cancelTaps)
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        merge(sources)
    }

    /// Sends the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```swift
    /// let anyTap = Signal.merge(buttons.map { $0.taps })
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of all the sequences in `sources` as they arrive; completes
    /// when all have.
    ///
    /// ```swift
    /// let anyChange = Driver.merge(fields.values)   // a dictionary's values
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        merge(Array(sources))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Subscribes to every inner sequence as it arrives and sends their elements as
    /// they arrive; completes when this sequence and every inner one have completed.
    ///
    /// ```
    /// source: -A-----B------|
    /// A:       -1---2-|
    /// B:             -3---4-|
    /// result: --1---23---4--|
    /// ```
    ///
    /// ```swift
    /// let allResults = searches.map { search($0) }.merge()
    /// ```
    ///
    /// - Returns: The elements of every inner sequence, as they arrive, on the inner
    ///   sequences' sharing strategy.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence() }.merge())
    }

    /// Like ``merge()``, subscribed to at most `maxConcurrent` inner sequences at a
    /// time; the others wait, in order, until one completes.
    ///
    /// ```
    /// source:          -A-B----|
    /// A:                -1---2|
    /// B:                  -3-4|   (subscribed when A completes)
    /// merge(max: 1):   --1---2-3-4|
    /// ```
    ///
    /// ```swift
    /// let uploads = files.map { upload($0) }.merge(maxConcurrent: 2)
    /// ```
    ///
    /// A `maxConcurrent` below 1 is a precondition failure: a shared sequence has no
    /// error to report it with.
    ///
    /// - Parameter maxConcurrent: How many inner sequences may be subscribed to at once.
    /// - Returns: The elements of the inner sequences, at most `maxConcurrent` of them
    ///   running at a time.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs a maxConcurrent of at least 1, got \(maxConcurrent)")
        return SharedSequence(asObservable().map { $0.asSharedSequence() }.merge(maxConcurrent: maxConcurrent))
    }
}
