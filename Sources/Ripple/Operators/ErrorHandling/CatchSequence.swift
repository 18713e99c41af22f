extension ObservableType {
    /// Subscribes to the sequences one after another while they fail: the first that
    /// completes ends the result, and if every one fails, the result fails with the
    /// last error. An empty collection completes at once.
    ///
    /// ```
    /// first:    -1-x
    /// second:      -2-x
    /// third:          -3-|
    /// catch:    -1--2--3-|
    /// ```
    ///
    /// ```swift
    /// Observable.catch(sequence: [primaryServer, mirror, localCache])
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// The sequences are taken lazily from `sequence`, once per subscription.
    ///
    /// - Parameter sequence: The sequences to try, in order.
    /// - Returns: A sequence that moves to the next sequence after each error.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }

    /// Subscribes again each time this sequence fails, until it completes.
    ///
    /// **This can run forever** if the sequence keeps failing.
    ///
    /// ```
    /// source (1st try):  -1-x
    /// source (2nd try):     -1-2-|
    /// retry():           -1--1-2-|
    /// ```
    ///
    /// ```swift
    /// fetchProfile()
    ///     .retry()
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// A source that fails synchronously is subscribed again in a loop, not by
    /// recursion, so any number of attempts keeps the stack flat.
    ///
    /// - Returns: A sequence with the elements of every attempt, ending with the first
    ///   attempt that completes.
    public func retry() -> Observable<Element> {
        CatchSequence(sources: RepeatedForever(element: asObservable()))
    }

    /// Subscribes to this sequence at most `maxAttemptCount` times, as long as it
    /// fails; the last attempt's error ends the result.
    ///
    /// `maxAttemptCount` counts attempts, not retries: to retry once after a failure,
    /// write `retry(2)`. `retry(0)` never subscribes and completes at once. A negative
    /// count fails with ``RxError/argumentOutOfRange`` when subscribed (RxSwift traps).
    ///
    /// ```
    /// source (each try):  -1-x
    /// retry(2):           -1--1-x
    /// ```
    ///
    /// ```swift
    /// upload(file)
    ///     .retry(3)   // the first try and up to two more
    ///     .subscribe(onError: { report($0) })
    /// ```
    ///
    /// - Parameter maxAttemptCount: How many times to subscribe at most.
    /// - Returns: A sequence with the elements of every attempt.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        guard maxAttemptCount >= 0 else {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return CatchSequence(sources: Swift.repeatElement(asObservable(), count: maxAttemptCount))
    }
}

/// The source of `retry()`: the same sequence, forever.
private struct RepeatedForever<Element>: Sequence, IteratorProtocol {
    let element: Element

    func next() -> Element? {
        element
    }
}

/// `catch(sequence:)`, `retry()` and `retry(_:)`.
final private class CatchSequence<Sources: Sequence, Element>: Producer<Element> where Sources.Element == Observable<Element> {
    let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSequenceSink(sources: sources, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to a ``CatchSequence``.
///
/// Moving to the next sequence happens in `moveNext`, behind a gate (RxSwift's
/// tail-recursive sink does the same with its own lock): the call that claims the gate
/// subscribes, and a move requested meanwhile (the new sequence failing during its
/// `subscribe`, or from another thread) is queued and made once that `subscribe` has
/// returned. So a source that fails synchronously is retried in a loop, and a move
/// with nothing in progress happens at once, inside the `.error` call, as in RxSwift.
///
/// A sequence that is itself a `catch(sequence:)` of the same kind (`retry(2)` of a
/// `retry(3)`, nested collections) is not subscribed but flattened: its sequences are
/// iterated in place, on a stack of iterators, as RxSwift does.
final private class CatchSequenceSink<Sources: Sequence, Observer: ElementObserver>: Sink<Observer>, ElementObserver
    where Sources.Element == Observable<Observer.Element> {
    typealias Element = Observer.Element

    private let subscription = SerialDisposable()
    private let lock = Lock()
    // Guarded by `lock`.
    private let moves = SerializationPoint<Void, ClaimsUnderLock>()
    private var lastError: Swift.Error?
    // Touched only by the call that holds the right to act in `moves`.
    private var iterators: [Sources.Iterator]

    init(sources: Sources, observer: Observer, cancel: SinkDisposer) {
        self.iterators = [sources.makeIterator()]
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        moveNext(after: nil)
        return subscription
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        moveNext(after: error)
    }

    func onCompletion() {
        forwardCompletedAndDispose()
    }

    private func moveNext(after error: Swift.Error?) {
        let acting: Bool = lock.withLock {
            if let error {
                lastError = error
            }
            return moves.claim(orLeaveWithoutWaiting: ())
        }
        guard acting else { return }
        subscribeToNext()
        moves.finishTurn(under: lock) { subscribeToNext() }
    }

    private func subscribeToNext() {
        while !isDisposed {
            guard var iterator = iterators.popLast() else {
                end()
                return
            }
            guard let candidate = iterator.next() else {
                continue
            }
            iterators.append(iterator)
            if let nested = candidate as? CatchSequence<Sources, Element> {
                iterators.append(nested.sources.makeIterator())
                continue
            }
            let slot = SingleAssignmentDisposable()
            subscription.disposable = slot
            slot.setDisposable(candidate.subscribe(elementObserver: self))
            return
        }
    }

    /// Every sequence was tried: fails with the last error, or completes if none
    /// failed (an empty collection, `retry(0)`).
    private func end() {
        let error = lock.withLock { lastError }
        if let error {
            forwardOn(.error(error))
        } else {
            forwardOn(.completed)
        }
        dispose()
    }
}
