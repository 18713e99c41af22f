
extension ObservableType {
    /// Drops the source's elements until `other` sends an element, then sends the
    /// rest.
    ///
    /// The source is subscribed first, then `other`; `other` is disposed as soon as
    /// it sends its first element or completes. An error from `other` before that
    /// ends the sequence with that error.
    ///
    /// As in RxSwift, if the source completes before `other` has sent an element, the
    /// completion is **not** passed on: the subscription ends silently (both
    /// sequences are disposed, and the observer hears nothing). A source error always
    /// passes through.
    ///
    /// ```
    /// source:            -1-2-3-4-5-|
    /// other:             -----x-
    /// skip(until: o):    -------4-5-|
    /// ```
    ///
    /// ```swift
    /// // Ignores taps until the screen has finished loading.
    /// taps.skip(until: loaded)
    ///     .subscribe(onNext: { handle($0) })
    /// ```
    ///
    /// - Parameter other: The sequence whose first element (of any type) opens the gate.
    /// - Returns: A sequence with the elements sent after `other` sent its first
    ///   element.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }

    /// Drops the source's elements until `other` sends an element: the name RxSwift 5
    /// used for ``skip(until:)``.
    ///
    /// ```
    /// source:           -1-2-3-|
    /// other:            ---x-
    /// skipUntil(o):     -----3-|
    /// ```
    ///
    /// ```swift
    /// taps.skipUntil(loaded)   // prefer skip(until:)
    /// ```
    ///
    /// - Parameter other: The sequence whose first element starts the result.
    /// - Returns: A sequence with the elements sent after `other` sent its first element.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

final private class SkipUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipUntilSink<Observer, Other>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink: sink, subscription: subscription)
    }
}

/// The bits of ``SkipUntilSink``'s state word.
private enum SkipUntilState {
    /// The other sequence has sent an element: the source's elements pass.
    static let open = 1
    /// The sequence has ended (or is ending).
    static let stopped = 2
}

/// Drops the source's elements until the other sequence opens the gate.
///
/// The source and the other sequence may send from different threads. No lock is
/// needed, because they never have anything to send at the same time: the other
/// sequence can only send an error, and only while the gate is closed; the source's
/// elements pass only once the gate is open, after which the other sequence is
/// ignored. The only race left is between the two ends (the source's terminal event
/// and the other's error, both before the gate opens), and an atomic `stopped` flag
/// lets exactly one of them through. So each element costs one atomic load.
final private class SkipUntilSink<Observer: ElementObserver, Other>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let state = AtomicValue<Int>(0)
    private let otherSubscription = SingleAssignmentDisposable()

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        // The source first, as in RxSwift.
        let sourceSubscription = source.subscribe(elementObserver: self)
        otherSubscription.setDisposable(other.subscribe(elementObserver: SkipUntilOtherObserver(sink: self)))
        return Disposables.create(sourceSubscription, otherSubscription)
    }

    // MARK: The source

    func on(next element: Element) {
        if state.load(ordering: .acquiring) == SkipUntilState.open {
            forwardOn(next: element)
        }
    }

    func on(error: Swift.Error) {
        let before = state.bitwiseOr(SkipUntilState.stopped, ordering: .acquiringAndReleasing).oldValue
        if before & SkipUntilState.stopped == 0 {
            forwardErrorAndDispose(error)
        }
    }

    func onCompletion() {
        let before = state.bitwiseOr(SkipUntilState.stopped, ordering: .acquiringAndReleasing).oldValue
        if before & SkipUntilState.stopped != 0 {
            return
        }
        // RxSwift's behaviour: a completion before the gate opened is swallowed.
        if before & SkipUntilState.open != 0 {
            forwardCompletedAndDispose()
        } else {
            dispose()
        }
    }

    // MARK: The other sequence

    /// The other sequence sent an element: opens the gate and lets it go.
    func otherFired() {
        // Opens only a gate that is closed and a sequence still running.
        _ = state.compareExchange(expected: 0, desired: SkipUntilState.open, ordering: .acquiringAndReleasing)
        otherSubscription.dispose()
    }

    /// The other sequence failed: the error ends the sequence, unless the gate is
    /// already open or the sequence has ended.
    func otherFailed(_ error: Swift.Error) {
        let (claimed, _) = state.compareExchange(expected: 0, desired: SkipUntilState.stopped, ordering: .acquiringAndReleasing)
        if claimed {
            forwardErrorAndDispose(error)
        }
    }

    /// The other sequence completed without an element: the gate stays closed.
    func otherCompleted() {
        otherSubscription.dispose()
    }
}

/// Observes the other sequence for a ``SkipUntilSink``.
final private class SkipUntilOtherObserver<Observer: ElementObserver, Other>: ElementObserver {
    typealias Element = Other

    private let sink: SkipUntilSink<Observer, Other>

    init(sink: SkipUntilSink<Observer, Other>) {
        self.sink = sink
    }

    func on(next element: Other) {
        sink.otherFired()
    }

    func on(error: Swift.Error) {
        sink.otherFailed(error)
    }

    func onCompletion() {
        sink.otherCompleted()
    }
}
