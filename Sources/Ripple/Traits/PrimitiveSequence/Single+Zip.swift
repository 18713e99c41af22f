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
    ///   - resultSelector: Makes a result from one element of each sequence: on the actor it
    ///     was written on if it is isolated to one (the elements hop there first), otherwise on
    ///     the thread that sent the last element it needs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Element>.zipCollection(collection, resultSelector: resultSelector, isolation: isolation)
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
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: (any Actor)?
    ) -> PrimitiveSequence<Trait, Result> where Sources.Element == PrimitiveSequence<Trait, Element> {
        // `Observable.zip` of no sources would complete empty; a trait of no sources
        // succeeds with the selector's result for no elements, as in RxSwift.
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>(raw: Observable.deferred { Observable.just(try resultSelector([])) }.subscribing(on: isolation))
        }
        // A selector isolated to an actor runs after the zip, behind one hop there.
        guard isolation != nil else {
            return PrimitiveSequence<Trait, Result>(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
        }
        return PrimitiveSequence<Trait, Result>(raw: Observable.zip(collection.map(\.source)).map(resultSelector, isolation: isolation))
    }

    static func zipCollection<Sources: Swift.Collection>(_ collection: Sources) -> PrimitiveSequence<Trait, [Element]> where Sources.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: Observable.just([]))
        }
        return PrimitiveSequence<Trait, [Element]>(raw: Observable.zip(collection.map(\.source)))
    }
}
