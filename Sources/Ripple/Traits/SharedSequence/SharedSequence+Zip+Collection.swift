// `zip` over a collection of shared sequences of one kind. (The fixed arities live
// with the other generated arities.)

extension SharedSequence {
    /// Pairs up the sources' elements by index: the first result from every source's
    /// first element, the second from every source's second, and so on.
    ///
    /// ```
    /// source1: -1---2---3-|
    /// source2: ---a---b-|
    /// result:  ---A---B-|   (A = resultSelector([1, a]))
    /// ```
    ///
    /// ```swift
    /// let pages = Driver.zip([header, body, footer]) { $0.joined(separator: "\n") }
    /// ```
    ///
    /// Completes once a source has completed and every element it sent has been used.
    /// A `resultSelector` that throws ends the sequence with its error, as in RxCocoa,
    /// though a shared sequence is meant never to fail: `drive` and `emit` report it
    /// as an unhandled error.
    ///
    /// - Parameters:
    ///   - collection: The sequences to zip.
    ///   - resultSelector: Makes a result from one element of each source, in the collection's
    ///     order: on the actor it was written on if it is isolated to one (the elements hop
    ///     there first), otherwise on the thread that sent the last element it needs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one per index all sources reached.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        // A selector isolated to an actor runs after the zip, behind one hop there.
        guard isolation != nil else {
            return SharedSequence<SharingStrategy, Result>(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
        }
        return SharedSequence<SharingStrategy, Result>(Observable.zip(collection.map { $0.asObservable() }).map(resultSelector, isolation: isolation))
    }

    /// Pairs up the sources' elements by index into arrays: the first array holds
    /// every source's first element, and so on.
    ///
    /// ```swift
    /// Driver.zip([left, right]).drive(onNext: { print($0) })   // [l0, r0], [l1, r1], …
    /// ```
    ///
    /// - Parameter collection: The sequences to zip.
    /// - Returns: A sequence of arrays, one element from each source in the
    ///   collection's order, one array per index all sources reached.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}
