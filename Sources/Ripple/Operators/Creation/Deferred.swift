extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to
    /// the sequence it returns. If the factory throws, the sequence fails with that error.
    ///
    /// ```swift
    /// let now = Observable.deferred { Observable.just(clock.now) }   // read at subscribe time
    /// ```
    ///
    /// - Parameter observableFactory: Makes the sequence for each subscriber; a throw
    ///   fails that subscriber's sequence.
    /// - Returns: A sequence that calls `observableFactory` for each subscriber.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}

/// An ``UnfoldingProducer``: a `concat` among whose sources it appears calls the
/// factory itself and carries on with the result in its own sink, so that a page that
/// concatenates `deferred { nextPage }` runs any number of pages in constant stack.
final private class Deferred<Element>: UnfoldingProducer<Element> {
    let observableFactory: () throws -> Observable<Element>

    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
    }

    override func unfold() throws -> Unfolded<Element> {
        .source(try observableFactory())
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class DeferredSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    func run(_ parent: Deferred<Element>) -> Disposable {
        do {
            return try parent.observableFactory().subscribe(self)
        } catch {
            forwardErrorAndDispose(error)
            return Disposables.create()
        }
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}
