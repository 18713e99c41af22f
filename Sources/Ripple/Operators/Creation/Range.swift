import Synchronization

/// The integer types `range` works with.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// A sequence of `count` consecutive integers starting at `start`, then completion.
    ///
    /// ```
    /// range(start: 3, count: 3):  -3-4-5-|
    /// ```
    ///
    /// A negative `count` fails the sequence with ``RxError/argumentOutOfRange``, and a
    /// range whose last element does not fit in `Element` fails it with
    /// ``RxError/overflow``; in both cases no element is sent.
    ///
    /// ```swift
    /// Observable.range(start: 1, count: 3).subscribe(onNext: { print($0) })   // 1, 2, 3
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers to send.
    ///   - scheduler: Where the integers are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of `count` consecutive integers from `start`, then
    ///   completion.
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        if count < 0 {
            return error(RxError.argumentOutOfRange)
        }
        if count > 0, start.addingReportingOverflow(count - 1).overflow {
            return error(RxError.overflow)
        }
        return RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

final private class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    let start: Element
    let count: Element
    let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RangeSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// `Element` is a generic parameter rather than `Observer.Element`, so unspecialised
/// code reads it and its integer conformance from the class metadata instead of looking
/// them up per element.
final private class RangeSink<Element: RxAbstractInteger, Observer: ElementObserver>: Sink<Observer> where Observer.Element == Element {

    func run(_ parent: RangeProducer<Element>) -> Disposable {
        let start = parent.start, count = parent.count
        if parent.scheduler is CurrentThreadScheduler {
            return RangeOnTrampoline(sink: self, start: start, count: count).start()
        }
        // Made once here: an integer literal in generic code is built through the
        // type's literal protocols, which would cost lookups for every element.
        let zero: Element = 0, one: Element = 1
        return parent.scheduler.scheduleRecursive(zero) { offset, recurse in
            if offset < count {
                self.forwardOn(next: start + offset)
                recurse(offset + one)
            } else {
                self.forwardCompletedAndDispose()
            }
        }
    }
}

/// `range` on the current-thread trampoline, its default scheduler: the elements in the
/// order and at the moments `scheduleRecursive` gives them, without its per-element
/// closures and state copies (in unspecialised generic code each of those goes through
/// the runtime).
///
/// One piece of trampoline work sends elements in a loop for as long as nothing else
/// waits on the trampoline. When delivering an element queues other work (the next
/// step of a `merge` partner, say), it queues itself behind that work and carries on
/// when its turn comes: exactly where a recursive step would have been queued, so
/// synchronous sources interleave as before.
final private class RangeOnTrampoline<Element: RxAbstractInteger, Observer: ElementObserver>: TrampolineWork, Cancelable where Observer.Element == Element {
    private let sink: RangeSink<Element, Observer>
    private let last: Element
    private let one: Element
    private let disposed = Atomic<Bool>(false)
    // Touched only on the trampoline's thread, by `run(on:)`.
    @exclusivity(unchecked) private var next: Element
    /// Every element has been sent; completion comes next.
    @exclusivity(unchecked) private var sentAll: Bool

    init(sink: RangeSink<Element, Observer>, start: Element, count: Element) {
        self.sink = sink
        let one: Element = 1
        self.one = one
        next = start
        // `range` checked that the last element fits in `Element`.
        last = count > 0 ? start + (count - one) : start
        sentAll = count == 0
    }

    /// Queues the work on this thread's trampoline, running it at once if the
    /// trampoline is idle (as `scheduleRecursive` does).
    func start() -> Disposable {
        let trampoline = Trampoline.forCurrentThread()
        trampoline.enqueue(self)
        if !trampoline.isActive {
            trampoline.runActive {}
        }
        return self
    }

    var isDisposed: Bool {
        disposed.load(ordering: .relaxed)
    }

    override func run(on trampoline: Trampoline) {
        while !disposed.load(ordering: .relaxed) {
            if sentAll {
                sink.forwardCompletedAndDispose()
                return
            }
            let element = next
            if element == last {
                sentAll = true
            } else {
                next = element + one
            }
            sink.forwardOn(next: element)
            if !trampoline.isQueueEmpty {
                trampoline.enqueue(self)
                return
            }
        }
    }

    func dispose() {
        disposed.store(true, ordering: .relaxed)
    }
}
