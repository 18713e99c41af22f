// Operator fusion: three or more adjacent `map`, `filter` and `compactMap` become one
// producer and one sink when the chain is built; so do the pairs `map` then `filter`
// and `filter` then `map` (`MapFilter.swift`).
//
// Why: each operator of a chain is a producer, and each subscription of it a sink and a
// `SinkDisposer`; an element crosses every sink through a witness call, a disposed check
// and a do/catch, in generic code that is not specialised for your element type, which
// costs far more than a small user closure. These three operators keep no state and
// have no identity (nothing is shared between subscriptions, nothing observable happens
// at subscribe or at dispose), so one sink can carry a run of them, calling their
// closures in order, in a loop.
//
// What must not change (`FusionTests` checks it against the unfused chain):
// - Every closure runs in chain order, once per element that reaches its stage.
// - An error thrown by any closure ends the sequence with `.error` and no later stage
//   runs: the loop stops and the sink forwards it (`forwardErrorAndDispose`).
// - A closure that disposes the subscription: in the unfused chain, that stage's sink
//   then drops its result (`forwardOn` checks `disposed`). The loop checks the sink's
//   `isDisposed` after every stage but the last (whose result goes through
//   `forwardOn`), so no later stage runs and nothing is sent after `dispose()`.
// - Reentrancy: an element sent from inside a closure, or by the observer while it
//   handles a result, enters the sink again and runs the whole fused run, nested, on a
//   slot of its own, as it would run the whole unfused chain.
//
// Only `Map`, `Filter`, `CompactMap`, `MapFilterProducer` and `FusedProducer` are
// fusible, so fusion never crosses `share`, a subject, `do`, a scheduler or anything
// else with identity or side effects. Fusing never changes a producer: `a.map(g)` is a
// new producer over the start of `a`'s run, and `a` stays subscribable on its own.

/// One fusible stage, in a form one loop can run whatever the types along the chain:
/// it works in place on a slot of raw memory that holds the element between stages.
///
/// `run` takes its input out of the slot, calls the operator's closure, and either
/// leaves its output in the slot and returns `true`, or leaves the slot empty and
/// returns `false` (a `filter` or `compactMap` that drops the element); if the closure
/// throws, the slot is empty too. `discardInput` destroys an input left in the slot
/// when the subscription was disposed before this stage ran.
///
/// Made by `map`, `filter` and `compactMap` in your module (they are `@inlinable`), so
/// `run` is specialised for your types: for an `Int`, taking it out of the slot and
/// putting the result back are a load and a store.
///
/// A class, so the sink's loop can call a stage through an unretained reference (see
/// `FusedSink`); it never changes, and fused producers share it.
@usableFromInline
final class FusedStage {
    @usableFromInline
    let run: (UnsafeMutableRawPointer) throws -> Bool
    @usableFromInline
    let discardInput: (UnsafeMutableRawPointer) -> Void
    @usableFromInline
    let outputSize: Int
    @usableFromInline
    let outputAlignment: Int

    @inlinable
    init<Input, Output>(_ input: Input.Type, _ output: Output.Type, run: @escaping (UnsafeMutableRawPointer) throws -> Bool) {
        self.run = run
        discardInput = { $0.assumingMemoryBound(to: Input.self).deinitialize(count: 1) }
        outputSize = MemoryLayout<Output>.size
        outputAlignment = MemoryLayout<Output>.alignment
    }
}

/// The stage of `map(transform)`.
@inlinable
func mapStage<Input, Output>(_ transform: @escaping (Input) throws -> Output) -> FusedStage {
    FusedStage(Input.self, Output.self) { slot in
        let result = try transform(slot.assumingMemoryBound(to: Input.self).move())
        slot.initializeMemory(as: Output.self, to: result)
        return true
    }
}

/// The stage of `filter(predicate)`.
@inlinable
func filterStage<Element>(_ predicate: @escaping (Element) throws -> Bool) -> FusedStage {
    FusedStage(Element.self, Element.self) { slot in
        let element = slot.assumingMemoryBound(to: Element.self).move()
        guard try predicate(element) else {
            return false
        }
        slot.initializeMemory(as: Element.self, to: element)
        return true
    }
}

/// The stage of `compactMap(transform)`.
@inlinable
func compactMapStage<Input, Output>(_ transform: @escaping (Input) throws -> Output?) -> FusedStage {
    FusedStage(Input.self, Output.self) { slot in
        guard let result = try transform(slot.assumingMemoryBound(to: Input.self).move()) else {
            return false
        }
        slot.initializeMemory(as: Output.self, to: result)
        return true
    }
}

/// A producer that a following `map`, `filter` or `compactMap` may fuse with: a
/// `SingleStageProducer` (`Map`, `Filter`, `CompactMap`) or a `FusedProducer`.
@usableFromInline
class FusibleProducer<Element>: Producer<Element> {
    /// This sequence followed by `stage` (of the operator `name`, which takes `Element`
    /// to `Result`) as one fused producer over the start of the run, or nil when the
    /// run would be too short to pay (see `minimumFusedRun`). Never changes `self`.
    @usableFromInline
    func fused<Result>(with stage: FusedStage, named name: String) -> Observable<Result>? {
        abstractMethod()
    }

    /// This sequence followed by `map(transform)`, whose stage is `stage`, fused; nil
    /// when not worth it. Only a `Filter` answers the pair itself (`filter` then `map`,
    /// see `MapFilterProducer`); any other fusible producer treats `map` as one more
    /// stage (`fused(with:named:)`).
    @usableFromInline
    func fused<Result>(withMap transform: @escaping (Element) throws -> Result, stage: FusedStage) -> Observable<Result>? {
        fused(with: stage, named: "map")
    }

    /// This sequence followed by `filter(predicate)`, whose stage is `stage`, fused;
    /// nil when not worth it. Only a `Map` answers the pair itself (`map` then
    /// `filter`, see `MapFilterProducer`).
    @usableFromInline
    func fused(withFilter predicate: @escaping (Element) throws -> Bool, stage: FusedStage) -> Observable<Element>? {
        fused(with: stage, named: "filter")
    }

    /// This producer's stages followed by `stages`, as one `FusedProducer` over this
    /// producer's source; nil if that run would be longer than `maximumFusedRun`.
    func prepending<Result>(to stages: [FusedStage], names: [String]) -> Observable<Result>? {
        abstractMethod()
    }
}

/// `source` followed by `stage` (of the operator `name`), fused, if `source` is a
/// fusible producer and the run is long enough; nil otherwise. Called by the
/// inlinable operators, so the cast uses the metadata cached in your module.
@inlinable
func fusing<Element, Result>(_ source: Observable<Element>, with stage: FusedStage, named name: String) -> Observable<Result>? {
    guard fastPathsAreOn, let fusible = source as? FusibleProducer<Element> else {
        return nil
    }
    return fusible.fused(with: stage, named: name)
}

/// The fewest adjacent stages that are fused into a run (`FusedProducer`). The run's
/// loop costs more per element than one ordinary sink (each stage moves the element
/// through its slot and a closure that calls yours) and saves one sink hop per further
/// stage: two stages run faster as two sinks, or as the `map`∘`filter` / `filter`∘`map`
/// pair sink, three or more faster fused (Benchmarks.md, "map_filter and deep_chain:
/// the map∘filter pair sinks").
let minimumFusedRun = 3

/// The most stages one fused producer holds. Each stage added copies the run's stage
/// list into a new producer, so a chain built one operator at a time costs time in the
/// square of its run's length; past this many, a new run starts over the full one
/// (one more sink hop per 64 stages).
let maximumFusedRun = 64

/// The base of `Map`, `Filter` and `CompactMap`: one stage over `source`, run by the
/// operator's own sink; followed by another fusible operator it becomes part of a run.
@usableFromInline
class SingleStageProducer<Source, Element>: FusibleProducer<Element> {
    final let source: Observable<Source>
    /// This operator as a fused stage, made by the operator in your module.
    final let stage: FusedStage
    private let name: String

    init(source: Observable<Source>, stage: FusedStage, name: String) {
        self.source = source
        self.stage = stage
        self.name = name
    }

    override final func fused<Result>(with stage: FusedStage, named name: String) -> Observable<Result>? {
        // Two stages are not worth fusing (see `minimumFusedRun`); three are, when the
        // source is itself a fusible operator.
        guard let upstream = source as? FusibleProducer<Source> else {
            return nil
        }
        if let run: Observable<Result> = upstream.prepending(to: [self.stage, stage], names: [self.name, name]) {
            return run
        }
        // The upstream run is full: a new one starts here.
        return FusedProducer(source: source, stages: [self.stage, stage], names: [self.name, name])
    }

    override final func prepending<Result>(to stages: [FusedStage], names: [String]) -> Observable<Result>? {
        FusedProducer(source: source, stages: [stage] + stages, names: [name] + names)
    }
}

/// A run of fused stages over `source` (`minimumFusedRun` to `maximumFusedRun` of them;
/// two where a run continues a full one): one producer, one sink per subscription.
/// Internal rather than private so that a `MapFilterProducer` can grow into one.
final class FusedProducer<Source, Element>: FusibleProducer<Element> {
    private let source: Observable<Source>
    private let stages: [FusedStage]
    /// `stages`, unretained, for the sink's loop; `stages` keeps them alive.
    private let unretainedStages: [Unmanaged<FusedStage>]
    /// The fused operators in chain order, for the journey trace.
    private let names: [String]
    /// Big enough, and aligned enough, for the element at every point of the run.
    private let slotSize: Int
    private let slotAlignment: Int

    init(source: Observable<Source>, stages: [FusedStage], names: [String]) {
        self.source = source
        assert(stages.count >= 2 && stages.count <= maximumFusedRun)
        self.stages = stages
        unretainedStages = stages.map { Unmanaged.passUnretained($0) }
        self.names = names
        slotSize = stages.reduce(max(MemoryLayout<Source>.size, 1)) { max($0, $1.outputSize) }
        slotAlignment = stages.reduce(MemoryLayout<Source>.alignment) { max($0, $1.outputAlignment) }
    }

    override func fused<Result>(with stage: FusedStage, named name: String) -> Observable<Result>? {
        prepending(to: [stage], names: [name])
    }

    override func prepending<Result>(to stages: [FusedStage], names: [String]) -> Observable<Result>? {
        guard self.stages.count + stages.count <= maximumFusedRun else {
            return nil
        }
        return FusedProducer<Source, Result>(source: source, stages: self.stages + stages, names: self.names + names)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        if journeyTracingIsOn {
            JourneyTrace.step("FusedProducer", "run", "\(names.joined(separator: "∘")) (in chain order) fused into one sink: one FusedSink runs the \(names.count) closures in turn, checking between them that the subscription is not disposed")
        }
        let sink = FusedSink<Source, Element, Observer>(stages: stages, unretainedStages: unretainedStages, slotSize: slotSize, slotAlignment: slotAlignment, observer: observer, cancel: cancel)
        let subscription = source.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Takes each element through the fused stages, in a loop, on a slot of raw memory
/// that holds the element between stages.
///
/// The slot is the sink's own, allocated once per subscription, so an element costs no
/// stack set-up of a size known only at run time. An element that arrives while the
/// slot is in use (sent from inside a closure, or by the observer while it handles a
/// result) gets a temporary slot of its own and runs the whole fused run nested, as it
/// would run the whole unfused chain.
final private class FusedSink<Source, Result, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == Result {
    typealias Element = Source

    /// Keeps the stages alive while the loop calls them through `unretainedStages`.
    private let stages: [FusedStage]
    private let unretainedStages: [Unmanaged<FusedStage>]
    private let slotSize: Int
    private let slotAlignment: Int
    private let slot: UnsafeMutableRawPointer
    /// Touched only by the source's calls, which come one at a time; a nested call
    /// on the same thread finds it `true` and takes a temporary slot. No access spans
    /// a call out, so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var slotInUse = false
    /// Whether a result left in the slot needs no destroying (`Int`, a struct of
    /// plain values): read once here rather than asked of the type per element.
    private let resultIsTrivial = _isPOD(Result.self)

    init(stages: [FusedStage], unretainedStages: [Unmanaged<FusedStage>], slotSize: Int, slotAlignment: Int, observer: Observer, cancel: SinkDisposer) {
        self.stages = stages
        self.unretainedStages = unretainedStages
        self.slotSize = slotSize
        self.slotAlignment = slotAlignment
        slot = UnsafeMutableRawPointer.allocate(byteCount: slotSize, alignment: slotAlignment)
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        // `runStages` leaves the slot empty on every path.
        slot.deallocate()
    }

    func on(next element: Source) {
        if !slotInUse {
            slotInUse = true
            runStages(element, in: slot)
            slotInUse = false
        } else {
            withUnsafeTemporaryAllocation(byteCount: slotSize, alignment: slotAlignment) { runStages(element, in: $0.baseAddress.unsafelyUnwrapped) }
        }
    }

    /// As the unfused chain: a stage runs, then (as that stage's sink would in
    /// `forwardOn`) the disposed flag is checked before the next stage, or the
    /// observer, gets the result; a throw ends the sequence with the error. Leaves the
    /// slot empty.
    @inline(__always)
    private func runStages(_ element: Source, in slot: UnsafeMutableRawPointer) {
        slot.initializeMemory(as: Source.self, to: element)
        // Each stage is called through an unretained reference, borrowed for the call:
        // a stage read out of an array is a copy, a retain and a release per stage per
        // element (two atomic operations, more than the rest of the stage).
        // Through a buffer pointer: no bounds check, and the count stays in a register
        // across the calls.
        let ranAll: Bool
        do {
            ranAll = try unretainedStages.withUnsafeBufferPointer { stages in
                var index = 0
                while true {
                    guard try stages[index]._withUnsafeGuaranteedRef({ try $0.run(slot) }) else {
                        return false
                    }
                    index += 1
                    if index == stages.count {
                        return true
                    }
                    if isDisposed {
                        stages[index]._withUnsafeGuaranteedRef { $0.discardInput(slot) }
                        return false
                    }
                }
            }
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        guard ranAll else {
            return
        }
        // The result is lent to the observer where it lies, then destroyed there:
        // cheaper than moving it out.
        let result = slot.assumingMemoryBound(to: Result.self)
        forwardOn(next: result.pointee)
        if !resultIsTrivial {
            result.deinitialize(count: 1)
        }
    }
}
