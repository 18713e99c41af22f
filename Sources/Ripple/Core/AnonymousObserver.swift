/// The observer ``ObservableType/subscribe(_:)`` builds around your event closure.
///
/// Your closure takes events, so this observer builds one for every element and for
/// the terminal event. (``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:)``
/// builds none: its observer is a ``SubscribeObserver``.)
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    /// An observer that hands every event to `eventHandler`.
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        super.init()
        #if DEBUG
        Resources.track(Self.self)
        #endif
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "init", "an ObserverBase that will call your event closure")
        }
    }

    override func onCore(next element: Element) {
        if elementTracingIsOn {
            AnonymousObserver.traceOnCoreNext()
        }
        eventHandler(.next(element))
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private static func traceOnCoreNext() {
        JourneyTrace.step("AnonymousObserver", "onCore(next:)", "calls your event closure with the element")
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
            JourneyTrace.step("AnonymousObserver", "onCore", "calls your event closure with \(event)")
        }
        eventHandler(event)
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
