
extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes to every Completable at once and completes when all have completed;
    /// the first error ends the result and disposes the rest. (For Completables, `zip`
    /// is a merge.) No sources: completes at once.
    ///
    /// ```
    /// first:    --|
    /// second:   ----|
    /// zip:      ----|
    /// ```
    ///
    /// ```swift
    /// Completable.zip([saveUser(), saveSettings()])
    /// ```
    ///
    /// - Parameter sources: The Completables to run together.
    /// - Returns: A Completable that completes when every source has, or fails with the first error.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable where Collection.Element == Completable {
        Completable(raw: MergeCompletables(sources: sources.map(\.source)))
    }

    /// Subscribes to every Completable at once and completes when all have completed;
    /// the first error ends the result.
    ///
    /// ```
    /// first:    --|
    /// second:   ----|
    /// zip:      ----|
    /// ```
    ///
    /// ```swift
    /// Completable.zip([saveUser(), saveSettings()])
    /// ```
    ///
    /// - Parameter sources: The Completables to run together.
    /// - Returns: A Completable that completes when every source has, or fails with the first error.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: MergeCompletables(sources: sources.map(\.source)))
    }

    /// Subscribes to every Completable at once and completes when all have completed;
    /// the first error ends the result.
    ///
    /// ```
    /// first:    --|
    /// second:   ----|
    /// zip:      ----|
    /// ```
    ///
    /// ```swift
    /// Completable.zip(saveUser(), saveSettings())
    /// ```
    ///
    /// - Parameter sources: The Completables to run together.
    /// - Returns: A Completable that completes when every source has, or fails with the first error.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: MergeCompletables(sources: sources.map(\.source)))
    }
}

/// Completes when all `sources` have; fails with the first error.
final private class MergeCompletables: Producer<Never> {
    let sources: [Observable<Never>]

    init(sources: [Observable<Never>]) {
        self.sources = sources
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Never {
        let sink = MergeCompletablesSink(remaining: sources.count, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run(sources))
    }
}

final private class MergeCompletablesSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == Never {
    typealias Element = Never

    // The sources may end on different threads: the count of those still running and
    // whether the result has ended are atomics, so exactly one source's event ends it.
    private let remaining: AtomicValue<Int>
    private let stopped = AtomicValue<Bool>(false)

    init(remaining: Int, observer: Observer, cancel: SinkDisposer) {
        self.remaining = AtomicValue(remaining)
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<Never>]) -> Disposable {
        if sources.isEmpty {
            finish(.completed)
            return Disposables.create()
        }
        let subscriptions = CompositeDisposable()
        for source in sources {
            if stopped.load(ordering: .acquiring) {
                break
            }
            _ = subscriptions.insert(source.subscribe(elementObserver: self))
        }
        return subscriptions
    }

    func on(next element: Never) {}

    func on(error: Swift.Error) {
        finish(.error(error))
    }

    func onCompletion() {
        if remaining.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            finish(.completed)
        }
    }

    private func finish(_ event: Event<Never>) {
        if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
            forwardOn(event)
            dispose()
        }
    }
}
