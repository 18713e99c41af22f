/// The observer ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:)``
/// builds around your closures.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    init(_ eventHandler: @escaping EventHandler) {
        #if DEBUG
        Resources.incrementTotal()
        #endif
        self.eventHandler = eventHandler
        super.init()
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "init", "an ObserverBase that will call your closures")
        }
    }

    override func onCore(_ event: Event<Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObserver", "onCore", "calls the event handler built from your closures")
        }
        eventHandler(event)
    }

    deinit {
        #if DEBUG
        Resources.decrementTotal()
        #endif
    }
}
