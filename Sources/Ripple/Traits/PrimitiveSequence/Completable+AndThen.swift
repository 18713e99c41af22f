extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// When this Completable completes, continues with `second`; an error from this
    /// Completable ends the result without subscribing to `second`.
    ///
    /// ```
    /// self:      --|
    /// second:      -(1|)
    /// andThen:   ---(1|)
    /// ```
    ///
    /// ```swift
    /// login().andThen(fetchProfile())
    /// ```
    ///
    /// - Parameter second: The Single to subscribe to once this Completable completes.
    /// - Returns: A Single with `second`'s result, or this Completable's error.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: CompletablesThen(completables: [primitiveSequence.source], last: second.source))
    }

    /// When this Completable completes, continues with `second`.
    ///
    /// ```
    /// self:      --|
    /// second:      -|
    /// andThen:   ---|
    /// ```
    ///
    /// ```swift
    /// login().andThen(cachedProfile())
    /// ```
    ///
    /// - Parameter second: The Maybe to subscribe to once this Completable completes.
    /// - Returns: A Maybe with `second`'s result, or this Completable's error.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: CompletablesThen(completables: [primitiveSequence.source], last: second.source))
    }

    /// When this Completable completes, continues with `second`.
    ///
    /// ```
    /// self:      --|
    /// second:      -|
    /// andThen:   ---|
    /// ```
    ///
    /// ```swift
    /// save(user).andThen(sync())
    /// ```
    ///
    /// - Parameter second: The Completable to subscribe to once this one completes.
    /// - Returns: A Completable that completes when `second` does, or fails with the first error.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: CompletablesThen(completables: [primitiveSequence.source, second.source], last: nil))
    }

    /// When this Completable completes, continues with `second`.
    ///
    /// ```
    /// self:      --|
    /// second:      -1-2-|
    /// andThen:   ---1-2-|
    /// ```
    ///
    /// ```swift
    /// connect().andThen(messages)
    /// ```
    ///
    /// - Parameter second: The sequence to subscribe to once this Completable completes.
    /// - Returns: A sequence with `second`'s events, or this Completable's error.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        CompletablesThen(completables: [primitiveSequence.source], last: second)
    }

    /// Subscribes to `second` after this Completable completes.
    ///
    /// ```
    /// self:      --|
    /// second:      -|
    /// concat:    ---|
    /// ```
    ///
    /// ```swift
    /// save(user).concat(sync())
    /// ```
    ///
    /// - Parameter second: The sequence to continue with.
    /// - Returns: A Completable that completes when `second` does, or fails with the first error.
    public func concat(_ second: Completable) -> Completable {
        andThen(second)
    }

    /// Runs the Completables one after another, each once the previous completed; the
    /// first error ends the result.
    ///
    /// ```
    /// first:    -|
    /// second:    --|
    /// concat:   ---|
    /// ```
    ///
    /// ```swift
    /// Completable.concat([migrate(), seed(), warmUp()])
    /// ```
    ///
    /// - Parameter sequence: The sources, in order.
    /// - Returns: A Completable that completes after the last source does, or fails with the first error.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable where Sequence.Element == Completable {
        Completable(raw: CompletablesThen(completables: sequence.map(\.source), last: nil))
    }

    /// Runs the Completables one after another, each once the previous completed; the
    /// first error ends the result.
    ///
    /// ```
    /// first:    -|
    /// second:    --|
    /// concat:   ---|
    /// ```
    ///
    /// ```swift
    /// Completable.concat([migrate(), seed()])
    /// ```
    ///
    /// - Parameter collection: The sources, in order.
    /// - Returns: A Completable that completes after the last source does, or fails with the first error.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable where Collection.Element == Completable {
        Completable(raw: CompletablesThen(completables: collection.map(\.source), last: nil))
    }

    /// Runs the Completables one after another, each once the previous completed; the
    /// first error ends the result.
    ///
    /// ```
    /// first:    -|
    /// second:    --|
    /// concat:   ---|
    /// ```
    ///
    /// ```swift
    /// Completable.concat(migrate(), seed(), warmUp())
    /// ```
    ///
    /// - Parameter sources: The sources, in order.
    /// - Returns: A Completable that completes after the last source does, or fails with the first error.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: CompletablesThen(completables: sources.map(\.source), last: nil))
    }
}

/// Subscribes to each of `completables` in turn, each after the previous completed,
/// then to `last` (if any) whose events it forwards; an error ends it at once.
///
/// A Completable that completes while being subscribed to does not subscribe the next
/// one from inside that call: the next subscription goes through the current-thread
/// trampoline, so a long run of synchronous Completables keeps the stack flat.
final private class CompletablesThen<Element>: Producer<Element> {
    let completables: [Observable<Never>]
    let last: Observable<Element>?

    init(completables: [Observable<Never>], last: Observable<Element>?) {
        self.completables = completables
        self.last = last
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CompletablesThenSink(parent: self, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run())
    }
}

final private class CompletablesThenSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    // The Completables not yet subscribed, the next one last: each is popped (and so
    // released, with whatever its closures captured) as it is subscribed, and its
    // finished subscription is released when the next stage replaces it in `current`,
    // so a long chain does not keep its finished stages alive (as RxSwift does not).
    // Touched only by the step that subscribes the next stage, and steps run one at a
    // time (each starts after the previous one completed).
    private var pending: [Observable<Never>]
    private var last: Observable<Element>?
    private let current = SerialDisposable()

    init(parent: CompletablesThen<Element>, observer: Observer, cancel: SinkDisposer) {
        pending = parent.completables.reversed()
        last = parent.last
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        step()
        return current
    }

    /// Subscribes the next Completable, or `last`, or completes.
    private func step() {
        if isDisposed {
            return
        }
        if let completable = pending.popLast() {
            current.disposable = completable.subscribe(elementObserver: CompletableStage(sink: self))
        } else if let last {
            self.last = nil
            current.disposable = last.subscribe(elementObserver: self)
        } else {
            forwardCompletedAndDispose()
        }
    }

    /// A Completable before `last` completed: move on through the trampoline.
    func stageCompleted() {
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            step()
            return Disposables.create()
        }
    }

    func stageFailed(_ error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }
}

/// Observes one of the Completables before `last` for a ``CompletablesThenSink``.
final private class CompletableStage<Observer: ElementObserver>: ElementObserver {
    typealias Element = Never

    private let sink: CompletablesThenSink<Observer>

    init(sink: CompletablesThenSink<Observer>) {
        self.sink = sink
    }

    func on(next element: Never) {}

    func on(error: Swift.Error) {
        sink.stageFailed(error)
    }

    func onCompletion() {
        sink.stageCompleted()
    }
}
