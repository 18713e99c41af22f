// `combineLatest` over a collection of shared sequences of one kind. (The fixed
// arities live with the other generated arities.)

extension SharedSequence {
    /// Combines the latest element of every source whenever any sends one, once all
    /// have sent one.
    ///
    /// ```
    /// source1: -1---2-----
    /// source2: ---a-----b-
    /// result:  ---A-B---C-   (A = resultSelector([1, a]), B = ([2, a]), C = ([2, b]))
    /// ```
    ///
    /// ```swift
    /// let allValid = Driver.combineLatest(fieldValidity) { $0.allSatisfy { $0 } }
    /// ```
    ///
    /// Completes when every source has completed. A `resultSelector` that throws ends
    /// the sequence with its error, as in RxCocoa, though a shared sequence is meant
    /// never to fail: `drive` and `emit` report it as an unhandled error.
    ///
    /// - Parameters:
    ///   - collection: The sequences to combine.
    ///   - resultSelector: Makes a result from the latest element of each source, in the
    ///     collection's order: on the actor it was written on if it is isolated to one (the
    ///     elements hop there first), otherwise on the thread that sent the element that
    ///     completes the set.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        // A selector isolated to an actor runs after the combination, behind one hop there.
        guard isolation != nil else {
            return SharedSequence<SharingStrategy, Result>(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
        }
        return SharedSequence<SharingStrategy, Result>(Observable.combineLatest(collection.map { $0.asObservable() }).map(resultSelector, isolation: isolation))
    }

    /// Sends an array of the latest element of every source whenever any sends one,
    /// once all have sent one.
    ///
    /// ```swift
    /// Driver.combineLatest(toggles).map { $0.filter { $0 }.count }
    /// ```
    ///
    /// - Parameter collection: The sequences to combine.
    /// - Returns: A sequence of arrays of the latest elements, in the collection's order.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
