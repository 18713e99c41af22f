// The fused pair `map` then `filter`, or `filter` then `map`: one producer and one sink
// that call the two closures directly.
//
// Why a pair of its own: a run of stages (`FusedProducer`) calls each closure through a
// stage that moves the element in and out of a slot, and that costs about as much per
// element as the sink hop it saves, so two stages there would not pay. This sink keeps
// the two closures with their types and calls them as `MapSink` and `FilterSink` do:
// one sink, one witness call and one `do`/`catch` instead of two of each.
//
// What must not change (`FusionTests` runs every pair against the unfused chain): the
// same as for a run (see `Fusion.swift`). The disposed flag is checked between the two
// closures, where the first operator's sink would check it in `forwardOn`, and
// `forwardOn` checks it before the observer gets the result.

/// A `map` with an optional `filter` before it or after it (one of the two, so a pair),
/// over `source`. Followed by another fusible operator it becomes a run of three stages
/// (`FusedProducer`), from `stages`.
final class MapFilterProducer<Source, Result>: FusibleProducer<Result> {
    private let source: Observable<Source>
    // Never optionals, here or in the sink: an optional closure is kept in its most
    // general form, and every call of it unwrapped goes through a conversion thunk
    // (and, bound out of the optional, a retain and a release). The filter the pair
    // has not is a closure that is never called.
    /// `filter` then `map` if true, `map` then `filter` if false.
    private let filtersBefore: Bool
    private let before: (Source) throws -> Bool
    private let transform: (Source) throws -> Result
    private let after: (Result) throws -> Bool
    /// The same two operators as stages, and their names, for a longer run.
    private let stages: [FusedStage]
    private let names: [String]

    /// `filter(before)` then `map(transform)`.
    init(source: Observable<Source>, before: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result, stages: [FusedStage]) {
        self.source = source
        filtersBefore = true
        self.before = before
        self.transform = transform
        after = { _ in true }
        self.stages = stages
        names = ["filter", "map"]
    }

    /// `map(transform)` then `filter(after)`.
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result, after: @escaping (Result) throws -> Bool, stages: [FusedStage]) {
        self.source = source
        filtersBefore = false
        before = { _ in true }
        self.transform = transform
        self.after = after
        self.stages = stages
        names = ["map", "filter"]
    }

    override func fused<Next>(with stage: FusedStage, named name: String) -> Observable<Next>? {
        prepending(to: [stage], names: [name])
    }

    override func prepending<Next>(to stages: [FusedStage], names: [String]) -> Observable<Next>? {
        FusedProducer<Source, Next>(source: source, stages: self.stages + stages, names: self.names + names)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        if journeyTracingIsOn {
            JourneyTrace.step("MapFilterProducer", "run", "\(names.joined(separator: "∘")) (in chain order) fused into one sink: one MapFilterSink calls both closures, checking between them that the subscription is not disposed")
        }
        let sink = MapFilterSink<Source, Result, Observer>(filtersBefore: filtersBefore, before: before, transform: transform, after: after, observer: observer, cancel: cancel)
        let subscription = source.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Filters (if `before`), transforms, filters (if `after`) and forwards each element on
/// the element road; nothing is allocated per element.
final private class MapFilterSink<Source, Result, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == Result {
    typealias Element = Source

    // Not optionals (see `MapFilterProducer`).
    private let filtersBefore: Bool
    private let before: (Source) throws -> Bool
    private let transform: (Source) throws -> Result
    private let after: (Result) throws -> Bool

    init(filtersBefore: Bool, before: @escaping (Source) throws -> Bool, transform: @escaping (Source) throws -> Result, after: @escaping (Result) throws -> Bool, observer: Observer, cancel: Cancelable) {
        self.filtersBefore = filtersBefore
        self.before = before
        self.transform = transform
        self.after = after
        super.init(observer: observer, cancel: cancel)
    }

    // Always inlined into the `ElementObserver` witness, as in `MapSink`.
    @inline(__always)
    func on(next element: Source) {
        do {
            if filtersBefore {
                // `filter`'s sink forwards only if it is not disposed.
                guard try before(element), !isDisposed else {
                    return
                }
                forwardOn(next: try transform(element))
            } else {
                let result = try transform(element)
                // `map`'s sink forwards only if it is not disposed.
                guard !isDisposed, try after(result) else {
                    return
                }
                forwardOn(next: result)
            }
        } catch {
            forwardErrorAndDispose(error)
        }
    }

    func onCompletion() {
        forwardCompletedAndDispose()
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element): on(next: element)
        case .error(let error): forwardErrorAndDispose(error)
        case .completed: forwardCompletedAndDispose()
        }
    }
}
