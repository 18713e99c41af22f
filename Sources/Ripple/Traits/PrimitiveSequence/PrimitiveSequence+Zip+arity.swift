
extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 2 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// zip:      --(AB|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2) { (m1, m2) in [m1, m2] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 2 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// zip:      --(AB|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2).map { (m1, m2) in [m1, m2] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 3 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// zip:      ---(ABC|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3) { (m1, m2, m3) in [m1, m2, m3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 3 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// zip:      ---(ABC|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3).map { (m1, m2, m3) in [m1, m2, m3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 4 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// zip:      ----(ABCD|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4) { (m1, m2, m3, m4) in [m1, m2, m3, m4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 4 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// zip:      ----(ABCD|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4).map { (m1, m2, m3, m4) in [m1, m2, m3, m4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 5 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// zip:      -----(ABCDE|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5) { (m1, m2, m3, m4, m5) in [m1, m2, m3, m4, m5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 5 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// zip:      -----(ABCDE|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5).map { (m1, m2, m3, m4, m5) in [m1, m2, m3, m4, m5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 6 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// zip:      ------(ABCDEF|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6) { (m1, m2, m3, m4, m5, m6) in [m1, m2, m3, m4, m5, m6] }
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
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 6 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// zip:      ------(ABCDEF|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6).map { (m1, m2, m3, m4, m5, m6) in [m1, m2, m3, m4, m5, m6] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 7 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// zip:      -------(ABCDEFG|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6, m7) { (m1, m2, m3, m4, m5, m6, m7) in [m1, m2, m3, m4, m5, m6, m7] }
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
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 7 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// zip:      -------(ABCDEFG|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6, m7).map { (m1, m2, m3, m4, m5, m6, m7) in [m1, m2, m3, m4, m5, m6, m7] }
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
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for all 8 Singles and combines their elements with `resultSelector`;
    /// the first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// source8:  --------(h|)
    /// zip:      --------(ABCDEFGH|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6, m7, m8) { (m1, m2, m3, m4, m5, m6, m7, m8) in [m1, m2, m3, m4, m5, m6, m7, m8] }
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
    /// - Returns: A Single that succeeds with `resultSelector`'s result once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for all 8 Singles and succeeds with their elements as a tuple; the
    /// first error ends the result.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// source8:  --------(h|)
    /// zip:      --------(ABCDEFGH|)
    /// ```
    ///
    /// ```swift
    /// Single.zip(m1, m2, m3, m4, m5, m6, m7, m8).map { (m1, m2, m3, m4, m5, m6, m7, m8) in [m1, m2, m3, m4, m5, m6, m7, m8] }
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
    /// - Returns: A Single that succeeds with a tuple of the sources' elements once every source has succeeded.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 2 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// zip:      --(AB|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2) { (m1, m2) in [m1, m2] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 2 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// zip:      --(AB|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2).map { (m1, m2) in [m1, m2] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 3 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// zip:      ---(ABC|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3) { (m1, m2, m3) in [m1, m2, m3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 3 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// zip:      ---(ABC|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3).map { (m1, m2, m3) in [m1, m2, m3] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 4 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// zip:      ----(ABCD|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4) { (m1, m2, m3, m4) in [m1, m2, m3, m4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 4 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// zip:      ----(ABCD|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4).map { (m1, m2, m3, m4) in [m1, m2, m3, m4] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 5 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// zip:      -----(ABCDE|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5) { (m1, m2, m3, m4, m5) in [m1, m2, m3, m4, m5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 5 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// zip:      -----(ABCDE|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5).map { (m1, m2, m3, m4, m5) in [m1, m2, m3, m4, m5] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 6 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// zip:      ------(ABCDEF|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6) { (m1, m2, m3, m4, m5, m6) in [m1, m2, m3, m4, m5, m6] }
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
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 6 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// zip:      ------(ABCDEF|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6).map { (m1, m2, m3, m4, m5, m6) in [m1, m2, m3, m4, m5, m6] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    ///   - source5: The fifth sequence.
    ///   - source6: The sixth sequence.
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 7 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// zip:      -------(ABCDEFG|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6, m7) { (m1, m2, m3, m4, m5, m6, m7) in [m1, m2, m3, m4, m5, m6, m7] }
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
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 7 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// zip:      -------(ABCDEFG|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6, m7).map { (m1, m2, m3, m4, m5, m6, m7) in [m1, m2, m3, m4, m5, m6, m7] }
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
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for all 8 Maybes and combines their elements with `resultSelector`;
    /// the first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// source8:  --------(h|)
    /// zip:      --------(ABCDEFGH|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6, m7, m8) { (m1, m2, m3, m4, m5, m6, m7, m8) in [m1, m2, m3, m4, m5, m6, m7, m8] }
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
    /// - Returns: A Maybe that succeeds with `resultSelector`'s result once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for all 8 Maybes and succeeds with their elements as a tuple; the
    /// first error ends the result.
    /// If any Maybe completes empty, the result completes empty.
    ///
    /// ```
    /// source1:  -(a|)
    /// source2:  --(b|)
    /// source3:  ---(c|)
    /// source4:  ----(d|)
    /// source5:  -----(e|)
    /// source6:  ------(f|)
    /// source7:  -------(g|)
    /// source8:  --------(h|)
    /// zip:      --------(ABCDEFGH|)
    /// ```
    ///
    /// ```swift
    /// Maybe.zip(m1, m2, m3, m4, m5, m6, m7, m8).map { (m1, m2, m3, m4, m5, m6, m7, m8) in [m1, m2, m3, m4, m5, m6, m7, m8] }
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
    /// - Returns: A Maybe that succeeds with a tuple of the sources' elements once every source has succeeded, or completes empty if any source does.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source))
    }
}
