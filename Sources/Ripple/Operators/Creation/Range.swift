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
    /// Inlinable, so that your code creates the producer for your integer type itself,
    /// with its type metadata cached in your module (a runtime lookup per call otherwise,
    /// which matters when `range` is created per element, as inside `flatMap`), and
    /// compiles the step from one integer to the next for that type.
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers to send.
    ///   - scheduler: Where the integers are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of `count` consecutive integers from `start`, then
    ///   completion.
    @inlinable
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        if count < 0 {
            return error(RxError.argumentOutOfRange)
        }
        if count > 0, start.addingReportingOverflow(count - 1).overflow {
            return error(RxError.overflow)
        }
        // The step is written here, where your compiler knows `Element`: it compiles to
        // an add. Written in Ripple's unspecialised loop, `+=` would be a call through
        // the protocol's dispatch thunk into the standard library's witness, about 20
        // instructions per element.
        return RangeProducer(start: start, count: count, scheduler: scheduler, increment: { $0 += 1 })
    }
}

@usableFromInline
final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    let start: Element
    let count: Element
    let scheduler: ImmediateSchedulerType
    /// Adds one to an integer that is not `Element.max`.
    let increment: (inout Element) -> Void

    @usableFromInline
    init(start: Element, count: Element, scheduler: ImmediateSchedulerType, increment: @escaping (inout Element) -> Void) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
        self.increment = increment
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RangeSink<Element, Observer>(start: start, increment: increment, observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// `Element` is a generic parameter rather than `Observer.Element`, so unspecialised
/// code reads it and its integer conformance from the class metadata instead of looking
/// them up per element.
final private class RangeSink<Element: RxAbstractInteger, Observer: ElementObserver>: Sink<Observer>, TrampolineLoop where Observer.Element == Element {
    // The loop's state on the trampoline, touched only on the trampoline's thread (hence
    // no exclusivity checks): the next element to send, and how many are left, counted
    // in a plain `UInt` so that the loop tests for its end without calling the generic
    // `Element`'s `==`.
    @exclusivity(unchecked) private var next: Element
    @exclusivity(unchecked) private var remaining: UInt = 0
    // The producer's step, compiled where `Element` is known (see `range`); the sink's
    // own, so calling it costs no retain of the producer.
    private let increment: (inout Element) -> Void

    init(start: Element, increment: @escaping (inout Element) -> Void, observer: Observer, cancel: Cancelable) {
        next = start
        self.increment = increment
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ parent: RangeProducer<Element>) -> Disposable {
        if TrampolineLoopWork.canRun(on: parent.scheduler), let count = RangeSink.uintCount(parent.count) {
            remaining = count
            return TrampolineLoopWork(self).start()
        }
        // Another scheduler, or a count beyond `UInt.max` (which no loop would reach the
        // end of): one recursive step per element.
        let start = parent.start, count = parent.count
        // Integer literals in generic code are built through the type's literal
        // protocols: made once here, not per element.
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

    /// `count` (never negative) as a `UInt`, or `nil` when it does not fit: only for an
    /// `Element` wider than `UInt`.
    private static func uintCount(_ count: Element) -> UInt? {
        if Element.bitWidth <= UInt.bitWidth || count <= Element(truncatingIfNeeded: UInt.max) {
            return UInt(truncatingIfNeeded: count)
        }
        return nil
    }

    func runLoop(on trampoline: Trampoline, work: TrampolineLoopWork) {
        // Locals while the loop runs, stored back when it pauses: the element is then
        // passed to `forwardOn` without a copy, and neither is reloaded after each call.
        var element = next
        var remaining = self.remaining
        while !work.isDisposed {
            if remaining == 0 {
                forwardCompletedAndDispose()
                return
            }
            remaining &-= 1
            forwardOn(next: element)
            if remaining != 0 {
                // Never past the last element, which may be `Element.max`.
                increment(&element)
            }
            if work.yields(on: trampoline) {
                next = element
                self.remaining = remaining
                return
            }
        }
    }
}
