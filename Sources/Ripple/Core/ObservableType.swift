/// A push-based sequence of elements that observers subscribe to.
///
/// Conformers implement ``subscribe(_:)``; every operator is defined on this protocol
/// in an extension, so operators work on ``Observable`` and on any other conformer.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to this sequence's events.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that cancels the subscription: after `dispose()` returns,
    ///   the observer receives no further events.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an ``Observable``, subscribing to `self` for each subscriber.
    ///
    /// - Returns: An ``Observable`` with this sequence's events.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
