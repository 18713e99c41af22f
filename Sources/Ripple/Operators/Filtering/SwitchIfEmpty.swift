extension ObservableType {
    /// Sends the source's elements, or, if the source completes without any, switches
    /// to `other` and sends everything it sends.
    ///
    /// `other` is subscribed only when the source completes empty. An error from the
    /// source passes through without switching.
    ///
    /// ```
    /// source:                ---|
    /// other:                    -a-b-|
    /// ifEmpty(switchTo: o):  ----a-b-|
    /// ```
    ///
    /// ```swift
    /// cachedArticles.ifEmpty(switchTo: downloadArticles())
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameter other: The sequence to continue with when the source is empty.
    /// - Returns: This sequence, or `other` if this sequence completes empty.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmpty(source: asObservable(), other: other)
    }
}

final private class SwitchIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Element>

    init(source: Observable<Element>, other: Observable<Element>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchIfEmptySink(other: other, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}

/// Observes the source, then, if it was empty, the other sequence: one after the
/// other, never both at once, so no lock is needed.
final private class SwitchIfEmptySink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let other: Observable<Element>
    private let otherSubscription = SingleAssignmentDisposable()
    // Touched by one sequence at a time (the other is subscribed only after the
    // source has ended); no access spans a call out, so the runtime exclusivity
    // checks are skipped.
    @exclusivity(unchecked) private var isEmpty = true
    @exclusivity(unchecked) private var switched = false

    init(other: Observable<Element>, observer: Observer, cancel: SinkDisposer) {
        self.other = other
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        let sourceSubscription = source.subscribe(elementObserver: self)
        return Disposables.create(sourceSubscription, otherSubscription)
    }

    func on(next element: Element) {
        isEmpty = false
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if isEmpty, !switched {
            switched = true
            otherSubscription.setDisposable(other.subscribe(elementObserver: self))
        } else {
            forwardCompletedAndDispose()
        }
    }
}
