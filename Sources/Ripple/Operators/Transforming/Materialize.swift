extension ObservableType {
    /// Turns every event of the source, the terminal one included, into an element;
    /// then completes.
    ///
    /// The result never fails: a source error becomes the element `.error(error)`,
    /// followed by completion.
    ///
    /// ```
    /// source:         -1-------2-------X
    /// materialize():  -next(1)-next(2)-(error(X)|)
    /// ```
    ///
    /// (`(error(X)|)`: the element and the completion at the same instant.)
    ///
    /// ```swift
    /// Observable<Int>.error(failure)
    ///     .materialize()
    ///     .subscribe(onNext: { print($0) })   // error(failure)
    /// ```
    ///
    /// - Returns: A sequence of this sequence's events as elements, then completion.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into events: the inverse of
    /// ``materialize()``.
    ///
    /// An element `.next(x)` sends `x`; an element `.error` or `.completed` ends the
    /// sequence with it and unsubscribes from the source. The source's own error or
    /// completion ends the sequence too.
    ///
    /// ```
    /// source:           -next(1)-next(2)-completed-next(3)-
    /// dematerialize():  -1-------2-------|
    /// ```
    ///
    /// ```swift
    /// Observable.of(Event.next(1), Event.completed, Event.next(2))
    ///     .dematerialize()
    ///     .subscribe(onNext: { print($0) })   // 1
    /// ```
    ///
    /// - Returns: A sequence with the events these elements describe.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: asObservable())
    }
}

final private class Materialize<Source>: Producer<Event<Source>> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Event<Source> {
        subscribing(MaterializeSink<Source, Observer>(observer: observer, cancel: cancel), to: source)
    }
}

/// Wraps each event of one subscription as an element. Building an `Event` per
/// element is this operator's job, so the element road here carries events.
final private class MaterializeSink<Source, Observer: ElementObserver>: Sink<Observer>, ElementObserver where Observer.Element == Event<Source> {
    typealias Element = Source

    func on(next element: Source) {
        forwardOn(next: .next(element))
    }

    func on(error: Swift.Error) {
        forwardOn(next: .error(error))
        forwardCompletedAndDispose()
    }

    func onCompletion() {
        forwardOn(next: .completed)
        forwardCompletedAndDispose()
    }
}

final private class Dematerialize<Source: EventConvertible>: Producer<Source.Element> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        subscribing(DematerializeSink<Source, Observer>(observer: observer, cancel: cancel), to: source)
    }
}

/// Unwraps each element of one subscription into the event it holds.
final private class DematerializeSink<Source: EventConvertible, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver where Observer.Element == Source.Element {
    typealias Element = Source

    func on(next element: Source) {
        switch element.event {
        case .next(let value):
            forwardOn(next: value)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }
}
