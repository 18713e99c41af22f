/// The observer ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:)``
/// builds around your closures.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler
    // Elements go here when set, so they reach your `onNext` without being wrapped
    // in an `Event` (see `ElementObserver`).
    private let nextHandler: ((Element) -> Void)?

    /// An observer that hands every event to `eventHandler`.
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        self.nextHandler = nil
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
        Resources.incrementTotal()
        #endif
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "init", "an ObserverBase that will call your closures")
        }
    }

    override func onCore(next element: Element) {
        if elementTracingIsOn {
            AnonymousObserver.traceOnCoreNext()
        }
        if let nextHandler {
            nextHandler(element)
        } else {
            onCoreAsEvent(element)
        }
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private static func traceOnCoreNext() {
        JourneyTrace.step("AnonymousObserver", "onCore(next:)", "calls the handler built from your closures")
    }

    // Kept out of `onCore(next:)`: a function that builds an `Event` looks up the type
    // `Event<Element>` on entry, even on the path that does not build one.
    @inline(never)
    private func onCoreAsEvent(_ element: Element) {
        eventHandler(.next(element))
    }

    override func onCore(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "onCore", "calls the handler built from your closures with \(event)")
        }
        eventHandler(event)
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }
}
