
extension ObservableType {
    /// Merges the elements of every sequence in `sources` into one sequence.
    ///
    /// All sources are subscribed at once, in order. The result completes once every
    /// source has completed, and fails as soon as any source fails (disposing the
    /// others). An empty collection completes at once.
    ///
    /// ```
    /// a:      -1---3-----6|
    /// b:      ---2---4-5|
    /// merge:  -1-2-3-4-5-6|
    /// ```
    ///
    /// ```swift
    /// Observable.merge(AnyCollection([clicks, keyPresses]))
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element> where Collection.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }

    /// Merges the elements of every sequence in `sources` into one sequence.
    ///
    /// All sources are subscribed at once, in order. The result completes once every
    /// source has completed, and fails as soon as any source fails (disposing the
    /// others). An empty array completes at once.
    ///
    /// ```
    /// a:      -1---3-----6|
    /// b:      ---2---4-5|
    /// merge:  -1-2-3-4-5-6|
    /// ```
    ///
    /// ```swift
    /// Observable.merge([clicks, keyPresses]).subscribe(onNext: { handle($0) })
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Merges the elements of the given sequences into one sequence.
    ///
    /// All sources are subscribed at once, in order. The result completes once every
    /// source has completed, and fails as soon as any source fails (disposing the
    /// others). Synchronous sources interleave through the current thread's
    /// trampoline, as in RxSwift.
    ///
    /// ```
    /// a:      -1---3-----6|
    /// b:      ---2---4-5|
    /// merge:  -1-2-3-4-5-6|
    /// ```
    ///
    /// ```swift
    /// Observable.merge(Observable.of(1, 2, 3), Observable.of(10, 20, 30))
    /// // 1, 10, 2, 20, 3, 30
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A sequence with the elements of all sources, as they arrive.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of every inner sequence this sequence sends.
    ///
    /// Each inner sequence is subscribed as it arrives. The result completes once this
    /// sequence and every inner sequence have completed, and fails as soon as any of
    /// them fails (disposing the rest).
    ///
    /// ```
    /// source:   -a-----b------|
    /// a:         --1-----2-|
    /// b:               -3---4|
    /// merge():  ---1----32--4-|
    /// ```
    ///
    /// ```swift
    /// let requests: Observable<Observable<Response>> = …
    /// requests.merge().subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Returns: A sequence with the elements of all inner sequences, as they arrive.
    public func merge() -> Observable<Element.Element> {
        MergeProducer(source: asObservable(), maxConcurrent: .max, skipWhileActive: false) { $0.asObservable() }
    }

    /// Merges the elements of the inner sequences, subscribed to at most
    /// `maxConcurrent` at a time.
    ///
    /// An inner sequence that arrives while `maxConcurrent` are running waits in a
    /// queue and is subscribed when one of them completes, through the current
    /// thread's trampoline (``CurrentThreadScheduler``): at once if no trampoline runs
    /// on that thread, otherwise as its next step. So a long queue of inner sequences
    /// that complete during their own subscription is worked through in a loop, never
    /// deepening the stack (RxSwift issue #2615, fixed the same way in RxSwift 6.8).
    ///
    /// ```
    /// source:                    -a-b-|
    /// a:                          -1--2|
    /// b:                               -3-4|
    /// merge(maxConcurrent: 1):   --1--2-3-4|
    /// ```
    ///
    /// ```swift
    /// downloads.merge(maxConcurrent: 2)   // at most two downloads at a time
    /// ```
    ///
    /// - Parameter maxConcurrent: The largest number of inner sequences subscribed at
    ///   once. Zero or a negative number fails the sequence with
    ///   ``RxError/argumentOutOfRange`` at subscription, without subscribing to this
    ///   sequence (RxSwift would queue every inner sequence and never subscribe to one).
    /// - Returns: A sequence with the elements of all inner sequences.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeProducer(source: asObservable(), maxConcurrent: maxConcurrent, skipWhileActive: false) { $0.asObservable() }
    }

    /// Concatenates the inner sequences: subscribes to each one after the previous one
    /// has completed; the same as `merge(maxConcurrent: 1)`.
    ///
    /// ```
    /// source:   -a-b-|
    /// a:         -1--2|
    /// b:              -3-4|
    /// concat(): --1--2-3-4|
    /// ```
    ///
    /// ```swift
    /// Observable.of(Observable.of(1, 2), Observable.of(3)).concat()   // 1, 2, 3
    /// ```
    ///
    /// - Returns: The elements of each inner sequence, one sequence after another.
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// `merge()`, `merge(maxConcurrent:)`, `concat()`, `flatMap`, `flatMapFirst` and
/// `concatMap`: maps each element of `source` to an inner sequence with `selector` and
/// merges the inner sequences.
///
/// - `maxConcurrent`: how many inner sequences may run at once (`.max` for no limit);
///   the others wait in a queue, already mapped.
/// - `skipWhileActive`: drop (without calling `selector`) each element that arrives
///   while an inner sequence is running, as `flatMapFirst` does.
final class MergeProducer<SourceElement, Element>: Producer<Element> {
    typealias Selector = (SourceElement) throws -> Observable<Element>

    private let source: Observable<SourceElement>
    private let maxConcurrent: Int
    private let skipWhileActive: Bool
    private let selector: Selector

    init(source: Observable<SourceElement>, maxConcurrent: Int, skipWhileActive: Bool, selector: @escaping Selector) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        self.skipWhileActive = skipWhileActive
        self.selector = selector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MergeSink(selector: selector, maxConcurrent: maxConcurrent, skipWhileActive: skipWhileActive, observer: observer, cancel: cancel)
        guard maxConcurrent > 0 else {
            sink.forwardErrorAndDispose(RxError.argumentOutOfRange)
            return (sink: sink, subscription: Disposables.create())
        }
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The static `merge`: subscribes to every source at once.
final private class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MergeSink<Observable<Element>, Observer>(selector: { $0 }, maxConcurrent: .max, skipWhileActive: false, observer: observer, cancel: cancel)
        let subscription = sink.run(sources: sources)
        return (sink: sink, subscription: subscription)
    }
}

/// What to do with an element of the outer sequence, decided under the lock. Not
/// generic, so that deciding needs no type metadata: the inner observer to subscribe
/// travels beside it.
private enum MergeOuterDecision {
    case ignore
    case subscribe
    case enqueue
}

/// What to do once an inner sequence has completed, decided under the lock.
private enum MergeInnerEnd {
    case nothing
    case subscribeWaiting
    case complete
}

/// One subscription to a merging operator.
///
/// Events come from the outer sequence and from every running inner sequence, on any
/// threads. The state below is guarded by `lock`; downstream calls happen outside it,
/// one at a time, through the ``MergingSink`` it is: a call that finds another call
/// forwarding leaves its event for that call, so downstream never sees two calls at
/// once and sees them in the order they were decided. The uncontended element path
/// takes no lock (a compare-and-swap to claim the right to forward, another to give it
/// back) and allocates nothing.
///
/// The inner subscriptions form a list under the same lock (each ``MergeInner`` is an
/// inner sequence's observer and the holder of its subscription), so starting and
/// ending an inner sequence costs no lock or allocation beyond the sink's own.
final private class MergeSink<SourceElement, Observer: ElementObserver>: MergingSink<Observer>, ElementObserver {
    typealias Element = SourceElement
    typealias Source = Observable<Observer.Element>
    typealias Inner = MergeInner<SourceElement, Observer.Element, Observer>

    private let selector: (SourceElement) throws -> Source
    private let maxConcurrent: Int
    private let skipWhileActive: Bool
    private let sourceSubscription = SingleAssignmentDisposable()
    /// `Inner.self`, looked up once. Allocating through this stored metatype takes the
    /// class's metadata from it, where writing `Inner(parent:)` in this unspecialised
    /// generic code would look `MergeInner<SourceElement, Observer.Element, Observer>` up in the runtime's
    /// cache for every inner subscription (a few hundred instructions).
    private let innerType: Inner.Type
    /// Subscribes the inner observers (see ``InnerSubscriber``).
    private let innerSubscriber = InnerSubscriber<Inner>()

    // Guarded by `lock`; no two accesses overlap, so the runtime exclusivity checks are
    // skipped.
    /// Inner sequences subscribed, or about to be (counted before the selector runs).
    @exclusivity(unchecked) private var activeCount = 0
    /// The outer sequence has completed.
    @exclusivity(unchecked) private var sourceCompleted = false
    /// The running inner subscriptions, oldest first; `innersDisposed` once disposed.
    /// The list holds each through the one before it (`firstInner`, then `next`), so
    /// `lastInner` (like each `previous`) need not retain it: see `MergeInnerLink.previous`.
    @exclusivity(unchecked) private var firstInner: MergeInnerLink?
    @exclusivity(unchecked) private var lastInner: Unmanaged<MergeInnerLink>?
    @exclusivity(unchecked) private var innersDisposed = false
    /// Mapped inner sequences waiting for a free slot (only with a limit), oldest
    /// first: each already in the inner observer that will subscribe to it, linked
    /// through `next` (an inner subscription is in one list at a time), so that queueing
    /// touches no generic collection.
    @exclusivity(unchecked) private var firstWaiting: MergeInnerLink?
    @exclusivity(unchecked) private unowned(unsafe) var lastWaiting: MergeInnerLink?

    init(selector: @escaping (SourceElement) throws -> Source, maxConcurrent: Int, skipWhileActive: Bool, observer: Observer, cancel: SinkDisposer) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.skipWhileActive = skipWhileActive
        self.innerType = Inner.self
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the outer sequence. The returned disposable ends the outer
    /// subscription, then every inner one, in the order they started.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(elementObserver: self))
        return Disposables.create(with: disposeSubscriptions)
    }

    /// Subscribes to every source at once (the static `merge`), then behaves as if an
    /// outer sequence had sent them all and completed.
    func run(sources: [Source]) -> Disposable {
        lock.withLock { activeCount = sources.count }
        for source in sources {
            if isDisposed {
                break
            }
            var inner: Inner?
            lock.withLock {
                inner = makeInner()
                if let inner {
                    linkLocked(inner)
                }
            }
            guard let inner else { break }
            inner.subscribe(to: source)
        }
        let complete: Bool = lock.withLock {
            sourceCompleted = true
            if isStopped || activeCount > 0 {
                return false
            }
            return stopLocked(failing: nil)
        }
        if complete {
            end(failing: nil)
        }
        return Disposables.create(with: disposeSubscriptions)
    }

    private func disposeSubscriptions() {
        sourceSubscription.dispose()
        var waiting: MergeInnerLink?
        let subscriptions: [Disposable] = lock.withLock {
            innersDisposed = true
            // The waiting inner observers will never subscribe: dropped below, which
            // also ends their references to this sink.
            waiting = firstWaiting
            firstWaiting = nil
            lastWaiting = nil
            var subscriptions: [Disposable] = []
            while let inner = firstInner {
                subscriptions.append(removeLocked(inner))
            }
            return subscriptions
        }
        for subscription in subscriptions {
            subscription.dispose()
        }
        // One by one: releasing the head alone would free the queue recursively.
        while let inner = waiting {
            waiting = inner.next
            inner.next = nil
        }
    }

    // MARK: The outer sequence

    func on(next element: SourceElement) {
        var inner: Inner?
        let decision: MergeOuterDecision = lock.withLock {
            if isStopped || (skipWhileActive && activeCount > 0) {
                return .ignore
            }
            if activeCount < maxConcurrent {
                guard let made = makeInner() else {
                    return .ignore
                }
                linkLocked(made)
                activeCount += 1
                // Last: the new inner observer's reference moves to `inner` without
                // being retained and released again.
                inner = made
                return .subscribe
            }
            return .enqueue
        }
        let source: Source
        switch decision {
        case .ignore:
            return
        case .subscribe:
            do {
                source = try selector(element)
            } catch {
                selectorFailed(error, inner: inner)
                return
            }
            inner.unsafelyUnwrapped.subscribe(to: source)
        case .enqueue:
            do {
                source = try selector(element)
            } catch {
                selectorFailed(error, inner: nil)
                return
            }
            enqueue(source)
        }
    }

    func on(error: Swift.Error) {
        fail(error)
    }

    func onCompletion() {
        outerCompleted()
    }

    private func outerCompleted() {
        // nil: inner sequences still run; true: complete now; false: nothing to do.
        let complete: Bool? = lock.withLock {
            sourceCompleted = true
            if isStopped {
                return false
            }
            if activeCount > 0 {
                return nil
            }
            return stopLocked(failing: nil)
        }
        switch complete {
        case nil:
            sourceSubscription.dispose()
        case true?:
            end(failing: nil)
        case false?:
            break
        }
    }

    @inline(never)
    private func selectorFailed(_ error: Swift.Error, inner: MergeInnerLink?) {
        let act: Bool = lock.withLock {
            if let inner {
                activeCount -= 1
                _ = removeLocked(inner)
            }
            if isStopped {
                return false
            }
            return stopLocked(failing: error)
        }
        if act {
            end(failing: error)
        }
    }

    /// Queues a mapped inner sequence; subscribes to the oldest waiting one at once if
    /// a slot freed up while the selector ran.
    @inline(never)
    private func enqueue(_ source: Source) {
        var next: MergeInnerLink?
        lock.withLock {
            // Once the subscriptions are disposed, nothing waiting would be subscribed.
            if isStopped || innersDisposed {
                return
            }
            let inner = innerType.init(parent: self)
            inner.waitingSource = source
            if let lastWaiting {
                lastWaiting.next = inner
            } else {
                firstWaiting = inner
            }
            lastWaiting = inner
            if activeCount < maxConcurrent {
                next = dequeueWaitingLocked()
                activeCount += 1
            }
        }
        next?.subscribeToWaitingSource()
    }

    /// Takes the oldest waiting inner subscription out of the queue and into the list
    /// of running ones; `nil` when none waits or the subscriptions are disposed. Call
    /// with `lock` held.
    private func dequeueWaitingLocked() -> MergeInnerLink? {
        guard !innersDisposed, let inner = firstWaiting else {
            return nil
        }
        firstWaiting = inner.next
        if firstWaiting == nil {
            lastWaiting = nil
        }
        inner.next = nil
        linkLocked(inner)
        return inner
    }

    // MARK: Inner subscriptions

    /// Subscribes `inner` to `source` and keeps the subscription, through
    /// `innerSubscriber`, which needs no lookup of the inner observer's conformance.
    func subscribe(_ inner: Inner, to source: Source) {
        keep(innerSubscriber.subscribe(inner, to: source), of: inner)
    }

    /// A new inner observer; `nil` once the sink's subscriptions are disposed. Call with
    /// `lock` held.
    private func makeInner() -> Inner? {
        if innersDisposed {
            return nil
        }
        return innerType.init(parent: self)
    }

    /// Puts `inner` at the end of the list of running inner subscriptions. Call with
    /// `lock` held.
    private func linkLocked(_ inner: MergeInnerLink) {
        inner.previous = lastInner
        if let lastInner {
            lastInner._withUnsafeGuaranteedRef { $0.next = inner }
        } else {
            firstInner = inner
        }
        lastInner = Unmanaged.passUnretained(inner)
    }

    /// Takes `inner` out of the list, marks it finished (stopping the loop it runs, if
    /// any) and takes its subscription, for the caller to dispose after the lock. Call
    /// with `lock` held.
    private func removeLocked(_ inner: MergeInnerLink) -> Disposable {
        if !inner.isFinished {
            // `inner`'s reference to the next one moves to the one before, which drops
            // the list's reference to `inner` (the caller still holds one).
            let next = inner.next.take()
            let previous = inner.previous
            inner.previous = nil
            if let next {
                next.previous = previous
            } else {
                lastInner = previous
            }
            if let previous {
                previous._withUnsafeGuaranteedRef { $0.next = next }
            } else {
                firstInner = next
            }
        }
        return inner.finishLocked()
    }

    /// Lets `inner` subscribe to its waiting sequence through the current thread's
    /// trampoline: at once when no trampoline runs on this thread, otherwise once the
    /// work queued before it is done (as `CurrentThreadScheduler.schedule` would, but
    /// the inner subscription is its own work item, so nothing is allocated). An inner
    /// sequence that completes synchronously thus never subscribes the next one from
    /// inside its own completion, however many are queued.
    @inline(never)
    private func subscribeOnTrampoline(_ inner: MergeInnerLink) {
        let trampoline = Trampoline.forCurrentThread()
        if trampoline.isActive {
            trampoline.enqueue(inner)
        } else {
            trampoline.runActive {
                inner.run(on: trampoline)
            }
        }
    }

    /// An element of an inner sequence: the hot path. Every running inner sequence may
    /// send, so nothing is decided under the lock.
    @inline(__always)
    func innerNext(_ element: Observer.Element) {
        forwardSerialized(next: element)
    }

    func innerCompleted(_ inner: MergeInnerLink) {
        // Not a `Disposable?`, whose destroy costs more (see `DisposableSlot`).
        var finished: Disposable = NopDisposable()
        var next: MergeInnerLink?
        let outcome: MergeInnerEnd = lock.withLock {
            finished = removeLocked(inner)
            if isStopped {
                return .nothing
            }
            if firstWaiting != nil, let waiting = dequeueWaitingLocked() {
                next = waiting
                return .subscribeWaiting
            }
            activeCount -= 1
            if sourceCompleted && activeCount == 0 {
                return stopLocked(failing: nil) ? .complete : .nothing
            }
            return .nothing
        }
        finished.dispose()
        switch outcome {
        case .nothing:
            break
        case .subscribeWaiting:
            subscribeOnTrampoline(next.unsafelyUnwrapped)
        case .complete:
            end(failing: nil)
        }
    }
}

/// Where a ``MergeSink`` keeps an inner subscription in its list of running ones. Not
/// generic, so that linking and unlinking need no type metadata.
///
/// Its mutable state belongs to the sink: read and written only under the sink's
/// `lock`, which is also why the runtime exclusivity checks are skipped.
private class MergeInnerLink: InnerSubscription {
    /// Subscribes to the inner sequence that waited for a free slot.
    func subscribeToWaitingSource() {
        abstractMethod()
    }

    /// The inner subscription before this one in the list of running ones. Not retained:
    /// while this one is in the list, the one before it is too, and holds this one
    /// through `next`; so linking and unlinking touch half the reference counts.
    /// `Unmanaged` rather than `unowned(unsafe)`, whose every read makes a strong
    /// reference (a retain and a release); an `Unmanaged` is used in place.
    @exclusivity(unchecked) final var previous: Unmanaged<MergeInnerLink>?
    /// The next inner subscription in the list of running ones, or in the queue of
    /// waiting ones.
    @exclusivity(unchecked) final var next: MergeInnerLink?
}

/// Observes one inner sequence for a ``MergeSink``, and holds its subscription.
///
/// When the inner sequence is a ``LoopProducer`` on the current-thread trampoline
/// (`range`, `of`, `from` an array), this observer runs its loop itself, as the
/// producer's own ``TrampolineLoopSink`` would: queued on the trampoline at subscription,
/// one element per turn while other work waits, then completion; the loop stops once
/// the sink finishes the inner subscription (``InnerSubscription/isFinished``), so the
/// inner sequence costs no sink, no ``SinkDisposer``, no subscription to keep and no
/// lookup of the sink's generic type. With a journey trace running, every inner
/// sequence is subscribed, so the trace shows each step.
///
/// `Element`, always `Observer.Element`, is a parameter of its own: the loop's generic
/// code then reads its metadata from this class's, where the associated type would be
/// looked up in the runtime on every turn of the loop (one per inner element).
final private class MergeInner<SourceElement, Element, Observer: ElementObserver>: MergeInnerLink, ElementObserver where Observer.Element == Element {
    private let parent: MergeSink<SourceElement, Observer>
    /// The inner sequence to subscribe to once a slot is free. Guarded by
    /// `parent.lock` until the inner subscription leaves the queue; then read once by
    /// the call that subscribes.
    @exclusivity(unchecked) var waitingSource: Observable<Element>?

    // The inner sequence whose loop this observer runs, retained (released by
    // `deinit`); `Unmanaged` so that each element reads it without a retain and a
    // release. It and the offset of the next element are touched only by the loop, on
    // the trampoline's thread, one turn at a time.
    @exclusivity(unchecked) private var loop: Unmanaged<LoopProducer<Element>>?
    @exclusivity(unchecked) private var loopOffset: UInt = 0
    @exclusivity(unchecked) private var loopCount: UInt = 0

    // `required` so that the sink can allocate through a stored metatype.
    required init(parent: MergeSink<SourceElement, Observer>) {
        self.parent = parent
    }

    /// Subscribes to `source` and hands the subscription to the sink; runs the loop of
    /// a ``LoopProducer`` itself.
    func subscribe(to source: Observable<Element>) {
        if let loopProducer = source.asLoopProducer() {
            if journeyTracingIsOn {
                JourneyTrace.step("MergeInner", "subscribe(to:)", "runs the inner \(typeName(loopProducer))'s loop itself on the trampoline: no sink and no SinkDisposer for the inner sequence")
            }
            startLoop(of: loopProducer, count: loopProducer.loopCount.unsafelyUnwrapped)
        } else {
            parent.subscribe(self, to: source)
        }
    }

    /// Queues the loop on the trampoline (running it at once when the trampoline is
    /// idle), where subscribing the producer would have queued its sink. There is no
    /// subscription to keep: finishing this inner subscription stops the loop.
    private func startLoop(of loopProducer: LoopProducer<Element>, count: UInt) {
        loop = Unmanaged.passRetained(loopProducer)
        loopCount = count
        Trampoline.start(onCurrentThread: self)
    }

    override func subscribeToWaitingSource() {
        subscribe(to: waitingSource.take().unsafelyUnwrapped)
    }

    /// Runs the inner sequence's loop; otherwise (queued while waiting for a slot)
    /// subscribes to the waiting inner sequence, unless the sink was disposed meanwhile.
    override func run(on trampoline: Trampoline) {
        if let loop {
            runLoop(loop, on: trampoline)
            return
        }
        let source = waitingSource.take().unsafelyUnwrapped
        if !parent.isDisposed {
            subscribe(to: source)
        }
    }

    /// The loop of ``TrampolineLoopSink``, sending to the sink directly. Inlined into
    /// `run(on:)`: the loop yields after every element while other work waits (always,
    /// in a `flatMap` over a synchronous outer sequence), so each element re-enters
    /// here, and a frame of its own cost every element a call.
    @inline(__always)
    private func runLoop(_ loop: Unmanaged<LoopProducer<Element>>, on trampoline: Trampoline) {
        var offset = loopOffset
        while !isFinished {
            if offset == loopCount {
                parent.innerCompleted(self)
                return
            }
            let element = loop._withUnsafeGuaranteedRef { $0.loopElement(at: offset) }
            offset &+= 1
            parent.innerNext(element)
            if trampoline.yields(self) {
                loopOffset = offset
                return
            }
        }
    }

    deinit {
        loop?.release()
    }

    func on(next element: Element) {
        parent.innerNext(element)
    }

    // The terminal road: the inner sequence's end reaches the sink without an `Event`.
    func on(error: Swift.Error) {
        parent.fail(error)
    }

    func onCompletion() {
        parent.innerCompleted(self)
    }
}
