extension ObservableType {
    /// A sequence that sends `element` forever.
    ///
    /// ```
    /// repeatElement(7):  -7-7-7-7-…
    /// ```
    ///
    /// Elements are sent through recursive scheduling, so the sequence is stopped by
    /// disposing it (or by an operator such as `take`), never by the stack.
    ///
    /// ```swift
    /// let ones = Observable.repeatElement(1)   // combine with take(_:) to bound it
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to send, again and again.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: An endless sequence of `element`.
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

final private class RepeatElement<Element>: Producer<Element> {
    let element: Element
    let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RepeatElementSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class RepeatElementSink<Observer: ElementObserver>: Sink<Observer> {
    func run(_ parent: RepeatElement<Observer.Element>) -> Disposable {
        parent.scheduler.scheduleRecursive(parent.element) { element, recurse in
            self.forwardOn(next: element)
            recurse(element)
        }
    }
}
