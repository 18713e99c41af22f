extension ObservableType {
    /// Sends the source's elements, or `default` if the source completes without any.
    ///
    /// An error passes through, whether or not elements came before it.
    ///
    /// ```
    /// source:               -1-2-|        ---|
    /// ifEmpty(default: 0):  -1-2-|        ---(0|)
    /// ```
    ///
    /// ```swift
    /// savedItems.ifEmpty(default: placeholderItem)
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameter default: The element to send when the source has none.
    /// - Returns: This sequence, or `default` and completion if it completes empty.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmpty(source: asObservable(), defaultElement: `default`)
    }
}

final private class DefaultIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, defaultElement: Element) {
        self.source = source
        self.defaultElement = defaultElement
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(DefaultIfEmptySink(defaultElement: defaultElement, observer: observer, cancel: cancel), to: source)
    }
}

final private class DefaultIfEmptySink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let defaultElement: Element
    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var isEmpty = true

    init(defaultElement: Element, observer: Observer, cancel: SinkDisposer) {
        self.defaultElement = defaultElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        isEmpty = false
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if isEmpty {
            forwardOn(next: defaultElement)
        }
        forwardCompletedAndDispose()
    }
}
