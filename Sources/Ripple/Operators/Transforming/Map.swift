extension ObservableType {
    /// Sends each element transformed by `transform`.
    ///
    /// If `transform` throws, the sequence ends with that error and the source is
    /// unsubscribed.
    ///
    /// ```
    /// source:           -1--2--3--|
    /// map { $0 * 10 }:  -10-20-30-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3)
    ///     .map { "#\($0)" }
    ///     .subscribe(onNext: { print($0) })   // #1, #2, #3
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it
    ///     is isolated to one (elements sent elsewhere hop there first), otherwise on the
    ///     thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the results of `transform`.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result, isolation: (any Actor)? = #isolation) -> Observable<Result> {
        let source = delivering(to: isolation)
        let stage = mapStage(transform)
        if fastPathsAreOn, let fusible = source as? FusibleProducer<Element>, let fused = fusible.fused(withMap: transform, stage: stage) {
            return fused.deliveringOnMainActor(if: isolation)
        }
        return Map(source: source, transform: transform, stage: stage).deliveringOnMainActor(if: isolation)
    }
}

/// One `map`; followed by another `map`, `filter` or `compactMap` it fuses with it (see
/// `FastPaths/Fusion.swift`). `@usableFromInline` for the inlinable `map`.
@usableFromInline
final class Map<Source, Result>: SingleStageProducer<Source, Result> {
    private let transform: (Source) throws -> Result

    @usableFromInline
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result, stage: FusedStage) {
        self.transform = transform
        super.init(source: source, stage: stage, name: "map")
    }

    /// `map` then `filter` with nothing fusible before: one `MapFilterSink` calls both
    /// closures.
    override func fused(withFilter predicate: @escaping (Result) throws -> Bool, stage: FusedStage) -> Observable<Result>? {
        if let run: Observable<Result> = fused(with: stage, named: "filter") {
            return run
        }
        return MapFilterProducer(source: source, transform: transform, after: predicate, stages: [self.stage, stage])
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        subscribing(MapSink<Source, Result, Observer>(transform: transform, observer: observer, cancel: cancel), to: source)
    }
}

/// Transforms each element on the element road: no `Event` is built or switched over
/// per element, and nothing is allocated.
///
/// `Result` repeats `Observer.Element` as a generic parameter of its own: unspecialised
/// generic code finds a class's generic parameters in its metadata, but looks an
/// associated type up in the runtime's cache on every call, so this saves a lookup per
/// element.
final private class MapSink<Source, Result, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == Result {
    typealias Element = Source

    private let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    // Always inlined: upstream calls it through the `ElementObserver` witness table,
    // and inlined into that witness it costs no second call per element.
    @inline(__always)
    func on(next element: Source) {
        do {
            let result = try transform(element)
            forwardOn(next: result)
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
