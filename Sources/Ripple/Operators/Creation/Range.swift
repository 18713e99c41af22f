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
