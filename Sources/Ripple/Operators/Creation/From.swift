extension ObservableType {
    /// A sequence of the given elements, then completion.
    ///
    /// ```
    /// of(1, 2, 3):  -1-2-3-|
    /// ```
    ///
    /// ```swift
    /// Observable.of("a", "b").subscribe(onNext: { print($0) })   // a, b
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence that sends `elements` to each subscriber, then completes.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }

    /// A sequence of the array's elements, then completion.
    ///
    /// ```swift
    /// Observable.from([1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - array: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of the array's elements, then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// A sequence of the elements of any `Sequence`, then completion. The sequence is
    /// iterated anew for each subscriber.
    ///
    /// ```swift
    /// Observable.from(1...3)
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of the sequence's elements, then completion.
    public static func from<Elements: Sequence>(_ sequence: Elements, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> where Elements.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }

    /// A sequence of the optional's value if it has one, then completion; both sent
    /// during `subscribe`.
    ///
    /// ```swift
    /// Observable.from(optional: Int("7"))   // -7-|
    /// ```
    ///
    /// - Parameter optional: The element to send, if any.
    /// - Returns: A sequence of the one element (or none), then completion.
    public static func from(optional: Element?) -> Observable<Element> {
        guard let element = optional else { return empty() }
        return just(element)
    }

    /// A sequence of the optional's value if it has one, then completion, sent on
    /// `scheduler`.
    ///
    /// - Parameters:
    ///   - optional: The element to send, if any.
    ///   - scheduler: Where the element and completion are sent.
    /// - Returns: A sequence of the one element (or none), then completion.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableSequence<[Element]>(elements: optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

/// `of`, `from`: sends each element of a `Sequence` through recursive scheduling.
final private class ObservableSequence<Elements: Sequence>: Producer<Elements.Element> {
    let elements: Elements
    let scheduler: ImmediateSchedulerType

    init(elements: Elements, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableSequenceSink<Elements, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class ObservableSequenceSink<Elements: Sequence, Observer: ElementObserver>: Sink<Observer> where Elements.Element == Observer.Element {
    func run(_ parent: ObservableSequence<Elements>) -> Disposable {
        parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                self.forwardOn(next: element)
                recurse(iterator)
            } else {
                self.forwardCompletedAndDispose()
            }
        }
    }
}
