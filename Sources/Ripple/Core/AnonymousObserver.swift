/// The observer ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:)``
/// builds around your closures.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler
    // Elements go here, so they reach your `onNext` without being wrapped in an `Event`
    // (see `ElementObserver`). Not optional: unwrapping an optional closure copies it,
    // a retain and a release per element.
    private let nextHandler: (Element) -> Void

    /// An observer that hands every event to `eventHandler`.
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        self.nextHandler = AnonymousObserver.nextAsEvent(eventHandler)
        super.init()
        AnonymousObserver.traceInit()
    }

    /// An observer that hands elements to `nextHandler` and the terminal event to
    /// `eventHandler`.
    init(next nextHandler: @escaping (Element) -> Void, stop eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        self.nextHandler = nextHandler
        super.init()
        AnonymousObserver.traceInit()
    }

    private static func traceInit() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "init", "an ObserverBase that will call your closures")
        }
    }

    override func onCore(next element: Element) {
        if elementTracingIsOn {
            AnonymousObserver.traceOnCoreNext()
        }
        nextHandler(element)
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private static func traceOnCoreNext() {
        JourneyTrace.step("AnonymousObserver", "onCore(next:)", "calls the handler built from your closures")
    }

    /// An element handler that wraps each element in `.next` for `eventHandler`: only
    /// for observers built from a single event closure.
    private static func nextAsEvent(_ eventHandler: @escaping EventHandler) -> (Element) -> Void {
        { element in eventHandler(.next(element)) }
    }

    override func onCore(error: Swift.Error) {
        onCore(.error(error))
    }

    override func onCoreCompletion() {
        onCore(.completed)
    }

    /// The terminal event for `eventHandler`, which takes events; built only here, once.
    private func onCore(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "onCore", "calls the handler built from your closures with \(event)")
        }
        eventHandler(event)
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
