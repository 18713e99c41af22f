extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for every Single in `collection` and combines their elements, in order,
    /// with `resultSelector`; the first error ends the result. An empty collection
    /// succeeds with `resultSelector([])`.
    ///
    /// ```
    /// first:    -(1|)
    /// second:   ---(2|)
    /// zip(sum): ---(3|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(ids.map(fetchPrice)) { $0.reduce(0, +) }
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sequences to zip; their elements reach `resultSelector` in
    ///     the collection's order.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Element>.zipCollection(collection, resultSelector: resultSelector)
    }

    /// Waits for every Single in `collection` and succeeds with their elements, in
    /// order; the first error ends the result. An empty collection succeeds with `[]`.
    ///
    /// ```
    /// first:    -(1|)
    /// second:   ---(2|)
    /// zip:      ---([1,2]|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(ids.map(fetchUser))
    /// ```
    ///
    /// - Parameter collection: The Singles to zip, in order.
    /// - Returns: A Single that succeeds with the elements of all sources, in the collection's order.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Element>.zipCollection(collection)
    }
}

// The zips of a collection shared by Single and Maybe (Maybe+Zip.swift): the
// Observable zip of the sources, which ends empty as soon as one Maybe does.
extension PrimitiveSequence {
    static func zipCollection<Sources: Swift.Collection, Result>(
        _ collection: Sources,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Sources.Element == PrimitiveSequence<Trait, Element> {
        // `Observable.zip` of no sources would complete empty; a trait of no sources
        // succeeds with the selector's result for no elements, as in RxSwift.
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>(raw: Observable.deferred { Observable.just(try resultSelector([])) })
        }
        return PrimitiveSequence<Trait, Result>(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    static func zipCollection<Sources: Swift.Collection>(_ collection: Sources) -> PrimitiveSequence<Trait, [Element]> where Sources.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: Observable.just([]))
        }
        return PrimitiveSequence<Trait, [Element]>(raw: Observable.zip(collection.map(\.source)))
    }
}
