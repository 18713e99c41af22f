/// A type-erased observer: forwards every event to a closure or to a wrapped observer.
///
/// The `observer` that `Observable.create` hands to your closure is an `AnyObserver`
/// wrapping the subscription's sink (journey step 9).
///
/// ```swift
/// let printer = AnyObserver<String> { event in print(event) }
/// printer.onNext("hello")   // prints next(hello)
/// ```
///
/// An `AnyObserver` is `Sendable`, so the observer `create` hands you can go into the
/// `@Sendable` completion handler of a callback API and send from there (see "Swift 6
/// client cookbook" in the Concurrency Model article):
///
/// ```swift
/// let numbers = Observable<Int>.create { observer in
///     DispatchQueue.global().async { observer.onNext(1); observer.onCompleted() }
///     return Disposables.create()
/// }
/// ```
public struct AnyObserver<Element>: ObserverType {
    /// The closure every event is handed to.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler
    // Ripple's own sinks also take elements unwrapped (see `ElementObserver`); this
    // is that road, or nil for observers that only take events.
    private let nextHandler: ((Element) -> Void)?

    /// An observer that calls `eventHandler` for each event.
    ///
    /// - Parameters:
    ///   - eventHandler: Called with every event this observer receives: on the actor it
    ///     was written on if it is isolated to one (events sent elsewhere hop there first,
    ///     in order), otherwise on the thread that sent the event.
    ///   - isolation: The caller's actor; leave the default.
    public init(eventHandler: @escaping EventHandler, isolation: (any Actor)? = #isolation) {
        if let isolated = IsolatedHandler(isolation: isolation, handler: eventHandler) {
            self.observer = isolated.send
        } else {
            self.observer = eventHandler
        }
        self.nextHandler = nil
    }

    /// An observer that forwards each event to `observer`.
    ///
    /// - Parameter observer: The observer that receives every event.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        self.nextHandler = nil
    }

    /// Wraps one of Ripple's sinks, keeping its element road open.
    init<Observer: ElementObserver>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        self.nextHandler = observer.on(next:)
    }

    /// Forwards `event` to the wrapped handler.
    ///
    /// - Parameter event: The event to forward.
    public func on(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("AnyObserver", "on", "\(event) enters the observer handed to your create closure")
        }
        observer(event)
    }

    /// Sends `.next(element)`.
    ///
    /// The same as `on(.next(element))`; when this observer wraps a Ripple sink (the
    /// observer `Observable.create` hands you), the element goes to it unwrapped.
    ///
    /// - Parameter element: The element to send.
    public func onNext(_ element: Element) {
        guard let nextHandler else {
            onNextAsEvent(element)
            return
        }
        if elementTracingIsOn {
            traceOnNext(element)
        }
        nextHandler(element)
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private func traceOnNext(_ element: Element) {
        JourneyTrace.step("AnyObserver", "onNext", "\(element) enters the observer handed to your create closure")
    }

    // Kept out of `onNext`: a function that builds an `Event` looks up the type
    // `Event<Element>` on entry, even on the path that does not build one.
    @inline(never)
    private func onNextAsEvent(_ element: Element) {
        on(.next(element))
    }

    /// Returns `self`.
    ///
    /// - Returns: This observer.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// Erases the type of this observer.
    ///
    /// - Returns: An `AnyObserver` that forwards every event to this observer.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer of `Result` that transforms each element with `transform` before
    /// forwarding it here. A throwing `transform` forwards `.error` instead.
    ///
    /// ```swift
    /// let strings: AnyObserver<String> = intObserver.mapObserver { Int($0) ?? 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Turns each element of type `Result` into an element of this
    ///     observer; may throw. Called on the actor it was written on if it is isolated
    ///     to one (events sent elsewhere hop there first, in order, and reach this
    ///     observer from there), otherwise on the thread that sent the event.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: An observer of `Result` elements that feeds this observer.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element, isolation: (any Actor)? = #isolation) -> AnyObserver<Result> {
        AnyObserver(eventHandler: { event in
            self.on(event.map(transform))
        }, isolation: isolation)
    }
}

// `@unchecked Sendable`: by Rx's contract an observer is called from whichever thread
// sends, one call at a time. The observers wrapped here guard their own state (`create`'s
// sink with an atomic flag, subjects, relays and `Binder` with their locks or scheduler);
// what a wrapped closure captures is checked where the user writes it.
extension AnyObserver: @unchecked Sendable {}
