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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RepeatElementSink<Element, Observer>(element: element, observer: observer, cancel: cancel)
        let subscription = sink.run(scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// `Element` is a generic parameter of its own so that unspecialised code reads it from
/// the class metadata.
final private class RepeatElementSink<Element, Observer: ElementObserver>: TrampolineLoopSink<Observer> where Observer.Element == Element {
    private let element: Element

    init(element: Element, observer: Observer, cancel: SinkDisposer) {
        self.element = element
        super.init(observer: observer, cancel: cancel)
    }

    func run(scheduler: ImmediateSchedulerType) -> Disposable {
        if canRunLoop(on: scheduler) {
            return startLoop()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            self.forwardOn(next: self.element)
            recurse(())
        }
    }

    override func runLoop(on trampoline: Trampoline) {
        while !isDisposed {
            forwardOn(next: element)
            if yields(on: trampoline) {
                return
            }
        }
    }
}
