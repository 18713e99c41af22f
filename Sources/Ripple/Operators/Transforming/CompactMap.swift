extension ObservableType {
    /// Sends the non-`nil` results of `transform`, dropping the elements it maps to `nil`.
    ///
    /// If `transform` throws, the sequence ends with that error and the source is
    /// unsubscribed.
    ///
    /// ```
    /// source:                 -"1"-"x"-"3"-|
    /// compactMap { Int($0) }: --1-------3--|
    /// ```
    ///
    /// ```swift
    /// Observable.of("1", "x", "3")
    ///     .compactMap { Int($0) }
    ///     .subscribe(onNext: { print($0) })   // 1, 3
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it
    ///     is isolated to one (elements sent elsewhere hop there first), otherwise on the
    ///     thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the non-`nil` results of `transform`.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation) -> Observable<Result> {
        let source = delivering(to: isolation)
        let stage = compactMapStage(transform)
        if let fused: Observable<Result> = fusing(source, with: stage, named: "compactMap") {
            return fused.deliveringOnMainActor(if: isolation)
        }
        return CompactMap(source: source, transform: transform, stage: stage).deliveringOnMainActor(if: isolation)
    }
}

/// One `compactMap`; followed by a `map`, `filter` or `compactMap` it fuses with it
/// (see `FastPaths/Fusion.swift`). `@usableFromInline` for the inlinable `compactMap`.
@usableFromInline
final class CompactMap<Source, Result>: SingleStageProducer<Source, Result> {
    private let transform: (Source) throws -> Result?

    @usableFromInline
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?, stage: FusedStage) {
        self.transform = transform
        super.init(source: source, stage: stage, name: "compactMap")
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        subscribing(CompactMapSink<Source, Observer>(transform: transform, observer: observer, cancel: cancel), to: source)
    }
}

/// Transforms each element on the element road and forwards the non-`nil` results; no
/// `Event` is built per element and nothing is allocated.
final private class CompactMapSink<Source, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Source

    private let transform: (Source) throws -> Observer.Element?

    init(transform: @escaping (Source) throws -> Observer.Element?, observer: Observer, cancel: SinkDisposer) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Source) {
        do {
            if let result = try transform(element) {
                forwardOn(next: result)
            }
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
