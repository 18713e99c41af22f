extension ObservableType {
    /// Subscribes to this sequence on `scheduler`, and disposes the subscription there.
    ///
    /// Use it when subscribing has side effects that must happen on a given queue, or is
    /// slow (opening a file, starting a request). The events themselves are delivered
    /// wherever upstream sends them; use ``observe(on:)`` to move those.
    ///
    /// ```
    /// source:              -1-2-|   (subscribed and disposed on `scheduler`)
    /// subscribe(on: s):    -1-2-|
    /// ```
    ///
    /// ```swift
    /// Observable.create(readLargeFile)
    ///     .subscribe(on: SerialDispatchQueueScheduler(qos: .utility))
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { line in show(line) })
    /// ```
    ///
    /// - Parameter scheduler: Where the subscription (and its disposal) runs.
    /// - Returns: This sequence, subscribed on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}

/// Keeps the source as it is, without `asObservable()`, so that the scheduled
/// subscription (and the scheduled disposal) reach the source itself, as in RxSwift.
final private class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    let source: Source
    let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Passes upstream's events through; its work is in ``run(source:scheduler:)``.
final private class SubscribeOnSink<Observer: ElementObserver>: PassThroughSink<Observer> {
    /// Schedules the subscription to `source` on `scheduler`.
    ///
    /// - Returns: A disposable that holds, in turn, the scheduled subscription (disposing
    ///   it then cancels the subscription before it happens) and the subscription wrapped
    ///   in a ``ScheduledDisposable`` (disposing it then unsubscribes on `scheduler`).
    func run<Source: ObservableType>(source: Source, scheduler: ImmediateSchedulerType) -> Disposable where Source.Element == Element {
        let subscription = SerialDisposable()
        let scheduled = SingleAssignmentDisposable()
        subscription.disposable = scheduled
        scheduled.setDisposable(scheduler.schedule(self) { sink in
            let upstream = sink.subscribe(to: source)
            subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: upstream)
            return Disposables.create()
        })
        return subscription
    }

    /// Subscribes to `source`, on the element road when it is one of Ripple's sequences.
    private func subscribe<Source: ObservableType>(to source: Source) -> Disposable where Source.Element == Element {
        if let observable = source as? Observable<Element> {
            return observable.subscribe(elementObserver: self)
        }
        return source.subscribe(self)
    }
}
