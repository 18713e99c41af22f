extension ObservableType {
    /// Sends only the elements for which `predicate` returns `true`.
    ///
    /// Terminal events pass through unchanged. If `predicate` throws, the sequence
    /// ends with that error and the source is disposed.
    ///
    /// ```
    /// source:             -1-2-3-4-5-|
    /// filter { $0 > 2 }:  -----3-4-5-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4)
    ///     .filter { $0.isMultiple(of: 2) }
    ///     .subscribe(onNext: { print($0) })   // 2, 4
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether it is sent: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements for which `predicate` returns `true`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        let source = delivering(to: isolation)
        let stage = filterStage(predicate)
        if fastPathsAreOn, let fusible = source as? FusibleProducer<Element>, let fused = fusible.fused(withFilter: predicate, stage: stage) {
            return fused.deliveringOnMainActor(if: isolation)
        }
        return Filter(source: source, predicate: predicate, stage: stage).deliveringOnMainActor(if: isolation)
    }
}

/// One `filter`; followed by a `map`, `filter` or `compactMap` it fuses with it (see
/// `FastPaths/Fusion.swift`). `@usableFromInline` for the inlinable `filter`.
@usableFromInline
final class Filter<Element>: SingleStageProducer<Element, Element> {
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool, stage: FusedStage) {
        self.predicate = predicate
        super.init(source: source, stage: stage, name: "filter")
    }

    /// `filter` then `map` with nothing fusible before: one `FilterMapSink` calls both
    /// closures.
    override func fused<Result>(withMap transform: @escaping (Element) throws -> Result, stage: FusedStage) -> Observable<Result>? {
        if let run: Observable<Result> = fused(with: stage, named: "map") {
            return run
        }
        return MapFilterProducer(source: source, before: predicate, transform: transform, stages: [self.stage, stage])
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(FilterSink<Element, Observer>(predicate: predicate, observer: observer, cancel: cancel), to: source)
    }
}

/// Asks the predicate about each element and forwards those it accepts. The error and
/// the completion are forwarded as they come (``ForwardingSink``), and an `Event` goes
/// to the road it belongs on (``ElementObserver/on(_:)``).
///
/// `Element` is a generic parameter rather than `Observer.Element`, so unspecialised
/// code reads it from the class metadata instead of looking it up per element.
final private class FilterSink<Element, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == Element {
    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    // Always inlined: upstream calls it through the `ElementObserver` witness table,
    // and inlined into that witness it costs no second call per element.
    @inline(__always)
    func on(next element: Element) {
        do {
            if try predicate(element) {
                forwardOn(next: element)
            }
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
