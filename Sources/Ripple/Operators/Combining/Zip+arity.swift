// The fixed-arity forms of `zip` (two to eight sources), generated from one template:
// every arity is a thin subclass of `ZipSink` (Zip.swift) with a typed queue per source.

// MARK: - 2 sources

extension ObservableType {
    /// Pairs up the elements of two sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when both sequences have completed; an error from either of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a------|
    /// source2: ---2-b----|
    /// result:  ---A-B----|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2)`, `B` is `resultSelector(a, b)`.)
    ///
    /// ```swift
    /// let labelled = Observable.zip(names, scores) { "\($0): \($1)" }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        Zip2(source1: source1.asObservable(), source2: source2.asObservable(), resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Pairs up the elements of two sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a------|
    /// source2: ---2-b----|
    /// result:  ---A-B----|
    /// ```
    ///
    /// (`A` is `(1, 2)`, `B` is `(a, b)`.)
    ///
    /// ```swift
    /// Observable.zip(questions, answers)
    ///     .subscribe(onNext: { question, answer in quiz.add(question, answer) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Zip2(source1: source1.asObservable(), source2: source2.asObservable(), resultSelector: { ($0, $1) })
    }
}

final private class Zip2<E1, E2, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let resultSelector: (E1, E2) throws -> Result

    init(source1: Observable<E1>, source2: Observable<E2>, resultSelector: @escaping (E1, E2) throws -> Result) {
        self.source1 = source1
        self.source2 = source2
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink2<E1, E2, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink2<E1, E2, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()

    init(resultSelector: @escaping (E1, E2) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 2, completesWhenStarved: false, observer: observer, cancel: cancel)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        return Disposables.create(subscription1, subscription2)
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1)
    }
}

// MARK: - 3 sources

extension ObservableType {
    /// Pairs up the elements of three sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all three sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a----------|
    /// source2: ---2---b------|
    /// source3: -----3---c-----|
    /// result:  -----A---B-----|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3)`, `B` is `resultSelector(a, b, c)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3) { [$0, $1, $2] }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - resultSelector: Makes a result from one element of each sequence.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        Zip3(source1: source1.asObservable(), source2: source2.asObservable(), source3: source3.asObservable(), resultSelector: resultSelector)
    }
}

extension ObservableType where Element == Any {
    /// Pairs up the elements of three sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a----------|
    /// source2: ---2---b------|
    /// source3: -----3---c-----|
    /// result:  -----A---B-----|
    /// ```
    ///
    /// (`A` is `(1, 2, 3)`, `B` is `(a, b, c)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3)
    ///     .subscribe(onNext: { v1, v2, v3 in print(v1, v2, v3) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Zip3(source1: source1.asObservable(), source2: source2.asObservable(), source3: source3.asObservable(), resultSelector: { ($0, $1, $2) })
    }
}

final private class Zip3<E1, E2, E3, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let resultSelector: (E1, E2, E3) throws -> Result

    init(source1: Observable<E1>, source2: Observable<E2>, source3: Observable<E3>, resultSelector: @escaping (E1, E2, E3) throws -> Result) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink3<E1, E2, E3, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink3<E1, E2, E3, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()

    init(resultSelector: @escaping (E1, E2, E3) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 3, completesWhenStarved: false, observer: observer, cancel: cancel)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        return Disposables.create([subscription1, subscription2, subscription3])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1)
    }
}

// MARK: - 4 sources

extension ObservableType {
    /// Pairs up the elements of four sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all four sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a--------------|
    /// source2: ---2-----b--------|
    /// source3: -----3-----c-------|
    /// source4: -------4-----d------|
    /// result:  -------A-----B------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4)`, `B` is `resultSelector(a, b, c, d)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3, s4) { [$0, $1, $2, $3] }
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        Zip4(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            resultSelector: resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Pairs up the elements of four sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a--------------|
    /// source2: ---2-----b--------|
    /// source3: -----3-----c-------|
    /// source4: -------4-----d------|
    /// result:  -------A-----B------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4)`, `B` is `(a, b, c, d)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3, s4)
    ///     .subscribe(onNext: { v1, v2, v3, v4 in print(v1, v2, v3, v4) })
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first sequence.
    ///   - source2: The second sequence.
    ///   - source3: The third sequence.
    ///   - source4: The fourth sequence.
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Zip4(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            resultSelector: { ($0, $1, $2, $3) }
        )
    }
}

final private class Zip4<E1, E2, E3, E4, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let resultSelector: (E1, E2, E3, E4) throws -> Result

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Result
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink4<E1, E2, E3, E4, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink4<E1, E2, E3, E4, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3, E4) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()
    private let queue4 = RingQueue<E4>()

    init(resultSelector: @escaping (E1, E2, E3, E4) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 4, completesWhenStarved: false, observer: observer, cancel: cancel)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        let subscription4 = subscribe(source4, index: 3, queue: queue4)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue(), queue4.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1) + (queue4.isEmpty ? 0 : 1)
    }
}

// MARK: - 5 sources

extension ObservableType {
    /// Pairs up the elements of five sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all five sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a------------------|
    /// source2: ---2-------b----------|
    /// source3: -----3-------c---------|
    /// source4: -------4-------d--------|
    /// source5: ---------5-------e-------|
    /// result:  ---------A-------B-------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5)`, `B` is `resultSelector(a, b, c, d, e)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3, s4, s5) { [$0, $1, $2, $3, $4] }
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        Zip5(
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
    /// Pairs up the elements of five sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a------------------|
    /// source2: ---2-------b----------|
    /// source3: -----3-------c---------|
    /// source4: -------4-------d--------|
    /// source5: ---------5-------e-------|
    /// result:  ---------A-------B-------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5)`, `B` is `(a, b, c, d, e)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3, s4, s5)
    ///     .subscribe(onNext: { v1, v2, v3, v4, v5 in print(v1, v2, v3, v4, v5) })
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        Zip5(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            resultSelector: { ($0, $1, $2, $3, $4) }
        )
    }
}

final private class Zip5<E1, E2, E3, E4, E5, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let resultSelector: (E1, E2, E3, E4, E5) throws -> Result

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.source5 = source5
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink5<E1, E2, E3, E4, E5, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink5<E1, E2, E3, E4, E5, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3, E4, E5) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()
    private let queue4 = RingQueue<E4>()
    private let queue5 = RingQueue<E5>()

    init(resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 5, completesWhenStarved: false, observer: observer, cancel: cancel)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        let subscription4 = subscribe(source4, index: 3, queue: queue4)
        let subscription5 = subscribe(source5, index: 4, queue: queue5)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue(), queue4.dequeue(), queue5.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1) + (queue4.isEmpty ? 0 : 1) + (queue5.isEmpty ? 0 : 1)
    }
}

// MARK: - 6 sources

extension ObservableType {
    /// Pairs up the elements of six sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all six sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a----------------------|
    /// source2: ---2---------b------------|
    /// source3: -----3---------c-----------|
    /// source4: -------4---------d----------|
    /// source5: ---------5---------e---------|
    /// source6: -----------6---------f--------|
    /// result:  -----------A---------B--------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6)`, `B` is `resultSelector(a, b, c, d, e, f)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3, s4, s5, s6) { [$0, $1, $2, $3, $4, $5] }
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        Zip6(
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
    /// Pairs up the elements of six sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a----------------------|
    /// source2: ---2---------b------------|
    /// source3: -----3---------c-----------|
    /// source4: -------4---------d----------|
    /// source5: ---------5---------e---------|
    /// source6: -----------6---------f--------|
    /// result:  -----------A---------B--------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6)`, `B` is `(a, b, c, d, e, f)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3, s4, s5, s6)
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
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        Zip6(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            resultSelector: { ($0, $1, $2, $3, $4, $5) }
        )
    }
}

final private class Zip6<E1, E2, E3, E4, E5, E6, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    let resultSelector: (E1, E2, E3, E4, E5, E6) throws -> Result

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result
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
        let sink = ZipSink6<E1, E2, E3, E4, E5, E6, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink6<E1, E2, E3, E4, E5, E6, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3, E4, E5, E6) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()
    private let queue4 = RingQueue<E4>()
    private let queue5 = RingQueue<E5>()
    private let queue6 = RingQueue<E6>()

    init(resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 6, completesWhenStarved: false, observer: observer, cancel: cancel)
    }

    func run(
        _ source1: Observable<E1>,
        _ source2: Observable<E2>,
        _ source3: Observable<E3>,
        _ source4: Observable<E4>,
        _ source5: Observable<E5>,
        _ source6: Observable<E6>
    ) -> Disposable {
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        let subscription4 = subscribe(source4, index: 3, queue: queue4)
        let subscription5 = subscribe(source5, index: 4, queue: queue5)
        let subscription6 = subscribe(source6, index: 5, queue: queue6)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue(), queue4.dequeue(), queue5.dequeue(), queue6.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1) + (queue4.isEmpty ? 0 : 1) + (queue5.isEmpty ? 0 : 1) + (queue6.isEmpty ? 0 : 1)
    }
}

// MARK: - 7 sources

extension ObservableType {
    /// Pairs up the elements of seven sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all seven sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a--------------------------|
    /// source2: ---2-----------b--------------|
    /// source3: -----3-----------c-------------|
    /// source4: -------4-----------d------------|
    /// source5: ---------5-----------e-----------|
    /// source6: -----------6-----------f----------|
    /// source7: -------------7-----------g---------|
    /// result:  -------------A-----------B---------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6, 7)`, `B` is `resultSelector(a, b, c, d, e, f, g)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3, s4, s5, s6, s7) { [$0, $1, $2, $3, $4, $5, $6] }
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        Zip7(
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
    /// Pairs up the elements of seven sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a--------------------------|
    /// source2: ---2-----------b--------------|
    /// source3: -----3-----------c-------------|
    /// source4: -------4-----------d------------|
    /// source5: ---------5-----------e-----------|
    /// source6: -----------6-----------f----------|
    /// source7: -------------7-----------g---------|
    /// result:  -------------A-----------B---------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6, 7)`, `B` is `(a, b, c, d, e, f, g)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3, s4, s5, s6, s7)
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
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        Zip7(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6) }
        )
    }
}

final private class Zip7<E1, E2, E3, E4, E5, E6, E7, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    let source7: Observable<E7>
    let resultSelector: (E1, E2, E3, E4, E5, E6, E7) throws -> Result

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        source7: Observable<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result
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
        let sink = ZipSink7<E1, E2, E3, E4, E5, E6, E7, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6, source7)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink7<E1, E2, E3, E4, E5, E6, E7, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3, E4, E5, E6, E7) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()
    private let queue4 = RingQueue<E4>()
    private let queue5 = RingQueue<E5>()
    private let queue6 = RingQueue<E6>()
    private let queue7 = RingQueue<E7>()

    init(resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 7, completesWhenStarved: false, observer: observer, cancel: cancel)
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
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        let subscription4 = subscribe(source4, index: 3, queue: queue4)
        let subscription5 = subscribe(source5, index: 4, queue: queue5)
        let subscription6 = subscribe(source6, index: 5, queue: queue6)
        let subscription7 = subscribe(source7, index: 6, queue: queue7)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6, subscription7])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue(), queue4.dequeue(), queue5.dequeue(), queue6.dequeue(), queue7.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1) + (queue4.isEmpty ? 0 : 1) + (queue5.isEmpty ? 0 : 1) + (queue6.isEmpty ? 0 : 1) + (queue7.isEmpty ? 0 : 1)
    }
}

// MARK: - 8 sources

extension ObservableType {
    /// Pairs up the elements of eight sequences by index (the first of each, then the second
    /// of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when all eight sequences have completed; an error from any of them, or from
    /// `resultSelector`, ends it at once.
    ///
    /// ```
    /// source1: -1a------------------------------|
    /// source2: ---2-------------b----------------|
    /// source3: -----3-------------c---------------|
    /// source4: -------4-------------d--------------|
    /// source5: ---------5-------------e-------------|
    /// source6: -----------6-------------f------------|
    /// source7: -------------7-------------g-----------|
    /// source8: ---------------8-------------h----------|
    /// result:  ---------------A-------------B----------|
    /// ```
    ///
    /// (`A` is `resultSelector(1, 2, 3, 4, 5, 6, 7, 8)`, `B` is `resultSelector(a, b, c, d, e, f, g, h)`.)
    ///
    /// ```swift
    /// let rows = Observable.zip(s1, s2, s3, s4, s5, s6, s7, s8) { [$0, $1, $2, $3, $4, $5, $6, $7] }
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
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        Zip8(
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
    /// Pairs up the elements of eight sequences by index and sends each group as a tuple.
    ///
    /// Completion and errors are those of the form with a `resultSelector`.
    ///
    /// ```
    /// source1: -1a------------------------------|
    /// source2: ---2-------------b----------------|
    /// source3: -----3-------------c---------------|
    /// source4: -------4-------------d--------------|
    /// source5: ---------5-------------e-------------|
    /// source6: -----------6-------------f------------|
    /// source7: -------------7-------------g-----------|
    /// source8: ---------------8-------------h----------|
    /// result:  ---------------A-------------B----------|
    /// ```
    ///
    /// (`A` is `(1, 2, 3, 4, 5, 6, 7, 8)`, `B` is `(a, b, c, d, e, f, g, h)`.)
    ///
    /// ```swift
    /// Observable.zip(s1, s2, s3, s4, s5, s6, s7, s8)
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
    /// - Returns: A sequence of tuples, one for each set of elements with the same
    ///   index in every source.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        Zip8(
            source1: source1.asObservable(),
            source2: source2.asObservable(),
            source3: source3.asObservable(),
            source4: source4.asObservable(),
            source5: source5.asObservable(),
            source6: source6.asObservable(),
            source7: source7.asObservable(),
            source8: source8.asObservable(),
            resultSelector: { ($0, $1, $2, $3, $4, $5, $6, $7) }
        )
    }
}

final private class Zip8<E1, E2, E3, E4, E5, E6, E7, E8, Result>: Producer<Result> {
    let source1: Observable<E1>
    let source2: Observable<E2>
    let source3: Observable<E3>
    let source4: Observable<E4>
    let source5: Observable<E5>
    let source6: Observable<E6>
    let source7: Observable<E7>
    let source8: Observable<E8>
    let resultSelector: (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result

    init(
        source1: Observable<E1>,
        source2: Observable<E2>,
        source3: Observable<E3>,
        source4: Observable<E4>,
        source5: Observable<E5>,
        source6: Observable<E6>,
        source7: Observable<E7>,
        source8: Observable<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result
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
        let sink = ZipSink8<E1, E2, E3, E4, E5, E6, E7, E8, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source1, source2, source3, source4, source5, source6, source7, source8)
        return (sink: sink, subscription: subscription)
    }
}

final private class ZipSink8<E1, E2, E3, E4, E5, E6, E7, E8, Result, Observer: ElementObserver>: ZipSink<Result, Observer>
    where Observer.Element == Result {
    private let resultSelector: (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result
    // `queueK`: source K's elements not yet zipped; used only with the right to run.
    private let queue1 = RingQueue<E1>()
    private let queue2 = RingQueue<E2>()
    private let queue3 = RingQueue<E3>()
    private let queue4 = RingQueue<E4>()
    private let queue5 = RingQueue<E5>()
    private let queue6 = RingQueue<E6>()
    private let queue7 = RingQueue<E7>()
    private let queue8 = RingQueue<E8>()

    init(resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(arity: 8, completesWhenStarved: false, observer: observer, cancel: cancel)
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
        let subscription1 = subscribe(source1, index: 0, queue: queue1)
        let subscription2 = subscribe(source2, index: 1, queue: queue2)
        let subscription3 = subscribe(source3, index: 2, queue: queue3)
        let subscription4 = subscribe(source4, index: 3, queue: queue4)
        let subscription5 = subscribe(source5, index: 4, queue: queue5)
        let subscription6 = subscribe(source6, index: 5, queue: queue6)
        let subscription7 = subscribe(source7, index: 6, queue: queue7)
        let subscription8 = subscribe(source8, index: 7, queue: queue8)
        return Disposables.create([subscription1, subscription2, subscription3, subscription4, subscription5, subscription6, subscription7, subscription8])
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(queue1.dequeue(), queue2.dequeue(), queue3.dequeue(), queue4.dequeue(), queue5.dequeue(), queue6.dequeue(), queue7.dequeue(), queue8.dequeue())
    }

    override func countNonEmptyQueues() -> Int {
        (queue1.isEmpty ? 0 : 1) + (queue2.isEmpty ? 0 : 1) + (queue3.isEmpty ? 0 : 1) + (queue4.isEmpty ? 0 : 1) + (queue5.isEmpty ? 0 : 1) + (queue6.isEmpty ? 0 : 1) + (queue7.isEmpty ? 0 : 1) + (queue8.isEmpty ? 0 : 1)
    }
}
