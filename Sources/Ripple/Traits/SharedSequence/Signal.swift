/// How a ``Signal`` shares: elements on the main queue, one shared subscription
/// while connected, and no replay (`share(scope: .whileConnected)`).
///
/// ```swift
/// let signal: SharedSequence<SignalSharingStrategy, Void> = .empty()
/// ```
public struct SignalSharingStrategy: SharingStrategyProtocol, Sendable {
    /// The main-queue scheduler (``SharingScheduler/make()``).
    public static var scheduler: SchedulerType {
        SharingScheduler.make()
    }

    /// `source.share(scope: .whileConnected)`.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: `source`, shared while it has subscribers, without replay.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A shared sequence for events: it never fails, delivers on the main queue, and a new
/// subscriber gets only the elements sent after it subscribed (no replay).
///
/// ```
/// source:      -1---2----3-
/// subscriber1: -1---2----3-
/// subscriber2:    --2----3-   (subscribed after 1)
/// ```
///
/// ```swift
/// let taps: Signal<Void> = tapRelay.asSignal()
/// taps.emit(onNext: { print("tapped") })
/// ```
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension ObservableConvertibleType {
    /// This sequence as a ``Signal`` that delivers on the main queue and, on error,
    /// sends `onErrorJustReturn` and completes.
    ///
    /// ```swift
    /// let results = api.search.asSignal(onErrorJustReturn: [])
    /// ```
    ///
    /// - Parameter onErrorJustReturn: The element to send, before completing, instead of an error.
    /// - Returns: A Signal with this sequence's elements, on the main queue.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Signal`` that, on error, continues with `onErrorSignalWith`.
    ///
    /// ```swift
    /// let results = api.search.asSignal(onErrorSignalWith: .empty())
    /// ```
    ///
    /// - Parameter onErrorSignalWith: The Signal to continue with when this sequence fails.
    /// - Returns: A Signal with this sequence's elements, on the main queue, then `onErrorSignalWith`'s on error.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(onErrorDriveWith: onErrorSignalWith)
    }

    /// This sequence as a ``Signal`` that, on error, continues with the Signal
    /// `onErrorRecover` makes from the error.
    ///
    /// ```swift
    /// let messages = api.messages.asSignal(onErrorRecover: { .just("failed: \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - onErrorRecover: Makes, from the error, the Signal to continue with. Runs on the
    ///     actor it was written on if it is isolated to one (the error, once on the main queue,
    ///     hops there first if that is elsewhere), otherwise on the main queue.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A Signal with this sequence's elements, on the main queue, then the recovery Signal's on error.
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>, isolation: (any Actor)? = #isolation) -> Signal<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, isolation: isolation)
    }
}

extension PublishRelay {
    /// The relay as a ``Signal``: each accepted element, on the main queue.
    ///
    /// ```swift
    /// let taps: Signal<Void> = tapRelay.asSignal()
    /// ```
    ///
    /// - Returns: A Signal with the relay's elements.
    public func asSignal() -> Signal<Element> {
        Signal(observingOnScheduler: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This Driver as a ``Signal``: the same elements, without the replay to new
    /// subscribers.
    ///
    /// ```swift
    /// let changes: Signal<String> = nameDriver.asSignal()
    /// ```
    ///
    /// - Returns: A Signal with this Driver's elements, without replay.
    public func asSignal() -> Signal<Element> {
        Signal(asSharedSequence().asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every event to each of `observers`, on the main queue.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// let binding = messages.emit(to: toastBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element {
        ensureOnMainQueueInDebug("emit(to:)")
        return asSharedSequence().asObservable().subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Sends every event, each element wrapped in an optional, to each of `observers`.
    ///
    /// ```swift
    /// let binding = messages.emit(to: optionalMessageBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events, each element as an optional.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element? {
        ensureOnMainQueueInDebug("emit(to:)")
        return asSharedSequence().asObservable().subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers {
                observer.on(wrapped)
            }
        }
    }

    /// Sends every element to each of `relays`.
    ///
    /// ```swift
    /// let binding = taps.emit(to: tapRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: PublishRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Makes every element the current value of each of `relays`.
    ///
    /// ```swift
    /// let binding = selections.emit(to: selectedRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element to each of `relays`, which keep them for replay.
    ///
    /// ```swift
    /// let binding = messages.emit(to: historyRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: ReplayRelay<Element>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Makes every element, as an optional, the current value of each of `relays`.
    ///
    /// ```swift
    /// let binding = selections.emit(to: optionalSelectedRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element, as an optional, to each of `relays`.
    ///
    /// ```swift
    /// let binding = taps.emit(to: optionalTapRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: PublishRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Sends every element, as an optional, to each of `relays`, which keep them for
    /// replay.
    ///
    /// ```swift
    /// let binding = messages.emit(to: optionalHistoryRelay)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(to:)")
        return subscribe(relays: relays) { $0.accept($1) }
    }

    /// Subscribes and ignores the elements: keeps the Signal's work running.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// sideEffects.emit().disposed(by: bag)
    /// ```
    ///
    /// - Returns: The subscription; disposing it ends it.
    public func emit() -> any Disposable & Sendable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }

    /// Subscribes closures for elements, completion and disposal, on the main queue.
    ///
    /// Must be called from the main queue: elsewhere it stops the program in debug
    /// builds.
    ///
    /// ```swift
    /// let binding = taps.emit(onNext: { print("tapped") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the Signal completes.
    ///   - onDisposed: Called once, after the Signal completes or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it: on the main actor they take the direct road, with one check per
    ///     event, as the Signal delivers on the main queue; on another actor, events hop
    ///     there first, in order, and `onDisposed` runs there too. Closures written in
    ///     nonisolated code run on the main queue.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(onNext:onCompleted:onDisposed:)")
        return asSharedSequence().asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }

    /// Like ``emit(onNext:onCompleted:onDisposed:isolation:)``, with `object` (held weakly)
    /// passed to each closure.
    ///
    /// ```swift
    /// taps.emit(with: self, onNext: { owner, _ in owner.submit() })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - onCompleted: Called with `object` when the Signal completes.
    ///   - onDisposed: Called with `object` once, after the Signal completes or the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``emit(onNext:onCompleted:onDisposed:isolation:)``.
    /// - Returns: The subscription; disposing it ends the binding.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        ensureOnMainQueueInDebug("emit(with:onNext:onCompleted:onDisposed:)")
        return asSharedSequence().asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }
}
