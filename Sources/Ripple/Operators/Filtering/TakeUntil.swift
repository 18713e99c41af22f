
extension ObservableType {
    /// Sends the source's elements until `other` sends an element, then completes and
    /// disposes both.
    ///
    /// `other` is subscribed first, then the source. An error from `other` ends the
    /// sequence with that error; if `other` completes without an element, it is
    /// disposed and the source simply goes on to its own end.
    ///
    /// If `other` fires while a source element is being delivered (from another
    /// thread, or from inside your `onNext`), the completion is sent right after that
    /// delivery returns, never during it.
    ///
    /// ```
    /// source:            -1-2-3-4-5-|
    /// other:             -------x-
    /// take(until: o):    -1-2-3-|
    /// ```
    ///
    /// ```swift
    /// // Listens to the ticker until the screen goes away.
    /// ticker.take(until: screenClosed)
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameter other: The sequence whose first element (of any type) ends this one.
    /// - Returns: A sequence with the elements sent before `other` sends an element.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: asObservable(), other: other.asObservable())
    }

    /// Sends the source's elements until `other` sends an element: the name RxSwift 5
    /// used for `take(until:)` with another sequence.
    ///
    /// ```
    /// source:           -1-2-3-|
    /// other:            -----x-
    /// takeUntil(o):     -1-2-|
    /// ```
    ///
    /// ```swift
    /// ticker.takeUntil(screenClosed)   // prefer take(until:)
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: A sequence with the elements sent before `other` sends an element.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}

final private class TakeUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeUntilSink<Observer, Other>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink: sink, subscription: subscription)
    }
}

/// The bits of ``TakeUntilSink``'s state word.
private enum TakeUntilState {
    /// The sequence is ending: no element is let through any more.
    static let stopped = 1
    /// The other sequence fired during a forward; the terminal event waits for it.
    static let terminalPending = 2
    /// One element being forwarded; the count lives in the bits above the flags.
    static let forwarding = 4
}

/// Forwards the source's elements until the other sequence fires.
///
/// The source and the other sequence may send from different threads, and the
/// observer must never be called by both at once nor hear anything after the end.
/// One atomic word settles it, with no lock: the source counts the elements it is
/// forwarding right now, and whoever ends the sequence first sets `stopped`. When the
/// other sequence fires while an element is being forwarded, it does not end the
/// sequence itself: it leaves its terminal event pending, and the source's thread
/// sends it as soon as its element has been delivered.
final private class TakeUntilSink<Observer: ElementObserver, Other>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let state = AtomicValue<Int>(0)
    // The other sequence's error, when it arrived during a forward. Written by the
    // other sequence's thread before it publishes `terminalPending` (a releasing
    // exchange), read only by the thread that then sees that flag (acquiring).
    private var pendingError: Swift.Error?
    private let otherSubscription = SingleAssignmentDisposable()

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        // The other sequence first, as in RxSwift: if it fires during its own
        // subscription, the source's elements are never forwarded.
        otherSubscription.setDisposable(other.subscribe(elementObserver: TakeUntilOtherObserver(sink: self)))
        let sourceSubscription = source.subscribe(elementObserver: self)
        return Disposables.create(sourceSubscription, otherSubscription)
    }

    // MARK: The source

    func on(next element: Element) {
        let before = state.wrappingAdd(TakeUntilState.forwarding, ordering: .acquiringAndReleasing).oldValue
        if before & TakeUntilState.stopped == 0 {
            forwardOn(next: element)
        }
        let after = state.wrappingSubtract(TakeUntilState.forwarding, ordering: .acquiringAndReleasing).newValue
        if after == TakeUntilState.stopped | TakeUntilState.terminalPending {
            sendPendingTerminal()
        }
    }

    func on(error: Swift.Error) {
        if stopsFirst() {
            forwardErrorAndDispose(error)
        }
    }

    func onCompletion() {
        if stopsFirst() {
            forwardCompletedAndDispose()
        }
    }

    /// Marks the sequence stopped; `true` for the one call that stopped it, which
    /// then sends the terminal event.
    private func stopsFirst() -> Bool {
        let before = state.bitwiseOr(TakeUntilState.stopped, ordering: .acquiringAndReleasing).oldValue
        return before & TakeUntilState.stopped == 0
    }

    /// Sends the other sequence's terminal event, left while an element was being
    /// forwarded, once no element is being forwarded any more.
    @inline(never)
    private func sendPendingTerminal() {
        // Only the source's thread changes the count, so only it can get here; the
        // exchange makes sure it sends the event once.
        let claimed = state.compareExchange(
            expected: TakeUntilState.stopped | TakeUntilState.terminalPending,
            desired: TakeUntilState.stopped,
            ordering: .acquiringAndReleasing
        ).exchanged
        guard claimed else { return }
        if let error = pendingError {
            pendingError = nil
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }

    // MARK: The other sequence

    /// The other sequence sent an element (`error == nil`) or failed.
    func otherFired(error: Swift.Error?) {
        var current = state.load(ordering: .acquiring)
        while true {
            if current & TakeUntilState.stopped != 0 {
                return
            }
            let isForwarding = current >= TakeUntilState.forwarding
            if isForwarding {
                pendingError = error
            }
            let desired = isForwarding ? current | TakeUntilState.stopped | TakeUntilState.terminalPending : current | TakeUntilState.stopped
            let (exchanged, original) = state.compareExchange(expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged {
                if isForwarding {
                    return
                }
                break
            }
            current = original
        }
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
    }

    /// The other sequence completed without an element: it can no longer end this
    /// one, so it is simply let go.
    func otherCompleted() {
        otherSubscription.dispose()
    }
}

/// Observes the other sequence for a ``TakeUntilSink``.
final private class TakeUntilOtherObserver<Observer: ElementObserver, Other>: ElementObserver {
    typealias Element = Other

    private let sink: TakeUntilSink<Observer, Other>

    init(sink: TakeUntilSink<Observer, Other>) {
        self.sink = sink
    }

    func on(next element: Other) {
        sink.otherFired(error: nil)
    }

    func on(error: Swift.Error) {
        sink.otherFired(error: error)
    }

    func onCompletion() {
        sink.otherCompleted()
    }
}
