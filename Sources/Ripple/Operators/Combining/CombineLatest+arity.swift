// The fixed-arity forms of `combineLatest` (two to eight sources), generated from one
// template: every arity is a thin subclass of `CombineLatestSink` (CombineLatest.swift)
// with a typed slot per source for its latest element.

// MARK: - 2 sources

extension ObservableType {
    /// Combines the latest elements of two sequences with `resultSelector` whenever either
    /// of them sends an element, once both have sent one.
    ///
    /// The result completes when both have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1---9--|
    /// source2: ---2-----|
    /// result:  ---A-B---|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2)`, `B` is `resultSelector(9, 2)`.)
    ///
    /// ```swift
    /// let area = Observable.combineLatest(width, height) { $0 * $1 }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest2(source1: source1.asObservable(), source2: source2.asObservable(), resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of two sequences whenever either of them sends
    /// an element, once both have sent one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1---9--|
    /// source2: ---2-----|
    /// result:  ---A-B---|
    /// ```
    ///
    /// (`A` is `(1, 2)`, `B` is `(9, 2)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(username, password)
    ///     .subscribe(onNext: { name, secret in form.validate(name, secret) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        CombineLatest2(source1: source1.asObservable(), source2: source2.asObservable(), resultSelector: nil)
    }
}

final private class CombineLatest2<E1, E2, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2) throws -> Result)?

    init(source1: Observable<E1>, source2: Observable<E2>, resultSelector: ((E1, E2) throws -> Result)?) {
        self.source1 = source1
        self.source2 = source2
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink2<E1, E2, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink2<E1, E2, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>

    init(resultSelector: ((E1, E2) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        super.init(arity: 2, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        return Disposables.create(subscription1, subscription2)
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee)
    }
}

// MARK: - 3 sources

extension ObservableType {
    /// Combines the latest elements of three sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all three have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1-----9--|
    /// source2: ---2-------|
    /// source3: -----3------|
    /// result:  -----A-B----|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3)`, `B` is `resultSelector(9, 2, 3)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3) { "\([$0, $1, $2])" }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - resultSelector: Makes a result from the latest element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest3(source1: source1.asObservable(), source2: source2.asObservable(), source3: source3.asObservable(), resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of three sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1-----9--|
    /// source2: ---2-------|
    /// source3: -----3------|
    /// result:  -----A-B----|
    /// ```
    ///
    /// (`A` is `(1, 2, 3)`, `B` is `(9, 2, 3)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3)
    ///     .subscribe(onNext: { v1, v2, v3 in print(v1, v2, v3) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        CombineLatest3(source1: source1.asObservable(), source2: source2.asObservable(), source3: source3.asObservable(), resultSelector: nil)
    }
}

final private class CombineLatest3<E1, E2, E3, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3) throws -> Result)?

    init(source1: Observable<E1>, source2: Observable<E2>, source3: Observable<E3>, resultSelector: ((E1, E2, E3) throws -> Result)?) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink3<E1, E2, E3, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink3<E1, E2, E3, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>

    init(resultSelector: ((E1, E2, E3) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        super.init(arity: 3, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        return Disposables.create([subscription1, subscription2, subscription3])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee)
    }
}

// MARK: - 4 sources

extension ObservableType {
    /// Combines the latest elements of four sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all four have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1-------9--|
    /// source2: ---2---------|
    /// source3: -----3--------|
    /// source4: -------4-------|
    /// result:  -------A-B-----|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4)`, `B` is `resultSelector(9, 2, 3, 4)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3, s4) { "\([$0, $1, $2, $3])" }
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest4(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of four sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1-------9--|
    /// source2: ---2---------|
    /// source3: -----3--------|
    /// source4: -------4-------|
    /// result:  -------A-B-----|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4)`, `B` is `(9, 2, 3, 4)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3, s4)
    ///     .subscribe(onNext: { v1, v2, v3, v4 in print(v1, v2, v3, v4) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A sequence of tuples of the latest elements, one each time any
    ///   source sends an element once all have sent one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        CombineLatest4(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            resultSelector: nil
        )
    }
}

final private class CombineLatest4<E1, E2, E3, E4, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3, E4) throws -> Result)?

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        resultSelector: ((E1, E2, E3, E4) throws -> Result)?
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink4<E1, E2, E3, E4, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink4<E1, E2, E3, E4, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3, E4) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>
    private let latest4: UnsafeMutablePointer<E4>

    init(resultSelector: ((E1, E2, E3, E4) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        latest4 = slots.next()
        super.init(arity: 4, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
        releaseSlot(latest4, index: 3)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        let subscription4 = subscribe(source4, index: 3, latest: latest4)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee, latest4.pointee)
    }
}

// MARK: - 5 sources

extension ObservableType {
    /// Combines the latest elements of five sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all five have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1---------9--|
    /// source2: ---2-----------|
    /// source3: -----3----------|
    /// source4: -------4---------|
    /// source5: ---------5--------|
    /// result:  ---------A-B------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5)`, `B` is `resultSelector(9, 2, 3, 4, 5)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3, s4, s5) { "\([$0, $1, $2, $3, $4])" }
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest5(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of five sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1---------9--|
    /// source2: ---2-----------|
    /// source3: -----3----------|
    /// source4: -------4---------|
    /// source5: ---------5--------|
    /// result:  ---------A-B------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5)`, `B` is `(9, 2, 3, 4, 5)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3, s4, s5)
    ///     .subscribe(onNext: { v1, v2, v3, v4, v5 in print(v1, v2, v3, v4, v5) })
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        CombineLatest5(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            resultSelector: nil
        )
    }
}

final private class CombineLatest5<E1, E2, E3, E4, E5, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3, E4, E5) throws -> Result)?

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        resultSelector: ((E1, E2, E3, E4, E5) throws -> Result)?
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.source5 = source5
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink5<E1, E2, E3, E4, E5, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink5<E1, E2, E3, E4, E5, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3, E4, E5) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>
    private let latest4: UnsafeMutablePointer<E4>
    private let latest5: UnsafeMutablePointer<E5>

    init(resultSelector: ((E1, E2, E3, E4, E5) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        latest4 = slots.next()
        latest5 = slots.next()
        super.init(arity: 5, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
        releaseSlot(latest4, index: 3)
        releaseSlot(latest5, index: 4)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        let subscription4 = subscribe(source4, index: 3, latest: latest4)
        let subscription5 = subscribe(source5, index: 4, latest: latest5)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee, latest4.pointee, latest5.pointee)
    }
}

// MARK: - 6 sources

extension ObservableType {
    /// Combines the latest elements of six sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all six have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1-----------9--|
    /// source2: ---2-------------|
    /// source3: -----3------------|
    /// source4: -------4-----------|
    /// source5: ---------5----------|
    /// source6: -----------6---------|
    /// result:  -----------A-B-------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6)`, `B` is `resultSelector(9, 2, 3, 4, 5, 6)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3, s4, s5, s6) { "\([$0, $1, $2, $3, $4, $5])" }
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest6(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of six sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1-----------9--|
    /// source2: ---2-------------|
    /// source3: -----3------------|
    /// source4: -------4-----------|
    /// source5: ---------5----------|
    /// source6: -----------6---------|
    /// result:  -----------A-B-------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6)`, `B` is `(9, 2, 3, 4, 5, 6)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3, s4, s5, s6)
    ///     .subscribe(onNext: { v1, v2, v3, v4, v5, v6 in print(v1, v2, v3, v4, v5, v6) })
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        CombineLatest6(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            resultSelector: nil
        )
    }
}

final private class CombineLatest6<E1, E2, E3, E4, E5, E6, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3, E4, E5, E6) throws -> Result)?

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        resultSelector: ((E1, E2, E3, E4, E5, E6) throws -> Result)?
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.source5 = source5
        self.source6 = source6
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink6<E1, E2, E3, E4, E5, E6, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink6<E1, E2, E3, E4, E5, E6, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3, E4, E5, E6) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>
    private let latest4: UnsafeMutablePointer<E4>
    private let latest5: UnsafeMutablePointer<E5>
    private let latest6: UnsafeMutablePointer<E6>

    init(resultSelector: ((E1, E2, E3, E4, E5, E6) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        latest4 = slots.next()
        latest5 = slots.next()
        latest6 = slots.next()
        super.init(arity: 6, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
        releaseSlot(latest4, index: 3)
        releaseSlot(latest5, index: 4)
        releaseSlot(latest6, index: 5)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>,
        _ source6: Observable<E6>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        let subscription4 = subscribe(source4, index: 3, latest: latest4)
        let subscription5 = subscribe(source5, index: 4, latest: latest5)
        let subscription6 = subscribe(source6, index: 5, latest: latest6)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee, latest4.pointee, latest5.pointee, latest6.pointee)
    }
}

// MARK: - 7 sources

extension ObservableType {
    /// Combines the latest elements of seven sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all seven have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1-------------9--|
    /// source2: ---2---------------|
    /// source3: -----3--------------|
    /// source4: -------4-------------|
    /// source5: ---------5------------|
    /// source6: -----------6-----------|
    /// source7: -------------7----------|
    /// result:  -------------A-B--------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6, 7)`, `B` is `resultSelector(9, 2, 3, 4, 5, 6, 7)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3, s4, s5, s6, s7) { "\([$0, $1, $2, $3, $4, $5, $6])" }
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest7(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of seven sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1-------------9--|
    /// source2: ---2---------------|
    /// source3: -----3--------------|
    /// source4: -------4-------------|
    /// source5: ---------5------------|
    /// source6: -----------6-----------|
    /// source7: -------------7----------|
    /// result:  -------------A-B--------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6, 7)`, `B` is `(9, 2, 3, 4, 5, 6, 7)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3, s4, s5, s6, s7)
    ///     .subscribe(onNext: { v1, v2, v3, v4, v5, v6, v7 in print(v1, v2, v3, v4, v5, v6, v7) })
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        CombineLatest7(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            resultSelector: nil
        )
    }
}

final private class CombineLatest7<E1, E2, E3, E4, E5, E6, E7, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    let source7: Observable<E7>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3, E4, E5, E6, E7) throws -> Result)?

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        source7: Observable<E7>,
        resultSelector: ((E1, E2, E3, E4, E5, E6, E7) throws -> Result)?
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.source5 = source5
        self.source6 = source6
        self.source7 = source7
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink7<E1, E2, E3, E4, E5, E6, E7, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6, source7)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink7<E1, E2, E3, E4, E5, E6, E7, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3, E4, E5, E6, E7) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>
    private let latest4: UnsafeMutablePointer<E4>
    private let latest5: UnsafeMutablePointer<E5>
    private let latest6: UnsafeMutablePointer<E6>
    private let latest7: UnsafeMutablePointer<E7>

    init(resultSelector: ((E1, E2, E3, E4, E5, E6, E7) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        latest4 = slots.next()
        latest5 = slots.next()
        latest6 = slots.next()
        latest7 = slots.next()
        super.init(arity: 7, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
        releaseSlot(latest4, index: 3)
        releaseSlot(latest5, index: 4)
        releaseSlot(latest6, index: 5)
        releaseSlot(latest7, index: 6)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>,
        _ source6: Observable<E6>,
        _ source7: Observable<E7>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        let subscription4 = subscribe(source4, index: 3, latest: latest4)
        let subscription5 = subscribe(source5, index: 4, latest: latest5)
        let subscription6 = subscribe(source6, index: 5, latest: latest6)
        let subscription7 = subscribe(source7, index: 6, latest: latest7)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6, subscription7])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee, latest4.pointee, latest5.pointee, latest6.pointee, latest7.pointee)
    }
}

// MARK: - 8 sources

extension ObservableType {
    /// Combines the latest elements of eight sequences with `resultSelector` whenever any
    /// of them sends an element, once each has sent at least one.
    ///
    /// The result completes when all eight have completed, or as soon as one of them sends
    /// an element while all the others have completed and one of those never sent
    /// anything (no result can come any more). An error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1---------------9--|
    /// source2: ---2-----------------|
    /// source3: -----3----------------|
    /// source4: -------4---------------|
    /// source5: ---------5--------------|
    /// source6: -----------6-------------|
    /// source7: -------------7------------|
    /// source8: ---------------8-----------|
    /// result:  ---------------A-B---------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6, 7, 8)`, `B` is `resultSelector(9, 2, 3, 4, 5, 6, 7, 8)`.)
    ///
    /// ```swift
    /// let summary = Observable.combineLatest(s1, s2, s3, s4, s5, s6, s7, s8) { "\([$0, $1, $2, $3, $4, $5, $6, $7])" }
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest8(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            source8: source8.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Sends a tuple of the latest elements of eight sequences whenever any of them sends
    /// an element, once each has sent at least one.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1---------------9--|
    /// source2: ---2-----------------|
    /// source3: -----3----------------|
    /// source4: -------4---------------|
    /// source5: ---------5--------------|
    /// source6: -----------6-------------|
    /// source7: -------------7------------|
    /// source8: ---------------8-----------|
    /// result:  ---------------A-B---------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6, 7, 8)`, `B` is `(9, 2, 3, 4, 5, 6, 7, 8)`.)
    ///
    /// ```swift
    /// Observable.combineLatest(s1, s2, s3, s4, s5, s6, s7, s8)
    ///     .subscribe(onNext: { v1, v2, v3, v4, v5, v6, v7, v8 in print(v1, v2, v3, v4, v5, v6, v7, v8) })
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
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        CombineLatest8(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            source8: source8.asObservable(),
            resultSelector: nil
        )
    }
}

final private class CombineLatest8<E1, E2, E3, E4, E5, E6, E7, E8, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    let source7: Observable<E7>
    let source8: Observable<E8>
    /// `nil` for the tuple form (see `CombineLatestSlots`).
    let resultSelector: ((E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result)?

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        source7: Observable<E7>,
        source8: Observable<E8>,
        resultSelector: ((E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result)?
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.source5 = source5
        self.source6 = source6
        self.source7 = source7
        self.source8 = source8
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink8<E1, E2, E3, E4, E5, E6, E7, E8, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6, source7, source8)
        return (sink: sink, subscription: subscription)
    }
}

final private class CombineLatestSink8<E1, E2, E3, E4, E5, E6, E7, E8, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: ((E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result)?
    // `latestK`: source K's latest element, initialized once it has sent one; read
    // and written only with the right to run.
    private let latest1: UnsafeMutablePointer<E1>
    private let latest2: UnsafeMutablePointer<E2>
    private let latest3: UnsafeMutablePointer<E3>
    private let latest4: UnsafeMutablePointer<E4>
    private let latest5: UnsafeMutablePointer<E5>
    private let latest6: UnsafeMutablePointer<E6>
    private let latest7: UnsafeMutablePointer<E7>
    private let latest8: UnsafeMutablePointer<E8>

    init(resultSelector: ((E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result)?, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)
        latest1 = slots.next()
        latest2 = slots.next()
        latest3 = slots.next()
        latest4 = slots.next()
        latest5 = slots.next()
        latest6 = slots.next()
        latest7 = slots.next()
        latest8 = slots.next()
        super.init(arity: 8, tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)
    }

    deinit {
        releaseSlot(latest1, index: 0)
        releaseSlot(latest2, index: 1)
        releaseSlot(latest3, index: 2)
        releaseSlot(latest4, index: 3)
        releaseSlot(latest5, index: 4)
        releaseSlot(latest6, index: 5)
        releaseSlot(latest7, index: 6)
        releaseSlot(latest8, index: 7)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>,
        _ source6: Observable<E6>,
        _ source7: Observable<E7>,
        _ source8: Observable<E8>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, latest: latest1)
        let subscription2 = subscribe(source2, index: 1, latest: latest2)
        let subscription3 = subscribe(source3, index: 2, latest: latest3)
        let subscription4 = subscribe(source4, index: 3, latest: latest4)
        let subscription5 = subscribe(source5, index: 4, latest: latest5)
        let subscription6 = subscribe(source6, index: 5, latest: latest6)
        let subscription7 = subscribe(source7, index: 6, latest: latest7)
        let subscription8 = subscribe(source8, index: 7, latest: latest8)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6, subscription7, subscription8])
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector.unsafelyUnwrapped(latest1.pointee, latest2.pointee, latest3.pointee, latest4.pointee, latest5.pointee, latest6.pointee, latest7.pointee, latest8.pointee)
    }
}
