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
    /// Where the actions run: written in nonisolated code, the event actions run where
    /// the event is sent, `onSubscribe` and `onSubscribed` where the subscription is
    /// made, and `onDispose` where it is disposed. Written on an actor (main-actor
    /// code, say), all of them run on that actor: the events hop there first (only when
    /// an event action is given), a subscription made elsewhere moves there (only when
    /// `onSubscribe` or `onSubscribed` is given), and `onDispose` runs there, later if
    /// the disposal happens elsewhere.
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
    ///   - onNext: Runs before each element is sent: on the actor it was written on if it
    ///     is isolated to one (elements sent elsewhere hop there first), otherwise on
    ///     the thread that sent the element.
    ///   - afterNext: Runs after each element is sent, where `onNext` runs.
    ///   - onError: Runs before the error is sent, where `onNext` runs.
    ///   - afterError: Runs after the error is sent, where `onNext` runs.
    ///   - onCompleted: Runs before completion is sent, where `onNext` runs.
    ///   - afterCompleted: Runs after completion is sent, where `onNext` runs.
    ///   - onSubscribe: Runs before the subscription to this sequence: on the actor it was
    ///     written on if it is isolated to one (a subscription made elsewhere moves
    ///     there, and so does its disposal), otherwise where the subscription is made.
    ///   - onSubscribed: Runs after the subscription to this sequence, where
    ///     `onSubscribe` runs.
    ///   - onDispose: Runs after the subscription is disposed: on the actor it was
    ///     written on if it is isolated to one (later, when the disposal happens
    ///     elsewhere), otherwise where the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default.
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
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        let actions = DoActions(
            onNext: onNext, afterNext: afterNext,
            onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted
        )
        guard isolation != nil else {
            return Do(source: asObservable(), actions: actions, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        }
        // Each kind of action moves only when given: a `do(onDispose:)` alone leaves the
        // events and the subscription where they are.
        let hopsEvents = actions.hasAny
        let source = hopsEvents ? delivering(to: isolation) : asObservable()
        let result = Do(
            source: source,
            actions: actions,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: isolatedAction(onDispose, isolation)
        )
        let subscribed = onSubscribe == nil && onSubscribed == nil ? result : result.subscribing(on: isolation)
        return hopsEvents ? subscribed.deliveringOnMainActor(if: isolation) : subscribed
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

    /// Whether any event action is given.
    var hasAny: Bool {
        onNext != nil || afterNext != nil || onError != nil || afterError != nil || onCompleted != nil || afterCompleted != nil
    }
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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
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

    init(actions: DoActions<Element>, observer: Observer, cancel: SinkDisposer) {
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

    // The event is forwarded, then the `after` action runs, then the sink is
    // disposed: the order RxSwift's `do` keeps.
    func on(error: Swift.Error) {
        do {
            try actions.onError?(error)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardOn(.error(error))
        do {
            try actions.afterError?(error)
        } catch {
            reportUndeliverable(error)
        }
        dispose()
    }

    func onCompletion() {
        do {
            try actions.onCompleted?()
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardOn(.completed)
        do {
            try actions.afterCompleted?()
        } catch {
            reportUndeliverable(error)
        }
        dispose()
    }

    /// An error thrown after the terminal event has gone downstream: the sequence has
    /// ended, so it goes to the hook for errors nobody handles.
    private func reportUndeliverable(_ error: Swift.Error) {
        Hooks.defaultErrorHandler([], error)
    }
}
