/// The `flatMap` of a trait: the source sends at most one element, so there is at
/// most one inner sequence, whose events become the result's.
///
/// An empty source completes the result; a source error fails it; once the inner
/// sequence has started, the source's completion is not forwarded (the inner's end is).
final class FlatMapOne<SourceElement, Element>: Producer<Element> {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Observable<Element>

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Observable<Element>) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = FlatMapOneSink<SourceElement, Observer>(selector: selector, observer: observer, cancel: cancel)
        let subscription = CompositeDisposable(source.subscribe(elementObserver: sink), sink.inner)
        return (sink: sink, subscription: subscription)
    }
}

final private class FlatMapOneSink<SourceElement, Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = SourceElement

    private let selector: (SourceElement) throws -> Observable<Observer.Element>
    let inner = SingleAssignmentDisposable()
    // Touched only by the source's events, which the grammar serialises.
    private var innerStarted = false

    init(selector: @escaping (SourceElement) throws -> Observable<Observer.Element>, observer: Observer, cancel: SinkDisposer) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: SourceElement) {
        if innerStarted {
            return
        }
        innerStarted = true
        let next: Observable<Observer.Element>
        do {
            next = try selector(element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        inner.setDisposable(next.subscribe(elementObserver: FlatMapOneInner(sink: self)))
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if !innerStarted {
            forwardCompletedAndDispose()
        }
    }

    func innerNext(_ element: Observer.Element) {
        forwardOn(next: element)
    }

    func innerEnded(_ event: Event<Observer.Element>) {
        forwardOn(event)
        dispose()
    }
}

/// Forwards the inner sequence's events to its ``FlatMapOneSink``.
final private class FlatMapOneInner<SourceElement, Observer: ElementObserver>: ElementObserver {
    typealias Element = Observer.Element

    private let sink: FlatMapOneSink<SourceElement, Observer>

    init(sink: FlatMapOneSink<SourceElement, Observer>) {
        self.sink = sink
    }

    func on(next element: Element) {
        sink.innerNext(element)
    }

    func on(error: Swift.Error) {
        sink.innerEnded(.error(error))
    }

    func onCompletion() {
        sink.innerEnded(.completed)
    }
}
