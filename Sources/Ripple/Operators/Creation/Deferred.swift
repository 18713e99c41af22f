extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to
    /// the sequence it returns. If the factory throws, the sequence fails with that error.
    ///
    /// ```swift
    /// let now = Observable.deferred { Observable.just(clock.now) }   // read at subscribe time
    /// ```
    ///
    /// - Parameters:
    ///   - observableFactory: Makes the sequence for each subscriber; a throw fails that
    ///     subscriber's sequence. It runs on the actor it was written on if it is
    ///     isolated to one (a subscription made elsewhere moves there, and so does its
    ///     disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that calls `observableFactory` for each subscriber.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        Observable.makeDeferred(observableFactory, disposesSourceBeforeCompleting: false, isolation: isolation)
    }
}

extension Observable {
    /// `deferred`, except that when the sequence the factory made completes after its
    /// subscription, that subscription is disposed before the completion is passed on,
    /// as `flatMap` and its kin dispose an inner sequence: what `just(x).flatMap(f)` is.
    static func deferredAsInner(_ observableFactory: @escaping () throws -> Observable<Element>, isolation: (any Actor)?) -> Observable<Element> {
        makeDeferred(observableFactory, disposesSourceBeforeCompleting: true, isolation: isolation)
    }

    /// A ``Deferred``, or for a factory isolated to an actor an ``IsolatedDeferred``.
    fileprivate static func makeDeferred(
        _ observableFactory: @escaping () throws -> Observable<Element>,
        disposesSourceBeforeCompleting: Bool,
        isolation: (any Actor)?
    ) -> Observable<Element> {
        let deferred = Deferred(observableFactory: observableFactory, disposesSourceBeforeCompleting: disposesSourceBeforeCompleting)
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return deferred
        }
        return IsolatedDeferred(deferred, executor: executor)
    }
}

/// `deferred` with a factory isolated to an actor: subscribed, and disposed, on the
/// actor's executor (at once when subscribed there). Still an ``UnfoldingProducer``: a
/// `concat` that meets it on that executor unfolds it as it unfolds a `deferred`, so
/// that recursive pages written on the actor keep the stack flat; met elsewhere, it
/// unfolds into the subscription that moves to the actor.
final private class IsolatedDeferred<Element>: UnfoldingProducer<Element> {
    private let deferred: Deferred<Element>
    private let executor: IsolationExecutor
    private let moved: Observable<Element>

    init(_ deferred: Deferred<Element>, executor: IsolationExecutor) {
        self.deferred = deferred
        self.executor = executor
        moved = deferred.subscribe(on: executor)
    }

    override var disposesSourceBeforeCompleting: Bool {
        deferred.disposesSource
    }

    override func unfold() throws -> Unfolded<Element> {
        if executor.isCurrent {
            return try deferred.unfold()
        }
        return .source(moved)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = IsolatedDeferredSink(observer: observer, cancel: cancel)
        let subscription = moved.subscribe(elementObserver: sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Passes on the events of an ``IsolatedDeferred``'s moved subscription.
final private class IsolatedDeferredSink<Observer: ElementObserver>: PassThroughSink<Observer> {}

/// An ``UnfoldingProducer``: a `concat` among whose sources it appears calls the
/// factory itself and carries on with the result in its own sink, so that a page that
/// concatenates `deferred { nextPage }` runs any number of pages in constant stack.
final private class Deferred<Element>: UnfoldingProducer<Element> {
    let observableFactory: () throws -> Observable<Element>
    let disposesSource: Bool

    init(observableFactory: @escaping () throws -> Observable<Element>, disposesSourceBeforeCompleting: Bool = false) {
        self.observableFactory = observableFactory
        self.disposesSource = disposesSourceBeforeCompleting
    }

    override var disposesSourceBeforeCompleting: Bool {
        disposesSource
    }

    override func unfold() throws -> Unfolded<Element> {
        .source(try observableFactory())
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class DeferredSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    /// The source's subscription, when it is disposed before the completion passes on.
    /// Written before the source is subscribed, so before any event can read it.
    private var source: SingleAssignmentDisposable?

    func run(_ parent: Deferred<Element>) -> Disposable {
        do {
            let observable = try parent.observableFactory()
            guard parent.disposesSource else {
                return observable.subscribe(elementObserver: self)
            }
            let source = SingleAssignmentDisposable()
            self.source = source
            source.setDisposable(observable.subscribe(elementObserver: self))
            return source
        } catch {
            forwardErrorAndDispose(error)
            return Disposables.create()
        }
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        // Not set yet when the source completes during its subscription: it is then
        // disposed once subscribed, after the completion, as `flatMap` does.
        source?.dispose()
        forwardCompletedAndDispose()
    }
}
