extension ObservableType {
    /// Pairs up the elements of every sequence of `collection` by index (the first of
    /// each, then the second of each, …) and sends `resultSelector` of each such group.
    ///
    /// Elements wait in a queue per sequence until every sequence has one. The result
    /// completes when every sequence has completed, or as soon as a sequence sends an
    /// element while all the others have completed and one of them has nothing left
    /// queued (no group can be made any more). An error from any sequence, or from
    /// `resultSelector`, ends it at once. An empty collection completes at once, without
    /// sending anything.
    ///
    /// ```
    /// collection[0]: -12-------3---|
    /// collection[1]: ----5--6-----7--|
    /// result:        ----A--B-----C--|
    /// ```
    ///
    /// (`A` is `resultSelector([1, 5])`, `B` is `resultSelector([2, 6])`, `C` is
    /// `resultSelector([3, 7])`.)
    ///
    /// ```swift
    /// Observable.zip([requestA, requestB, requestC]) { responses in responses.joined() }
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sequences to zip; their elements reach `resultSelector` in
    ///     the collection's order.
    ///   - resultSelector: Makes a result from one element of each sequence: on the
    ///     actor it was written on if it is isolated to one (each group, made where its
    ///     last element arrived, hops there first), otherwise on the thread that sent
    ///     that element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one for each set of
    ///   elements with the same index in every source.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        guard isolation != nil else {
            return ZipCollection(sources: sources, resultSelector: resultSelector)
        }
        // The groups are made where the elements arrive, as without isolation, and only
        // the selector hops.
        return ZipCollection(sources: sources, resultSelector: { $0 }).map(resultSelector, isolation: isolation)
    }

    /// Pairs up the elements of every sequence of `collection` by index and sends each
    /// group as an array.
    ///
    /// Completion and errors are those of `zip(_:resultSelector:)` for a collection;
    /// an empty collection completes at once.
    ///
    /// ```
    /// collection[0]: -12-------3---|
    /// collection[1]: ----5--6-----7--|
    /// result:        ----A--B-----C--|
    /// ```
    ///
    /// (`A` is `[1, 5]`, `B` is `[2, 6]`, `C` is `[3, 7]`.)
    ///
    /// ```swift
    /// Observable.zip(pages.map { load($0) })
    ///     .subscribe(onNext: { contents in show(contents) })
    /// ```
    ///
    /// - Parameter collection: The sequences to zip; their elements appear in the collection's order.
    /// - Returns: A sequence of arrays, the nth of which holds the nth element of each source.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
        where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 })
    }
}

/// The shared part of every `zip` sink: counts the sources with queued elements and
/// the sources that completed, and decides when a group is sent and when the sequence
/// ends.
///
/// A subclass keeps a ``RingQueue`` per source, hands it to that source's
/// ``ZipInput``, and takes one group out of the queues (``dequeuedResult()``).
/// Everything here runs with the right to run (see ``CombiningSink``) unless said
/// otherwise.
class ZipSink<Result, Observer: ElementObserver>: CombiningSink<Result, Observer> where Observer.Element == Result {
    /// How many sources there are.
    final let arity: Int
    // RxSwift's rule for the collection form: the sequence also completes when a source
    // sends an element while every other has completed and some queue is empty.
    private let completesWhenStarved: Bool
    private var nonEmptyCount = 0

    init(arity: Int, completesWhenStarved: Bool, observer: Observer, cancel: SinkDisposer) {
        self.arity = arity
        self.completesWhenStarved = completesWhenStarved
        super.init(sources: arity, observer: observer, cancel: cancel)
    }

    /// Takes the front element of every queue (each holds one) and returns the
    /// selector's result for them.
    func dequeuedResult() throws -> Result {
        abstractMethod()
    }

    /// How many queues hold an element.
    func countNonEmptyQueues() -> Int {
        abstractMethod()
    }

    /// Subscribes `source` with an input that queues its elements in `queue`.
    final func subscribe<Element>(_ source: Observable<Element>, index: Int, queue: RingQueue<Element>) -> Disposable {
        let input = ZipInput(sink: self, index: index, queue: queue)
        input.subscription.setDisposable(source.subscribe(elementObserver: input))
        return input.subscription
    }

    /// Source `index` sent `element`, to be queued in `queue`. Called by the source,
    /// outside the right to run.
    @inline(__always)
    final func receive<Element>(_ element: Element, into queue: RingQueue<Element>, from index: Int) {
        runNow({ zip(element, into: queue, from: index) }, orLeave: { leave(element, into: queue, from: index) })
    }

    // Out of line: only a call that meets another one builds a closure.
    @inline(never)
    private func leave<Element>(_ element: Element, into queue: RingQueue<Element>, from index: Int) {
        leave { self.zip(element, into: queue, from: index) }
    }

    private func zip<Element>(_ element: Element, into queue: RingQueue<Element>, from index: Int) {
        if stopped {
            return
        }
        queue.enqueue(element)
        if queue.count == 1 {
            nonEmptyCount += 1
        }
        if nonEmptyCount < arity {
            if completesWhenStarved && completedSources.count == arity - 1 {
                complete()
            }
            return
        }
        let result: Result
        do {
            result = try dequeuedResult()
        } catch {
            fail(error)
            return
        }
        nonEmptyCount = countNonEmptyQueues()
        forwardOn(next: result)
    }

}

/// Observes one source of a `zip`: queues its elements in the sink's queue for it, and
/// disposes its own subscription when the source ends.
final class ZipInput<Element, Observer: ElementObserver>: CombiningSourceObserver {
    private let sink: ZipSink<Observer.Element, Observer>
    let index: Int
    private let queue: RingQueue<Element>
    /// This source's subscription.
    let subscription = SingleAssignmentDisposable()

    init(sink: ZipSink<Observer.Element, Observer>, index: Int, queue: RingQueue<Element>) {
        self.sink = sink
        self.index = index
        self.queue = queue
    }

    var combiningSink: CombiningSink<Observer.Element, Observer> {
        sink
    }

    func on(next element: Element) {
        sink.receive(element, into: queue, from: index)
    }
}

// MARK: - Collection

final private class ZipCollection<SourceElement, Result>: Producer<Result> {
    let sources: [Observable<SourceElement>]
    let resultSelector: ([SourceElement]) throws -> Result

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ([SourceElement]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipCollectionSink(sources: sources, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink: sink, subscription: subscription)
    }
}

/// A queue per source; each group becomes the array handed to the selector.
final private class ZipCollectionSink<SourceElement, Result, Observer: ElementObserver>: ZipSink<Result, Observer> where Observer.Element == Result {
    private let resultSelector: ([SourceElement]) throws -> Result
    private let queues: [RingQueue<SourceElement>]

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ([SourceElement]) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.resultSelector = resultSelector
        queues = sources.map { _ in RingQueue<SourceElement>() }
        super.init(arity: sources.count, completesWhenStarved: true, observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<SourceElement>]) -> Disposable {
        if sources.isEmpty {
            forwardCompletedAndDispose()
            return Disposables.create()
        }
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            subscriptions.append(subscribe(source, index: index, queue: queues[index]))
        }
        return Disposables.create(subscriptions)
    }

    private func dequeueGroup() -> [SourceElement] {
        Array(unsafeUninitializedCapacity: arity) { buffer, initialized in
            for index in 0..<arity {
                (buffer.baseAddress! + index).initialize(to: queues[index].dequeue())
            }
            initialized = arity
        }
    }

    override func dequeuedResult() throws -> Result {
        try resultSelector(dequeueGroup())
    }

    override func countNonEmptyQueues() -> Int {
        var count = 0
        for queue in queues where !queue.isEmpty {
            count += 1
        }
        return count
    }
}
