// The fixed-arity forms of `Infallible.combineLatest` (four to eight sources) and
// `Infallible.zip` (four to eight with a result selector, three to eight as tuples),
// generated from one template: each wraps the Observable operator of the same arity,
// which cannot fail when its sources cannot.

// MARK: - 3 sources

extension Infallible where Element == Any {
    /// Sends tuples of the n-th elements of three sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable()))
    }
}

// MARK: - 4 sources

extension Infallible {
    /// Combines the latest elements of four sequences whenever any sends one, once
    /// all have; see `Observable.combineLatest`.
    ///
    /// ```swift
    /// let summary = Infallible.combineLatest(a, b, c, d) { [$0, $1, $2, $3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of four sequences; see `Observable.zip`.
    ///
    /// ```swift
    /// let rows = Infallible.zip(a, b, c, d) { [$0, $1, $2, $3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest elements of four sequences whenever any sends
    /// one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(a, b, c, d)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }

    /// Sends tuples of the n-th elements of four sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c, d)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()))
    }
}

// MARK: - 5 sources

extension Infallible {
    /// Combines the latest elements of five sequences whenever any sends one, once
    /// all have; see `Observable.combineLatest`.
    ///
    /// ```swift
    /// let summary = Infallible.combineLatest(a, b, c, d, e) { [$0, $1, $2, $3, $4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of five sequences; see `Observable.zip`.
    ///
    /// ```swift
    /// let rows = Infallible.zip(a, b, c, d, e) { [$0, $1, $2, $3, $4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest elements of five sequences whenever any sends
    /// one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(a, b, c, d, e)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable()))
    }

    /// Sends tuples of the n-th elements of five sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c, d, e)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable()))
    }
}

// MARK: - 6 sources

extension Infallible {
    /// Combines the latest elements of six sequences whenever any sends one, once
    /// all have; see `Observable.combineLatest`.
    ///
    /// ```swift
    /// let summary = Infallible.combineLatest(a, b, c, d, e, f) { [$0, $1, $2, $3, $4, $5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of six sequences; see `Observable.zip`.
    ///
    /// ```swift
    /// let rows = Infallible.zip(a, b, c, d, e, f) { [$0, $1, $2, $3, $4, $5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest elements of six sequences whenever any sends
    /// one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(a, b, c, d, e, f)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable()))
    }

    /// Sends tuples of the n-th elements of six sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c, d, e, f)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable()))
    }
}

// MARK: - 7 sources

extension Infallible {
    /// Combines the latest elements of seven sequences whenever any sends one, once
    /// all have; see `Observable.combineLatest`.
    ///
    /// ```swift
    /// let summary = Infallible.combineLatest(a, b, c, d, e, f, g) { [$0, $1, $2, $3, $4, $5, $6] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of seven sequences; see `Observable.zip`.
    ///
    /// ```swift
    /// let rows = Infallible.zip(a, b, c, d, e, f, g) { [$0, $1, $2, $3, $4, $5, $6] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest elements of seven sequences whenever any sends
    /// one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(a, b, c, d, e, f, g)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }

    /// Sends tuples of the n-th elements of seven sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c, d, e, f, g)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable()))
    }
}

// MARK: - 8 sources

extension Infallible {
    /// Combines the latest elements of eight sequences whenever any sends one, once
    /// all have; see `Observable.combineLatest`.
    ///
    /// ```swift
    /// let summary = Infallible.combineLatest(a, b, c, d, e, f, g, h) { [$0, $1, $2, $3, $4, $5, $6, $7] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - source8: The eighth sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7, _ source8: I8,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of eight sequences; see `Observable.zip`.
    ///
    /// ```swift
    /// let rows = Infallible.zip(a, b, c, d, e, f, g, h) { [$0, $1, $2, $3, $4, $5, $6, $7] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - source8: The eighth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7, _ source8: I8,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector))
    }
}

extension Infallible where Element == Any {
    /// Sends a tuple of the latest elements of eight sequences whenever any sends
    /// one, once all have.
    ///
    /// ```swift
    /// Infallible.combineLatest(a, b, c, d, e, f, g, h)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - source8: The eighth sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7, _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }

    /// Sends tuples of the n-th elements of eight sequences.
    ///
    /// ```swift
    /// Infallible.zip(a, b, c, d, e, f, g, h)
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    ///   - source7: The seventh sequence.
    ///   - source8: The eighth sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7, _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()))
    }
}
