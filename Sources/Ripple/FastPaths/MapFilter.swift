// The fused pair `map` then `filter`, or `filter` then `map`: one producer and one sink
// that call the two closures directly.
//
// A pair of its own because a run's slot costs about the sink hop it saves: this sink
// calls both closures with their types, with one witness call and one `do`/`catch`.
//
// What must not change (`FusionTests` checks every pair against the unfused chain): as
// for a run (`Fusion.swift`); the disposed flag is checked between the two closures and
// by `forwardOn` before the observer gets the result.

/// A `map` with an optional `filter` before it or after it (one of the two, so a pair),
/// over `source`. Followed by another fusible operator it becomes a run of three stages
/// (`FusedProducer`), from `stages`.
final class MapFilterProducer<Source, Result>: FusibleProducer<Result> {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result
    /// The pair's `filter`, and on which side of the `map` it is. The sink of each
    /// order keeps its two closures as plain stored closures (never optionals: calling
    /// an optional closure goes through a conversion thunk, and a retain and a release).
    private let predicate: Predicate
    /// The same two operators as stages, for a longer run.
    private let stages: [FusedStage]

    private enum Predicate {
        /// `filter` then `map`.
        case before((Source) throws -> Bool)
        /// `map` then `filter`.
        case after((Result) throws -> Bool)
    }

    /// `filter(before)` then `map(transform)`.
    init(source: Observable<Source>, before: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result, stages: [FusedStage]) {
        self.source = source
        self.transform = transform
        predicate = .before(before)
        self.stages = stages
    }

    /// `map(transform)` then `filter(after)`.
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result, after: @escaping (Result) throws -> Bool, stages: [FusedStage]) {
        self.source = source
        self.transform = transform
        predicate = .after(after)
        self.stages = stages
    }

    /// The two operators' names, in chain order.
    private var names: [String] {
        switch predicate {
        case .before: ["filter", "map"]
        case .after: ["map", "filter"]
        }
    }

    override func fused<Next>(with stage: FusedStage, named name: String) -> Observable<Next>? {
        prepending(to: [stage], names: [name])
    }

    override func prepending<Next>(to stages: [FusedStage], names: [String]) -> Observable<Next>? {
        FusedProducer<Source, Next>(source: source, stages: self.stages + stages, names: self.names + names)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        // The order picks the sink class, so that an element does not test it.
        switch predicate {
        case .before(let predicate):
            traceRun(sink: "FilterMapSink")
            let sink = FilterMapSink<Source, Result, Observer>(predicate: predicate, transform: transform, observer: observer, cancel: cancel)
            return (sink: sink, subscription: source.subscribe(elementObserver: sink))
        case .after(let predicate):
            traceRun(sink: "MapFilterSink")
            let sink = MapFilterSink<Source, Result, Observer>(transform: transform, predicate: predicate, observer: observer, cancel: cancel)
            return (sink: sink, subscription: source.subscribe(elementObserver: sink))
        }
    }

    private func traceRun(sink: String) {
        if journeyTracingIsOn {
            JourneyTrace.step("MapFilterProducer", "run", "\(names.joined(separator: "∘")) (in chain order) fused into one sink: one \(sink) calls both closures, checking between them that the subscription is not disposed")
        }
    }
}

/// What the two pair sinks share: the `map`'s closure; the terminal events are
/// forwarded by ``ForwardingSink``. Two classes rather than one with a flag, so that an element
/// tests no flag and each sink's frame holds one temporary.
///
/// No protocol requirement on `Observer`, as on `Sink`: one would cost the process's
/// first conformance lookup (Benchmarks.md, "flatmap and the process floor").
private class PairSink<Source, Result, Observer: AnyObject>: ForwardingSink<Observer> {
    final let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Source) {
        abstractMethod()
    }
}

/// `map` then `filter`: transforms, filters and forwards each element on the element
/// road; nothing is allocated per element.
final private class MapFilterSink<Source, Result, Observer: ElementObserver>: PairSink<Source, Result, Observer>, ElementObserver where Observer.Element == Result {
    typealias Element = Source

    private let predicate: (Result) throws -> Bool

    init(transform: @escaping (Source) throws -> Result, predicate: @escaping (Result) throws -> Bool, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(transform: transform, observer: observer, cancel: cancel)
    }

    // Always inlined into the `ElementObserver` witness, as in `MapSink`.
    @inline(__always)
    override func on(next element: Source) {
        do {
            let result = try transform(element)
            // `map`'s sink forwards only if it is not disposed.
            guard !isDisposed, try predicate(result) else {
                return
            }
            forwardOn(next: result)
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}

/// `filter` then `map`: filters, transforms and forwards each element on the element
/// road; nothing is allocated per element.
final private class FilterMapSink<Source, Result, Observer: ElementObserver>: PairSink<Source, Result, Observer>, ElementObserver where Observer.Element == Result {
    typealias Element = Source

    private let predicate: (Source) throws -> Bool

    init(predicate: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(transform: transform, observer: observer, cancel: cancel)
    }

    // Always inlined into the `ElementObserver` witness, as in `MapSink`.
    @inline(__always)
    override func on(next element: Source) {
        do {
            // `filter`'s sink forwards only if it is not disposed.
            guard try predicate(element), !isDisposed else {
                return
            }
            forwardOn(next: try transform(element))
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
