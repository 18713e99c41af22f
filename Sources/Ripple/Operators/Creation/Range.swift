
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
    /// compiles the integer arithmetic the elements are made with for that type.
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
        // Here, where your compiler knows `Element`, this is a conversion and an add
        // (unspecialised, calls through the integer witnesses per element). `start +
        // offset` fits (checked above), so the wrapping add only skips the check.
        // `sendRun` is written here too, so the element loop holds no generic
        // temporary; `RangeSink.runLoop` keeps the completion and the queueing.
        func element(_ start: Element, _ offset: UInt) -> Element {
            start &+ Element(truncatingIfNeeded: offset)
        }
        return RangeProducer(
            start: start, count: count, uintCount: UInt(exactly: count), scheduler: scheduler,
            element: { start, offset in element(start, offset) },
            sendRun: { start, offset, end, observer, disposed, trampoline in
                // Each element as `RangeSink.runLoop` would send it by itself: after it,
                // the loop stops when other work waits on the trampoline (which the
                // caller then queues the sink behind), at the end, or once disposed.
                var offset = offset
                repeat {
                    observer.on(next: element(start, offset))
                    offset &+= 1
                    if !trampoline.isQueueEmpty {
                        break
                    }
                } while offset != end && !disposed.load(ordering: .relaxed)
                return offset
            }
        )
    }
}

/// Sends the observer the elements `offset`, `offset + 1` … places after `start`, at
/// least one, until other work waits on `trampoline`, `end` is reached or `disposed` is
/// set, and returns the offset of the next element: `range`'s loop, compiled where
/// `Element` is known. The caller checks that `offset` is below `end` and that
/// `disposed` is not set.
@usableFromInline
typealias RangeSendRun<Element> = (_ start: Element, _ offset: UInt, _ end: UInt, _ observer: any ElementObserver<Element>, _ disposed: AtomicView<Bool>, _ trampoline: Trampoline) -> UInt

@usableFromInline
final class RangeProducer<Element: RxAbstractInteger>: LoopProducer<Element> {
    let start: Element
    let count: Element
    let scheduler: ImmediateSchedulerType
    /// The element `offset` places after `start`, for an offset below `count`.
    let element: (_ start: Element, _ offset: UInt) -> Element
    /// Sends `observer` the elements from an offset on (see `RangeSendRun`).
    let sendRun: RangeSendRun<Element>

    /// `uintCount` is `UInt(exactly: count)`, converted by the caller, where `Element`
    /// is known (in this unspecialised code, a generic conversion).
    @usableFromInline
    init(start: Element, count: Element, uintCount: UInt?, scheduler: ImmediateSchedulerType, element: @escaping (_ start: Element, _ offset: UInt) -> Element, sendRun: @escaping RangeSendRun<Element>) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
        self.element = element
        self.sendRun = sendRun
        // `loopCount` is `count` when a loop on the trampoline sends the elements: the
        // scheduler is the trampoline and `count` fits in a `UInt` (only a type wider
        // than `UInt` can exceed it, and no loop would reach the end of such a count).
        // Decided once per producer, from the parameter: checking the stored scheduler
        // would copy the existential.
        super.init(loopCount: canRunLoop(on: scheduler) ? uintCount : nil)
    }

    override func loopElement(at offset: UInt) -> Element {
        element(start, offset)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RangeSink<Element, Observer>(start: start, element: element, sendRun: sendRun, observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// `Element` is a generic parameter rather than `Observer.Element`, so unspecialised
/// code reads it and its integer conformance from the class metadata instead of looking
/// them up per element.
final private class RangeSink<Element: RxAbstractInteger, Observer: ElementObserver>: TrampolineLoopSink<Observer> where Observer.Element == Element {
    private let start: Element
    // The producer's `element`, compiled where `Element` is known (see `range`); the
    // sink's own, so calling it costs no retain of the producer.
    private let element: (_ start: Element, _ offset: UInt) -> Element
    private let sendRun: RangeSendRun<Element>
    // The loop's state on the trampoline, touched only on the trampoline's thread (hence
    // no exclusivity checks): plain `UInt`s, so that the loop counts, tests for its end
    // and pauses without calling the generic `Element`'s arithmetic or copying an
    // `Element` in and out of the sink (under `merge` or `flatMap` the loop pauses after
    // every element).
    @exclusivity(unchecked) private var offset: UInt = 0
    @exclusivity(unchecked) private var count: UInt = 0

    init(start: Element, element: @escaping (_ start: Element, _ offset: UInt) -> Element, sendRun: @escaping RangeSendRun<Element>, observer: Observer, cancel: SinkDisposer) {
        self.start = start
        self.element = element
        self.sendRun = sendRun
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ parent: RangeProducer<Element>) -> Disposable {
        if let count = parent.loopCount {
            self.count = count
            return startLoop()
        }
        // Another scheduler, or a count beyond `UInt.max`: one recursive step per
        // element.
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

    override func runLoop(on trampoline: Trampoline) {
        // `sendRun` sends from `offset` until an element leaves work waiting on the
        // trampoline, the last one is sent, or the sink is disposed. One disposed check
        // per element, before it is sent, as `forwardOn(next:)` makes it (here for the
        // first of a run, in `sendRun` for the others).
        var offset = self.offset
        while true {
            if offset == count {
                forwardCompletedAndDispose()
                return
            }
            if elementTracingIsOn {
                guard forwardTraced(at: offset) else {
                    return
                }
                offset &+= 1
            } else {
                guard !isDisposed else {
                    return
                }
                offset = sendRun(start, offset, count, observer, disposed, trampoline)
            }
            if yields(on: trampoline) {
                self.offset = offset
                return
            }
        }
    }

    // The element road with its trace point, out of line: the loop itself then holds
    // no element of the generic type (see `range`).
    @inline(never)
    private func forwardTraced(at offset: UInt) -> Bool {
        forwardIfNotDisposed(next: element(start, offset))
    }
}
