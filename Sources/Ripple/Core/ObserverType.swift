/// A receiver of the events of a sequence.
///
/// Only ``on(_:)`` is required; ``onNext(_:)``, ``onError(_:)`` and ``onCompleted()``
/// are shorthands for it.
///
/// ```swift
/// let observer = AnyObserver<Int> { event in print(event) }
/// observer.onNext(1)        // same as observer.on(.next(1))
/// observer.onCompleted()
/// ```
public protocol ObserverType {
    /// The type of element this observer accepts.
    associatedtype Element

    /// Receives one event of the sequence.
    ///
    /// - Parameter event: The next event: an element, an error or completion.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    ///
    /// - Parameter element: The element to send.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends `.completed`, ending the sequence.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Sends `.error(error)`, ending the sequence.
    ///
    /// - Parameter error: The error that ends the sequence.
    @inlinable
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }
}
