extension ObservableType {
    /// A sequence of one element, then completion; both delivered during `subscribe`.
    ///
    /// ```
    /// just(1):  -1-|
    /// ```
    ///
    /// ```swift
    /// Observable.just(42).subscribe(onNext: { print($0) })   // 42
    /// ```
    ///
    /// - Parameter element: The one element to send.
    /// - Returns: A sequence of `element`, then completion.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }

    /// A sequence of one element, then completion, each sent on `scheduler`.
    ///
    /// ```swift
    /// Observable.just(42, scheduler: CurrentThreadScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The one element to send.
    ///   - scheduler: Where the element and completion are sent.
    /// - Returns: A sequence of `element`, then completion.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ScheduledJust(element: element, scheduler: scheduler)
    }
}

/// `just(_:)`: needs no sink, because there is nothing to cancel.
///
/// `@usableFromInline`, and `just(_:)` `@inlinable`, so that your code allocates it for
/// your element type: a generic class's type metadata, looked up at run time in code
/// that is not specialised (a few hundred instructions per `just`), is cached there.
@usableFromInline
final class Just<Element>: Producer<Element> {
    /// Read by `flatMap` and its kin, which turn `just(x).flatMap(f)` into
    /// `deferred { f(x) }`.
    let element: Element

    @usableFromInline
    init(element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        observer.on(next: element)
        observer.onCompletion()
        return Disposables.create()
    }
}

final private class ScheduledJust<Element>: Producer<Element> {
    let element: Element
    let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ScheduledJustSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class ScheduledJustSink<Observer: ElementObserver>: Sink<Observer> {
    func run(_ parent: ScheduledJust<Observer.Element>) -> Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.element) { element in
            self.forwardOn(next: element)
            return scheduler.schedule(()) { _ in
                self.forwardCompletedAndDispose()
                return Disposables.create()
            }
        }
    }
}
