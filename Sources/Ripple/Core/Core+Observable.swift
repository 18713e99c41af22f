/// A sequence of events that observers subscribe to: the central type of Rx.
///
/// An `Observable` is a description of work, not the work itself: nothing happens
/// until someone subscribes, and each subscription runs the work anew.
///
/// ```swift
/// let greetings = Observable.of("hello", "world")
/// greetings.subscribe(onNext: { print($0) })
/// ```
///
/// You do not subclass `Observable`; you make one with a creation operator
/// (``ObservableType/create(_:isolation:)``, ``ObservableType/just(_:)``, …) or an operator.
public class Observable<Element>: ObservableType {
    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Subscribes `observer` to this sequence. Implemented by each concrete sequence.
    ///
    /// - Parameter observer: The observer that receives this sequence's events.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        abstractMethod()
    }

    /// Subscribes one of Ripple's own observers, whose elements can travel unwrapped.
    /// Sequences built on ``Producer`` override it; any other sequence sends events.
    ///
    /// `@usableFromInline`: the inlinable `subscribe(onNext:…)` calls it in your code,
    /// where the conformance of its `SubscribeObserver<Element>` to ``ElementObserver``
    /// is looked up once and cached; called here, in code that is not specialised, it
    /// is looked up in the runtime on every subscribe (about 100 instructions).
    @usableFromInline
    func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(observer)
    }

    /// Returns `self`.
    ///
    /// - Returns: This sequence.
    public func asObservable() -> Observable<Element> {
        self
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
