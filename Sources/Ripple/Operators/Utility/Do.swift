extension ObservableType {
    /// Runs side effects on the events and the lifetime of each subscription, and
    /// passes the events through unchanged.
    ///
    /// For each event, the `on…` action runs before the event goes downstream and the
    /// `after…` action after it. If `onNext`, `onError` or `onCompleted` throws, the
    /// thrown error goes downstream instead of the event; if `afterNext` throws, the
    /// sequence fails with the thrown error after the element. `afterError` and
    /// `afterCompleted` run after the terminal event, so an error they throw cannot be
    /// delivered: it goes to ``Hooks/defaultErrorHandler`` (RxSwift would send a second
    /// terminal event).
    ///
    /// `onSubscribe` runs before subscribing to this sequence and `onSubscribed` after;
    /// `onDispose` runs after the subscription to this sequence has been disposed,
    /// whether the sequence ended or the subscriber disposed it.
    ///
    /// ```
    /// source:                  -1-2-|
    /// do(onNext: log):         -1-2-|      log: 1, 2
    /// ```
    ///
    /// ```swift
    /// fetchItems()
    ///     .do(onNext: { print("got \($0)") },
    ///         onSubscribe: { spinner.start() },
    ///         onDispose: { spinner.stop() })
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Runs before each element is sent.
    ///   - afterNext: Runs after each element is sent.
    ///   - onError: Runs before the error is sent.
    ///   - afterError: Runs after the error is sent.
    ///   - onCompleted: Runs before completion is sent.
    ///   - afterCompleted: Runs after completion is sent.
    ///   - onSubscribe: Runs before the subscription to this sequence.
    ///   - onSubscribed: Runs after the subscription to this sequence.
    ///   - onDispose: Runs after the subscription is disposed.
    /// - Returns: This sequence, unchanged, with the actions run along the way.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: asObservable(),
            actions: DoActions(
                onNext: onNext, afterNext: afterNext,
                onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted
            ),
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        )
    }
}

/// The event actions of one `do`.
private struct DoActions<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
}

final private class Do<Element>: Producer<Element> {
    let source: Observable<Element>
    let actions: DoActions<Element>
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?

    init(source: Observable<Element>, actions: DoActions<Element>, onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?) {
        self.source = source
        self.actions = actions
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(actions: actions, observer: observer, cancel: cancel)
        let subscription = source.subscribe(elementObserver: sink)
        onSubscribed?()
        guard let onDispose else {
            return (sink: sink, subscription: subscription)
        }
        let subscriptionThenAction = Disposables.create {
            subscription.dispose()
            onDispose()
        }
        return (sink: sink, subscription: subscriptionThenAction)
    }
}

final private class DoSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let actions: DoActions<Element>

    init(actions: DoActions<Element>, observer: Observer, cancel: Cancelable) {
        self.actions = actions
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        do {
            try actions.onNext?(element)
            forwardOn(next: element)
            try actions.afterNext?(element)
        } catch {
            forwardErrorAndDispose(error)
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            do {
                try actions.onError?(error)
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            forwardOn(event)
            do {
                try actions.afterError?(error)
            } catch {
                reportUndeliverable(error)
            }
            dispose()
        case .completed:
            do {
                try actions.onCompleted?()
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            forwardOn(event)
            do {
                try actions.afterCompleted?()
            } catch {
                reportUndeliverable(error)
            }
            dispose()
        }
    }

    /// An error thrown after the terminal event has gone downstream: the sequence has
    /// ended, so it goes to the hook for errors nobody handles.
    private func reportUndeliverable(_ error: Swift.Error) {
        Hooks.defaultErrorHandler([], error)
    }
}
