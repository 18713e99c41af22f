extension ObservableType {
    /// Combines the latest elements of every sequence of `collection` into an array and
    /// hands it to `resultSelector` whenever any of them sends an element, once each has
    /// sent at least one.
    ///
    /// The result completes when every sequence has completed, or as soon as a sequence
    /// sends an element while all the others have completed and one of them never sent
    /// anything (no result can come any more). An error from any sequence, or from
    /// `resultSelector`, ends it at once. An empty collection sends
    /// `resultSelector([])` and completes at once.
    ///
    /// ```
    /// collection[0]: -1---2------3--|
    /// collection[1]: ---5----6-------|
    /// result:        ---A-B--C---D---|
    /// ```
    ///
    /// (`A` is `resultSelector([1, 5])`, `B` is `resultSelector([2, 5])`, `C` is
    /// `resultSelector([2, 6])`, `D` is `resultSelector([3, 6])`.)
    ///
    /// ```swift
    /// let total = Observable.combineLatest([price, shipping, tax]) { $0.reduce(0, +) }
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sequences to combine; their elements reach `resultSelector`
    ///     in the collection's order.
    ///   - resultSelector: Makes a result from the latest element of each sequence: on
    ///     the actor it was written on if it is isolated to one (each array of latest
    ///     elements, taken where the element arrived, hops there first), otherwise on the
    ///     thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one each time any source
    ///   sends an element once all have sent one.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        guard isolation != nil else {
            return CombineLatestCollection(sources: sources, resultSelector: resultSelector)
        }
        // The elements are combined where they arrive, as without isolation, and only
        // the selector hops.
        return CombineLatestCollection(sources: sources, resultSelector: { $0 }).map(resultSelector, isolation: isolation)
    }

    /// Sends an array of the latest elements of every sequence of `collection` whenever
    /// any of them sends an element, once each has sent at least one.
    ///
    /// Completion and errors are those of `combineLatest(_:resultSelector:)` for a
    /// collection; an empty collection sends `[]` and completes at once.
    ///
    /// ```
    /// collection[0]: -1---2------3--|
    /// collection[1]: ---5----6-------|
    /// result:        ---A-B--C---D---|
    /// ```
    ///
    /// (`A` is `[1, 5]`, `B` is `[2, 5]`, `C` is `[2, 6]`, `D` is `[3, 6]`.)
    ///
    /// ```swift
    /// Observable.combineLatest([fieldA.valid, fieldB.valid, fieldC.valid])
    ///     .subscribe(onNext: { button.isEnabled = !$0.contains(false) })
    /// ```
    ///
    /// - Parameter collection: The sequences to combine; their elements appear in the collection's order.
    /// - Returns: A sequence of arrays of the sources' latest elements, one each time a source sends once all have sent one.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
        where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombineLatestCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 })
    }
}

/// The shared part of every `combineLatest` sink: which sources have sent an element,
/// which have completed, and when the combined sequence sends or ends.
///
/// A subclass keeps the latest element of each source in storage of its own (typed
/// slots for the fixed arities, one buffer for a collection), hands it to each source's
/// ``CombineLatestInput``, and computes a result from it (``resultOfLatest()``).
/// Everything here runs with the right to run (see ``CombiningSink``) unless said
/// otherwise: the slots are read in place, never copied for delivery.
class CombineLatestSink<Result, Observer: ElementObserver>: CombiningSink<Result, Observer> where Observer.Element == Result {
    /// How many sources there are.
    final let arity: Int
    // `hasValue[i]`: source `i` has sent an element, so its slot is initialized.
    final private(set) var hasValue: [Bool]
    private var valueCount = 0
    /// The tuple forms' result: a buffer laid out as the result tuple, whose elements
    /// are the sources' slots (see ``CombineLatestSlots``), so that a result is this
    /// buffer, copied out as it is. Building the tuple from the slots instead, in
    /// unspecialised generic code, looks the tuple's type up in the runtime on every
    /// result (some 270 instructions). `nil` for the forms with a selector.
    private let tuple: UnsafeMutablePointer<Result>?

    init(arity: Int, tuple: UnsafeMutablePointer<Result>? = nil, observer: Observer, cancel: SinkDisposer) {
        self.arity = arity
        self.tuple = tuple
        hasValue = [Bool](repeating: false, count: arity)
        super.init(sources: arity, observer: observer, cancel: cancel)
    }

    deinit {
        tuple?.deallocate()
    }

    /// The selector's result for the latest elements (every slot is initialized). Not
    /// called for the tuple forms, whose result is ``tuple``. The fixed arities hand
    /// their selector the slots, not copies of the elements: it was made where the
    /// element types are known (`makeCombineLatest2` and the like), so it reads them
    /// in code specialised for them.
    func resultOfLatest() throws -> Result {
        abstractMethod()
    }

    /// Subscribes `source` with an input that stores its elements in `latest`.
    final func subscribe<Element>(_ source: Observable<Element>, index: Int, latest: UnsafeMutablePointer<Element>) -> Disposable {
        let input = CombineLatestInput<Element, Result, Observer>(sink: self, index: index, latest: latest)
        input.subscription.setDisposable(source.subscribe(elementObserver: input))
        return input.subscription
    }

    /// Source `index` sent `element`, to be kept in `latest`. Called by the source,
    /// outside the right to run.
    @inline(__always)
    final func receive<Element>(_ element: Element, into latest: UnsafeMutablePointer<Element>, from index: Int) {
        runNow({ combine(element, into: latest, from: index) }, orLeave: { leave(element, into: latest, from: index) })
    }

    // Out of line: only a call that meets another one builds a closure.
    @inline(never)
    private func leave<Element>(_ element: Element, into latest: UnsafeMutablePointer<Element>, from index: Int) {
        leave { self.combine(element, into: latest, from: index) }
    }

    // Inlined into the source's `on(next:)`: in unspecialised generic code, a call of
    // its own costs a frame (saving and restoring registers) per element.
    @inline(__always)
    private func combine<Element>(_ element: Element, into latest: UnsafeMutablePointer<Element>, from index: Int) {
        if stopped {
            return
        }
        if valueCount == arity {
            latest.pointee = element
        } else if !storeFirst(element, into: latest, from: index) {
            return
        }
        if let tuple {
            forwardOn(next: tuple.pointee)
        } else {
            send { try resultOfLatest() }
        }
    }

    /// Stores an element while some source has none yet; returns whether every source
    /// now has one.
    @inline(never)
    private func storeFirst<Element>(_ element: Element, into latest: UnsafeMutablePointer<Element>, from index: Int) -> Bool {
        if hasValue[index] {
            latest.pointee = element
        } else {
            latest.initialize(to: element)
            hasValue[index] = true
            valueCount += 1
        }
        if valueCount < arity {
            // Some source has no element yet; if all the others have completed, it
            // never will.
            if completedSources.count - (completedSources.contains(index) ? 1 : 0) == arity - 1 {
                complete()
            }
            return false
        }
        return true
    }

    /// Releases a slot handed to ``subscribe(_:index:latest:)`` (from `deinit`); a
    /// tuple's element is deallocated with the tuple, by this class's `deinit`.
    final func releaseSlot<Element>(_ slot: UnsafeMutablePointer<Element>, index: Int) {
        if hasValue[index] {
            slot.deinitialize(count: 1)
        }
        if tuple == nil {
            slot.deallocate()
        }
    }
}

/// Makes the slots of a fixed-arity `combineLatest` sink, one per source in order: an
/// allocation of its own for each with a selector; for the tuple forms, the elements of
/// one buffer laid out as the result tuple (``CombineLatestSink``'s `tuple`), so that
/// the latest elements, stored where the tuple keeps them, are the result.
struct CombineLatestSlots {
    private let buffer: UnsafeMutableRawPointer?
    /// Where the next element goes in `buffer`.
    private var offset = 0

    /// Slots for a sink whose result is `Result`, a tuple of the sources' element types
    /// in order when `isTuple`.
    init<Result>(of _: Result.Type, isTuple: Bool) {
        buffer = isTuple ? UnsafeMutableRawPointer(UnsafeMutablePointer<Result>.allocate(capacity: 1)) : nil
    }

    /// The next source's slot. A tuple's element lies at the first offset after the
    /// element before it that its alignment allows (Swift's layout of a tuple, which is
    /// ABI); the memory, bound to the tuple, is bound to its elements there too.
    mutating func next<Element>() -> UnsafeMutablePointer<Element> {
        guard let buffer else {
            return .allocate(capacity: 1)
        }
        let alignment = MemoryLayout<Element>.alignment
        offset = (offset + alignment - 1) / alignment * alignment
        let slot = (buffer + offset).assumingMemoryBound(to: Element.self)
        offset += MemoryLayout<Element>.size
        return slot
    }

    /// The tuple for ``CombineLatestSink``, once every slot is made; `nil` with a selector.
    func tuple<Result>(of _: Result.Type) -> UnsafeMutablePointer<Result>? {
        guard let buffer else {
            return nil
        }
        assert(offset == MemoryLayout<Result>.size, "the slots do not lay out \(Result.self)")
        return buffer.assumingMemoryBound(to: Result.self)
    }
}

/// Observes one source of a `combineLatest`: keeps its elements in the sink's slot for
/// it, and disposes its own subscription when the source completes.
///
/// `Result`, always `Observer.Element`, is a parameter of its own: the sink's code,
/// inlined into ``on(next:)``, then finds it in this class's metadata rather than asking
/// the runtime for the associated type on every element.
final class CombineLatestInput<Element, Result, Observer: ElementObserver>: CombiningSourceObserver where Observer.Element == Result {
    private let sink: CombineLatestSink<Result, Observer>
    let index: Int
    private let latest: UnsafeMutablePointer<Element>
    /// This source's subscription.
    let subscription = SingleAssignmentDisposable()

    init(sink: CombineLatestSink<Result, Observer>, index: Int, latest: UnsafeMutablePointer<Element>) {
        self.sink = sink
        self.index = index
        self.latest = latest
    }

    var combiningSink: CombiningSink<Result, Observer> {
        sink
    }

    func on(next element: Element) {
        sink.receive(element, into: latest, from: index)
    }
}

// MARK: - Collection

final private class CombineLatestCollection<SourceElement, Result>: Producer<Result> {
    let sources: [Observable<SourceElement>]
    let resultSelector: ([SourceElement]) throws -> Result

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ([SourceElement]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestCollectionSink(count: sources.count, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink: sink, subscription: subscription)
    }
}

/// Keeps the latest element of every source in one buffer, and builds the array for
/// the selector from it (that array is the result's input, so one per result).
final private class CombineLatestCollectionSink<SourceElement, Result, Observer: ElementObserver>: CombineLatestSink<Result, Observer> where Observer.Element == Result {
    private let resultSelector: ([SourceElement]) throws -> Result
    // Slot `i` holds source `i`'s latest element once `hasValue[i]`.
    private let latest: UnsafeMutablePointer<SourceElement>

    init(count: Int, resultSelector: @escaping ([SourceElement]) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.resultSelector = resultSelector
        latest = .allocate(capacity: count)
        super.init(arity: count, observer: observer, cancel: cancel)
    }

    deinit {
        for index in 0..<arity where hasValue[index] {
            (latest + index).deinitialize(count: 1)
        }
        latest.deallocate()
    }

    func run(_ sources: [Observable<SourceElement>]) -> Disposable {
        if sources.isEmpty {
            sendEmptyCombination()
            return Disposables.create()
        }
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            subscriptions.append(subscribe(source, index: index, latest: latest + index))
        }
        return Disposables.create(subscriptions)
    }

    /// No sources: the one combination there is, the empty one, then completion.
    private func sendEmptyCombination() {
        let result: Result
        do {
            result = try resultSelector([])
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardOn(next: result)
        forwardCompletedAndDispose()
    }

    private func latestElements() -> [SourceElement] {
        Array(unsafeUninitializedCapacity: arity) { buffer, initialized in
            buffer.baseAddress!.initialize(from: latest, count: arity)
            initialized = arity
        }
    }

    override func resultOfLatest() throws -> Result {
        try resultSelector(latestElements())
    }
}
