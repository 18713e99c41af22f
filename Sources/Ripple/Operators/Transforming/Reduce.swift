extension ObservableType {
    /// Folds every element into an accumulated value starting from `seed`, and when the
    /// source completes sends `mapResult` of the final value, then completes.
    ///
    /// An empty source gives `mapResult(seed)`. If `accumulator` or `mapResult` throws,
    /// the sequence ends with that error. For every intermediate value, see
    /// ``scan(_:accumulator:isolation:)``.
    ///
    /// ```
    /// source:                                   -1-2-3-4-|
    /// reduce(0, accumulator: +, mapResult: f):  ---------(f(10)|)
    /// ```
    ///
    /// (`(f(10)|)`: the element and the completion at the same instant.)
    ///
    /// ```swift
    /// Observable.of(3, 4, 5)
    ///     .reduce(0, accumulator: +, mapResult: { Double($0) / 3 })
    ///     .subscribe(onNext: { print($0) })   // 4.0
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Combines the accumulated value with one element: on the actor it
    ///     was written on if it is isolated to one (events sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - mapResult: Turns the final accumulated value into the result, on completion:
    ///     where `accumulator` runs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with `mapResult`'s result for the final accumulated value,
    ///   sent on completion.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Result> {
        Reduce(source: delivering(to: isolation), seed: seed, accumulator: accumulator, mapResult: mapResult)
            .deliveringOnMainActor(if: isolation)
    }

    /// Folds every element into an accumulated value starting from `seed`, and when the
    /// source completes sends the final value, then completes.
    ///
    /// An empty source gives `seed`. If `accumulator` throws, the sequence ends with
    /// that error. For every intermediate value, see ``scan(_:accumulator:isolation:)``.
    ///
    /// ```
    /// source:                     -1-2-3-4-|
    /// reduce(0, accumulator: +):  ---------(10|)
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4)
    ///     .reduce(0, accumulator: +)
    ///     .subscribe(onNext: { print($0) })   // 10
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Combines the accumulated value with one element: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the final accumulated value, sent on completion.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A, isolation: (any Actor)? = #isolation) -> Observable<A> {
        Reduce(source: delivering(to: isolation), seed: seed, accumulator: accumulator, mapResult: { $0 })
            .deliveringOnMainActor(if: isolation)
    }
}

final private class Reduce<Source, Accumulate, Result>: Producer<Result> {
    typealias Accumulator = (Accumulate, Source) throws -> Accumulate
    typealias MapResult = (Accumulate) throws -> Result

    private let source: Observable<Source>
    private let seed: Accumulate
    private let accumulator: Accumulator
    private let mapResult: MapResult

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping MapResult) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        subscribing(ReduceSink<Source, Accumulate, Observer>(seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer, cancel: cancel), to: source)
    }
}

/// Folds one subscription's elements on the element road; sends only at completion.
final private class ReduceSink<Source, Accumulate, Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Source

    private let accumulator: (Accumulate, Source) throws -> Accumulate
    private let mapResult: (Accumulate) throws -> Observer.Element
    // Touched only by the upstream's events, which the grammar serialises.
    private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (Accumulate, Source) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Observer.Element,
        observer: Observer,
        cancel: SinkDisposer
    ) {
        self.accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Source) {
        do {
            accumulated = try accumulator(accumulated, element)
        } catch {
            forwardErrorAndDispose(error)
        }
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        let result: Observer.Element
        do {
            result = try mapResult(accumulated)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardOn(next: result)
        forwardCompletedAndDispose()
    }
}
