extension ObservableType {
    /// Continues with the sequence `handler` returns when this sequence fails.
    ///
    /// The handler runs once, with the error; its sequence replaces the failed one,
    /// and whatever that sequence sends (including its own error) goes downstream. If
    /// the handler throws, the sequence fails with the thrown error.
    ///
    /// ```
    /// source:              -1-2-x
    /// handler's sequence:        -8-9-|
    /// catch:               -1-2--8-9-|
    /// ```
    ///
    /// ```swift
    /// loadFromNetwork()
    ///     .catch { error in loadFromCache() }
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// A handler whose sequence is itself a `catch` (a chain of fallbacks built as it
    /// goes, each failing at once) is followed in the same subscription, so a chain of
    /// any length keeps the stack flat.
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; a throw fails the
    ///     result with the thrown error. It runs on the actor it was written on if it is
    ///     isolated to one (this sequence's events, sent elsewhere, hop there first;
    ///     the sequence it returns sends where it sends), otherwise on the thread that
    ///     sent the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: This sequence, continued by `handler`'s sequence after an error.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        Catch(source: delivering(to: isolation), handler: handler)
    }

    /// Ends with `element` instead of failing: when this sequence fails, sends
    /// `element` and completes.
    ///
    /// ```
    /// source:                -1-2-x
    /// catchAndReturn(0):     -1-2-(0|)
    /// ```
    ///
    /// ```swift
    /// fetchCount()
    ///     .catchAndReturn(0)
    ///     .subscribe(onNext: { print($0) })   // the count, or 0 if fetching failed
    /// ```
    ///
    /// - Parameter element: The element to send, before completing, instead of the error.
    /// - Returns: This sequence, ending with `element` and completion instead of an error.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: asObservable(), handler: { _ in Observable.just(element) })
    }
}

/// `catch(_:)` and `catchAndReturn(_:)`.
final private class Catch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    let source: Observable<Element>
    let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to a `catch`.
///
/// It observes the source itself; when the source fails it calls the handler at once
/// (inside the `.error`, as RxSwift does) and hands over to the handler's sequence:
///
/// - an ordinary sequence is subscribed through a ``CatchReplacementObserver``, which
///   passes everything on, its error included: a `catch` catches once;
/// - a sequence that is itself a `catch` is *adopted*: this sink takes over its
///   source and its handler, so a chain of fallbacks runs in one sink instead of one
///   nested sink per link (elements then reach the observer through one sink, not
///   through every link of the chain).
///
/// Hand-overs go through `handOffs`: the call that claims it subscribes, and one asked
/// for meanwhile (an adopted source failing at once) runs after that subscription
/// returns, so fallbacks that fail at once loop instead of recursing. The first, with
/// nothing in progress, happens inside the `.error` call, as in RxSwift.
final private class CatchSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element
    typealias Handler = Catch<Element>.Handler

    private let subscription = SerialDisposable()
    private let lock = Lock()
    // Guarded by `lock`. `handler` changes when a `catch` sequence is adopted;
    // `handOffs` holds the sequences waiting to be subscribed.
    private var handler: Handler
    private let handOffs = SerializationPoint<Observable<Element>, ClaimsUnderLock>()

    init(handler: @escaping Handler, observer: Observer, cancel: SinkDisposer) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        observeSource(source)
        return subscription
    }

    /// Subscribes this sink to a source whose error it catches. The slot goes into
    /// `subscription` first, so that a hand-over made while the source fails during
    /// `subscribe` is not overwritten by the source's own disposable afterwards.
    private func observeSource(_ source: Observable<Element>) {
        let slot = SingleAssignmentDisposable()
        subscription.disposable = slot
        slot.setDisposable(source.subscribe(elementObserver: self))
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        recover(from: error)
    }

    func onCompletion() {
        forwardCompletedAndDispose()
    }

    private func recover(from error: Swift.Error) {
        if isDisposed {
            return
        }
        let handler = lock.withLock { self.handler }
        let replacement: Observable<Element>
        do {
            replacement = try handler(error)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        let acting: Bool = lock.withLock {
            handOffs.claim(orLeaveWithoutWaiting: replacement)
        }
        guard acting else { return }
        handOff(to: replacement)
        handOffs.finishTurn(under: lock) { handOff(to: $0) }
    }

    private func handOff(to replacement: Observable<Element>) {
        if isDisposed {
            return
        }
        if let fallback = replacement as? Catch<Element> {
            lock.withLock { handler = fallback.handler }
            observeSource(fallback.source)
        } else {
            // As RxSwift: subscribe first, then let the serial disposable release the
            // failed source's subscription.
            subscription.disposable = replacement.subscribe(elementObserver: CatchReplacementObserver(sink: self))
        }
    }
}

/// Observes the handler's sequence for a ``CatchSink``: passes every event on, and
/// ends the subscription with that sequence's terminal event.
final private class CatchReplacementObserver<Observer: ElementObserver>: ElementObserver {
    typealias Element = Observer.Element

    private let sink: CatchSink<Observer>

    init(sink: CatchSink<Observer>) {
        self.sink = sink
    }

    func on(next element: Element) {
        sink.forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        sink.forwardErrorAndDispose(error)
    }

    func onCompletion() {
        sink.forwardCompletedAndDispose()
    }
}
