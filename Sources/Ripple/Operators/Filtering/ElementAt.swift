extension ObservableType {
    /// Sends only the element at `index` (counting from 0), then completes and
    /// disposes the source.
    ///
    /// If the source completes before reaching `index`, the sequence fails with
    /// ``RxError/argumentOutOfRange``; an error from the source passes through.
    ///
    /// A negative `index` fails with ``RxError/argumentOutOfRange`` when subscribed
    /// (RxSwift stops the program instead).
    ///
    /// ```
    /// source:          -a-b-c-d-|
    /// element(at: 2):  -----(c|)
    /// ```
    ///
    /// ```swift
    /// Observable.of("a", "b", "c")
    ///     .element(at: 1)
    ///     .subscribe(onNext: { print($0) })   // b
    /// ```
    ///
    /// - Parameter index: The position of the element to send, from 0.
    /// - Returns: A sequence with the element at `index`, then completion.
    public func element(at index: Int) -> Observable<Element> {
        if index < 0 {
            return Observable.error(RxError.argumentOutOfRange)
        }
        return ElementAt(source: asObservable(), index: index)
    }
}

final private class ElementAt<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let index: Int

    init(source: Observable<Element>, index: Int) {
        self.source = source
        self.index = index
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(ElementAtSink(index: index, observer: observer, cancel: cancel), to: source)
    }
}

/// Counts down to the wanted element.
final private class ElementAtSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    // How many elements to drop before the wanted one; -1 once it has been sent, so
    // an element the source sends reentrantly from there is ignored. Touched only by
    // the source, one event at a time; no access spans a call out, so the runtime
    // exclusivity checks are skipped.
    @exclusivity(unchecked) private var remaining: Int

    init(index: Int, observer: Observer, cancel: SinkDisposer) {
        self.remaining = index
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if remaining > 0 {
            remaining -= 1
            return
        }
        guard remaining == 0 else { return }
        remaining = -1
        forwardOn(next: element)
        forwardCompletedAndDispose()
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        forwardErrorAndDispose(RxError.argumentOutOfRange)
    }
}
