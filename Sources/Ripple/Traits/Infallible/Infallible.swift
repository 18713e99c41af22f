/// A sequence that can never fail: it sends elements and may complete, but never
/// sends an error.
///
/// Build one with ``create(subscribe:isolation:)``, the static creation functions, or by
/// deciding what replaces an error: `asInfallible(onErrorJustReturn:)`,
/// `asInfallible(onErrorFallbackTo:)`, `asInfallible(onErrorRecover:)`.
///
/// ```
/// source:                       -1-2-X
/// asInfallible(onErrorJustReturn: 0): -1-2-0|
/// ```
///
/// ```swift
/// let names: Infallible<String> = api.names.asInfallible(onErrorJustReturn: "")
/// names.subscribe(onNext: { print($0) })
/// ```
public struct Infallible<Element>: InfallibleType {
    let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees never fails.
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The wrapped sequence as an ``Observable`` (which never fails).
    ///
    /// ```swift
    /// let values: Observable<Int> = Infallible.just(1).asObservable()
    /// ```
    ///
    /// - Returns: An ``Observable`` with this sequence's events.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// Returns `self`.
    ///
    /// - Returns: This sequence.
    public func asInfallible() -> Infallible<Element> {
        self
    }
}

/// A type that is, or presents itself as, a sequence that never fails; the protocol
/// the ``Infallible`` operators extend.
///
/// ```swift
/// func show<S: InfallibleType>(_ values: S) -> Disposable where S.Element == String {
///     values.subscribe(onNext: { print($0) })
/// }
/// ```
public protocol InfallibleType: ObservableConvertibleType {}

/// What an ``Infallible/create(subscribe:isolation:)`` closure can send: an element or
/// completion, never an error.
///
/// ```swift
/// observer(.next(1))
/// observer(.completed)
/// ```
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// The end of the sequence.
    case completed
}

extension Infallible {
    /// The closure an ``Infallible/create(subscribe:isolation:)`` body sends its events to.
    ///
    /// `@Sendable`, so it can be called from a callback API's `@Sendable` completion
    /// handler on any queue, as ``AnyObserver`` can.
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// Makes an infallible sequence from a subscribe closure, called for each
    /// subscriber; the disposable it returns is disposed when the subscription ends.
    /// Events after `.completed` are ignored.
    ///
    /// ```
    /// subscribe: observer(.next(1)); observer(.next(2)); observer(.completed)
    /// result:    -1-2-|
    /// ```
    ///
    /// ```swift
    /// let ticks = Infallible<Int>.create { observer in
    ///     observer(.next(1))
    ///     observer(.completed)
    ///     return Disposables.create()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - subscribe: Called for each subscriber with the closure to send events to;
    ///     returns a disposable that cancels the work. Runs on the actor it was written
    ///     on if it is isolated to one (a subscription made elsewhere moves there, and so
    ///     does its disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: An Infallible that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(Observable.create({ observer in
            subscribe { event in
                switch event {
                case .next(let element):
                    observer.onNext(element)
                case .completed:
                    observer.onCompleted()
                }
            }
        }, isolation: isolation, reportedAs: "Infallible"))
    }
}

extension InfallibleType {
    /// Subscribes a closure that receives every event (never an `.error`).
    ///
    /// ```swift
    /// Infallible.of(1, 2).subscribe { event in print(event) }   // next(1), next(2), completed
    /// ```
    ///
    /// - Parameters:
    ///   - on: Called with every event: each element, then the completion. Runs on the
    ///     actor it was written on if it is isolated to one (events sent elsewhere hop
    ///     there first), otherwise where the event is sent.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        asObservable().subscribe(on, isolation: isolation)
    }

    /// Subscribes closures for elements, completion and disposal; there is no error to
    /// handle.
    ///
    /// `onDisposed` runs exactly once: after `onCompleted`, or when the subscription is
    /// disposed.
    ///
    /// ```
    /// source:      -1-2-|
    /// onNext:      -1-2
    /// onCompleted:      ^
    /// ```
    ///
    /// ```swift
    /// let subscription = Infallible.of(1, 2).subscribe(
    ///     onNext: { print($0) },
    ///     onCompleted: { print("done") }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called once, after completion or when the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     (main-actor code, say) run on it: events sent elsewhere hop there first, in
    ///     order, and `onDisposed` runs there too. Closures written in nonisolated code
    ///     run where the event is sent (or where the subscription is disposed).
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }

    /// Subscribes closures that receive `object` as their first argument, holding
    /// `object` weakly: once it is gone the closures are no longer called.
    ///
    /// ```swift
    /// titles.subscribe(with: self, onNext: { owner, title in owner.show(title) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - onCompleted: Called with `object` when the sequence completes.
    ///   - onDisposed: Called with `object` once, after completion or when the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Closures written on an actor
    ///     run on it, as with ``subscribe(onNext:onCompleted:onDisposed:isolation:)``.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> any Disposable & Sendable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation)
    }
}

extension InfallibleEvent: Sendable where Element: Sendable {}
