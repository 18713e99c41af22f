/// A sequence that shares one subscription to its source among its observers, and
/// starts that subscription only when you call ``connect()``.
///
/// ```
/// source:        -1-2-3-4-5-|
/// connect() at 2.5, observer subscribed at 0:
/// observer:      -----3-4-5-|
/// ```
///
/// ```swift
/// let shared = Observable.of(1, 2, 3).publish()
/// _ = shared.subscribe(onNext: { print("a", $0) })
/// _ = shared.subscribe(onNext: { print("b", $0) })
/// let connection = shared.connect()   // a 1, b 1, a 2, b 2, …
/// connection.dispose()                // unsubscribes from the source
/// ```
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source, unless it is already connected.
    ///
    /// - Returns: The connection; disposing it unsubscribes from the source.
    func connect() -> Disposable
}

/// The class of the connectable sequences `multicast`, `publish`, `replay` and
/// `replayAll` return; see ``ConnectableObservableType``.
///
/// ```swift
/// let replayed: ConnectableObservable<Int> = Observable.of(1, 2).replayAll()
/// let connection = replayed.connect()
/// ```
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    override init() {
        super.init()
    }

    /// Subscribes the shared subject to the source, unless it is already connected;
    /// implemented by each concrete connectable sequence.
    ///
    /// ```swift
    /// let connection = shared.connect()
    /// connection.dispose()   // disconnects
    /// ```
    ///
    /// - Returns: A disposable that ends the shared subscription.
    public func connect() -> Disposable {
        abstractMethod()
    }
}
