// `scheduler` is `consuming` in the three inlinable creators below: the producer keeps it,
// so your code hands over the existential it built instead of copying it, and calls no
// outlined existential copy, whose code can lie far from the rest of a subscription's
// (Benchmarks.md, "Process floor: the Core+ files side by side").
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
    /// Inlinable, so that your code creates the producer for your element type itself,
    /// with its type metadata cached in your module (a runtime lookup per call otherwise,
    /// which matters when it is created per element, as inside `flatMap`).
    ///
    /// - Parameters:
    ///   - elements: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence that sends `elements` to each subscriber, then completes.
    @inlinable
    public static func of(_ elements: Element..., scheduler: consuming ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        ObservableArray(elements: elements, scheduler: scheduler)
    }

    /// A sequence of the array's elements, then completion.
    ///
    /// ```swift
    /// Observable.from([1, 2, 3])
    /// ```
    ///
    /// Inlinable, so that your code creates the producer for your element type itself,
    /// with its type metadata cached in your module (a runtime lookup per call otherwise,
    /// which matters when it is created per element, as inside `flatMap`).
    ///
    /// - Parameters:
    ///   - array: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of the array's elements, then completion.
    @inlinable
    public static func from(_ array: [Element], scheduler: consuming ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        ObservableArray(elements: array, scheduler: scheduler)
    }

    /// A sequence of the elements of any `Sequence`, then completion. The sequence is
    /// iterated anew for each subscriber.
    ///
    /// ```swift
    /// Observable.from(1...3)
    /// ```
    ///
    /// Inlinable, so that your code creates the producer for your sequence type itself,
    /// with its type metadata cached in your module (a runtime lookup per call otherwise).
    ///
    /// - Parameters:
    ///   - sequence: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of the sequence's elements, then completion.
    @inlinable
    public static func from<Elements: Sequence>(_ sequence: Elements, scheduler: consuming ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> where Elements.Element == Element {
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
        ObservableArray(elements: optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

/// `from` a `Sequence`: each subscription iterates it anew (the sink holds the iterator).
@usableFromInline
final class ObservableSequence<Elements: Sequence>: Producer<Elements.Element> {
    let elements: Elements
    let scheduler: ImmediateSchedulerType

    @usableFromInline
    init(elements: Elements, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableSequenceSink<Elements.Iterator, Observer>(iterator: elements.makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run(scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Sends the elements of one iterator, made for this subscription.
///
/// Generic over the iterator rather than the sequence: unspecialised code then reads
/// the iterator's type and conformance from the class metadata instead of looking up
/// the sequence's associated types for every element.
final private class ObservableSequenceSink<Iterator: IteratorProtocol, Observer: ElementObserver>: TrampolineLoopSink<Observer> where Iterator.Element == Observer.Element {
    // Touched only by one step at a time: the loop on the trampoline's thread, or one
    // recursive step on the scheduler.
    @exclusivity(unchecked) private var iterator: Iterator

    init(iterator: Iterator, observer: Observer, cancel: SinkDisposer) {
        self.iterator = iterator
        super.init(observer: observer, cancel: cancel)
    }

    func run(scheduler: ImmediateSchedulerType) -> Disposable {
        if canRunLoop(on: scheduler) {
            return startLoop()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            if let element = self.iterator.next() {
                self.forwardOn(next: element)
                recurse(())
            } else {
                self.forwardCompletedAndDispose()
            }
        }
    }

    override func runLoop(on trampoline: Trampoline) {
        while !isDisposed {
            guard let element = iterator.next() else {
                forwardCompletedAndDispose()
                return
            }
            forwardOn(next: element)
            if yields(on: trampoline) {
                return
            }
        }
    }
}

/// `of` and `from` an array: the elements are read by index, straight from the
/// array's storage. (Through `IndexingIterator`, unspecialised generic code reads each
/// element through the standard library's generic `Collection` subscript, which
/// allocates a coroutine frame per element.)
@usableFromInline
final class ObservableArray<Element>: LoopProducer<Element> {
    let elements: [Element]
    let scheduler: ImmediateSchedulerType

    @usableFromInline
    init(elements: [Element], scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
        super.init(loopCount: canRunLoop(on: scheduler) ? UInt(elements.count) : nil)
    }

    override func loopElement(at offset: UInt) -> Element {
        elements[Int(offset)]
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableArraySink<Element, Observer>(elements: elements, observer: observer, cancel: cancel)
        let subscription = sink.run(scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Sends the elements of an array, then completion. `Element` is a generic parameter
/// of its own so that unspecialised code reads it from the class metadata.
final private class ObservableArraySink<Element, Observer: ElementObserver>: TrampolineLoopSink<Observer> where Observer.Element == Element {
    private let elements: [Element]
    // The index of the next element; touched only by one step at a time: the loop on
    // the trampoline's thread, or one recursive step on the scheduler.
    @exclusivity(unchecked) private var next = 0

    init(elements: [Element], observer: Observer, cancel: SinkDisposer) {
        self.elements = elements
        super.init(observer: observer, cancel: cancel)
    }

    func run(scheduler: ImmediateSchedulerType) -> Disposable {
        if canRunLoop(on: scheduler) {
            return startLoop()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            let index = self.next
            if index < self.elements.count {
                self.next = index + 1
                self.forwardOn(next: self.elements[index])
                recurse(())
            } else {
                self.forwardCompletedAndDispose()
            }
        }
    }

    override func runLoop(on trampoline: Trampoline) {
        // The array never changes, so its storage stays put while the sink holds it;
        // elements are passed from there to `forwardOn` without a copy.
        let completed: Bool = elements.withUnsafeBufferPointer { buffer in
            var index = next
            while !isDisposed {
                if index == buffer.count {
                    return true
                }
                let current = index
                index += 1
                forwardOn(next: buffer[current])
                if yields(on: trampoline) {
                    next = index
                    return false
                }
            }
            return false
        }
        if completed {
            forwardCompletedAndDispose()
        }
    }
}
