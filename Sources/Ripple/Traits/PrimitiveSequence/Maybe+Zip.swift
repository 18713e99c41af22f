extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for every Maybe in `collection` and combines their elements, in order,
    /// with `resultSelector`; completes empty as soon as one of them does, and the
    /// first error ends the result. An empty collection succeeds with
    /// `resultSelector([])`.
    ///
    /// ```
    /// first:    -(1|)
    /// second:   ---(2|)
    /// zip(sum): ---(3|)
    /// first:    -(1|)
    /// second:   ---|
    /// zip(sum): ---|
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(ids.map(cachedPrice)) { $0.reduce(0, +) }
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sequences to zip; their elements reach `resultSelector` in
    ///     the collection's order.
    ///   - resultSelector: Makes a result from one element of each sequence: on the actor it
    ///     was written on if it is isolated to one (the elements hop there first), otherwise on
    ///     the thread that sent the last element it needs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every
    ///   source has succeeded.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Element>.zipCollection(collection, resultSelector: resultSelector, isolation: isolation)
    }

    /// Waits for every Maybe in `collection` and succeeds with their elements, in
    /// order; completes empty as soon as one of them does, and the first error ends
    /// the result. An empty collection succeeds with `[]`.
    ///
    /// ```
    /// first:    -(1|)
    /// second:   ---(2|)
    /// zip:      ---([1,2]|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(ids.map(cachedUser))
    /// ```
    ///
    /// - Parameter collection: The Maybes to zip, in order.
    /// - Returns: A Maybe that succeeds with the elements of all sources, in the
    ///   collection's order.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Element>.zipCollection(collection)
    }
}
