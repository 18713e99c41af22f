/// An observer inside Ripple's own chain of sinks: besides ``ObserverType/on(_:)`` it
/// takes each element through ``on(next:)``, unwrapped, and the terminal event through
/// ``on(error:)`` or ``onCompletion()``.
///
/// Why more roads than one: Ripple's sinks run as generic code that is not specialised
/// for your element type, and in such code every `Event<Element>` value built, copied
/// or switched over costs a runtime lookup of the type `Event<Element>`: a few hundred
/// instructions, per event, per operator. Elements travel without that cost, so `.next`
/// takes the element road (``on(next:)`` → ``Sink/forwardOn(next:)``). The terminal
/// event comes once per subscription, but a short subscription (`just(1)`, a request)
/// is little else, so it has a road of its own too, the terminal road (``on(error:)``,
/// ``onCompletion()`` → `Sink.forwardErrorAndDispose(_:)`,
/// `Sink.forwardCompletedAndDispose()`).
///
/// A conformer implements the three roads (``on(next:)``, ``on(error:)``,
/// ``onCompletion()``); ``on(_:)`` is given once, below, and switches to them, so
/// `on(.next(element))` behaves exactly like `on(next: element)`, and so on. A sink
/// that only forwards the terminal event and disposes inherits that from
/// ``ForwardingSink``.
// `@usableFromInline` for the inlinable `subscribe(onNext:…)`, which subscribes its
// observer in your code (see `Observable.subscribe(elementObserver:)`).
@usableFromInline
protocol ElementObserver<Element>: AnyObject, ObserverType {
    // Primary, so that `range`'s element closure, compiled in your code, can take the
    // observer as `any ElementObserver<Element>` and send it the element it makes.
    associatedtype Element
    /// Receives the next element; the same as `on(.next(element))`.
    func on(next element: Element)

    /// Receives the error that ends the sequence; the same as `on(.error(error))`.
    func on(error: Swift.Error)

    /// Receives the completion that ends the sequence; the same as `on(.completed)`.
    ///
    /// Not named `onCompleted()`: that is ``ObserverType``'s public convenience, which
    /// builds the `Event`, and a call here should say which of the two it means.
    func onCompletion()

    /// Whether this observer, and everything after it, now ignores every event: it has
    /// passed its terminal event on or its subscription was disposed. A loop that makes
    /// elements on demand, such as `concat` unfolding recursive pages, stops when this
    /// holds, even while its own disposal cannot reach it yet (during the synchronous
    /// `subscribe` that is still building the chain).
    var hasEnded: Bool { get }
}

extension ElementObserver {
    /// `false`: an observer that cannot tell keeps receiving until it is disposed.
    @usableFromInline
    var hasEnded: Bool {
        false
    }

    /// Hands `event` to the road it belongs on: the one implementation of ``on(_:)``
    /// for every element observer that does not take events from outside Ripple.
    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error(let error):
            on(error: error)
        case .completed:
            onCompletion()
        }
    }
}

/// Lets an observer from outside Ripple (your own ``ObserverType``) sit at the end of
/// a chain of sinks: turns each element back into `.next`, and each terminal call back
/// into its event, because the outside observer only takes events.
final class ElementObserverAdapter<Observer: ObserverType>: ElementObserver {
    typealias Element = Observer.Element

    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
    }

    func on(next element: Element) {
        observer.on(.next(element))
    }

    func on(error: Swift.Error) {
        observer.on(.error(error))
    }

    func onCompletion() {
        observer.on(.completed)
    }

    func on(_ event: Event<Element>) {
        observer.on(event)
    }
}
