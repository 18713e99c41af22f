/// An observer inside Ripple's own chain of sinks: besides ``ObserverType/on(_:)`` it
/// takes each element through ``on(next:)``, unwrapped.
///
/// Why a second road: Ripple's sinks run as generic code that is not specialised for
/// your element type, and in such code every `Event<Element>` value built, copied or
/// switched over costs a runtime lookup of the type `Event<Element>`: a few hundred
/// instructions, per event, per operator. Elements travel without that cost, so
/// `.next` takes the element road (``on(next:)`` → ``Sink/forwardOn(next:)``) and only
/// the rare terminal events travel as `Event`s.
///
/// `on(next: element)` must behave exactly like `on(.next(element))`.
protocol ElementObserver: ObserverType {
    /// Receives the next element; the same as `on(.next(element))`.
    func on(next element: Element)
}

/// Lets an observer from outside Ripple (your own ``ObserverType``) sit at the end of
/// a chain of sinks: turns each element back into `.next`.
final class ElementObserverAdapter<Observer: ObserverType>: ElementObserver {
    typealias Element = Observer.Element

    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
    }

    func on(next element: Element) {
        observer.on(.next(element))
    }

    func on(_ event: Event<Element>) {
        observer.on(event)
    }
}
