extension ObservableType {
    /// Sends each intermediate result of folding the elements into an accumulator,
    /// starting from `seed`; the accumulator is updated in place.
    ///
    /// Nothing is sent for the seed itself: an empty source gives an empty result. If
    /// `accumulator` throws, the sequence ends with that error. For the final result
    /// only, see ``reduce(_:accumulator:isolation:)``.
    ///
    /// ```
    /// source:                           -1----2------3--------|
    /// scan(into: []) { $0.append($1) }: -[1]--[1,2]--[1,2,3]--|
    /// ```
    ///
    /// ```swift
    /// Observable.of("a", "b", "c")
    ///     .scan(into: "") { text, letter in text += letter }
    ///     .subscribe(onNext: { print($0) })   // a, ab, abc
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulator's value before the first element; each subscription
    ///     starts from its own copy.
    ///   - accumulator: Updates the accumulator with one element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the accumulated value after each element.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void, isolation: (any Actor)? = #isolation) -> Observable<A> {
        Scan(source: delivering(to: isolation), seed: seed, accumulator: accumulator).deliveringOnMainActor(if: isolation)
    }

    /// Sends each intermediate result of folding the elements with `accumulator`,
    /// starting from `seed`.
    ///
    /// Nothing is sent for the seed itself: an empty source gives an empty result. If
    /// `accumulator` throws, the sequence ends with that error. For the final result
    /// only, see ``reduce(_:accumulator:isolation:)``.
    ///
    /// ```
    /// source:      -1-2-3-4--|
    /// scan(0, +):  -1-3-6-10-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4)
    ///     .scan(0) { total, element in total + element }
    ///     .subscribe(onNext: { print($0) })   // 1, 3, 6, 10
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Combines the accumulated value with one element into the next
    ///     accumulated value: on the actor it was written on if it is isolated to one
    ///     (elements sent elsewhere hop there first), otherwise on the thread that sent
    ///     the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the accumulated value after each element.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A, isolation: (any Actor)? = #isolation) -> Observable<A> {
        Scan(source: delivering(to: isolation), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
        .deliveringOnMainActor(if: isolation)
    }
}

final private class Scan<Source, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, Source) throws -> Void

    private let source: Observable<Source>
    private let seed: Accumulate
    private let accumulator: Accumulator

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Accumulate {
        subscribing(ScanSink<Source, Observer>(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel), to: source)
    }
}

/// Keeps one subscription's accumulator and forwards it after each element, on the
/// element road: no `Event` per element, no allocation of its own.
final private class ScanSink<Source, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Source
    typealias Accumulate = Observer.Element

    private let accumulator: (inout Accumulate, Source) throws -> Void
    // One slot, always initialized, allocated once per subscription. The accumulator
    // mutates it in place (an array accumulator is not copied unless downstream kept
    // the previous value), and, unlike a stored `var`, the inout access costs no
    // runtime exclusivity check per element. Touched only by the upstream's events,
    // which the grammar serialises.
    private let accumulated = UnsafeMutablePointer<Accumulate>.allocate(capacity: 1)

    init(seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void, observer: Observer, cancel: SinkDisposer) {
        accumulated.initialize(to: seed)
        self.accumulator = accumulator
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        accumulated.deinitialize(count: 1)
        accumulated.deallocate()
    }

    func on(next element: Source) {
        do {
            try accumulator(&accumulated.pointee, element)
            forwardOn(next: accumulated.pointee)
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
