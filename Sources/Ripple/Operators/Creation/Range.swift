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
        let sink = RangeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class RangeSink<Observer: ElementObserver>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    typealias Element = Observer.Element

    func run(_ parent: RangeProducer<Element>) -> Disposable {
        let start = parent.start, count = parent.count
        return parent.scheduler.scheduleRecursive(0 as Element) { offset, recurse in
            if offset < count {
                self.forwardOn(next: start + offset)
                recurse(offset + 1)
            } else {
                self.forwardCompletedAndDispose()
            }
        }
    }
}
