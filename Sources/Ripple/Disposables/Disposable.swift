/// Something that can be cancelled: a subscription, a timer, scheduled work.
///
/// `dispose()` is idempotent in every Ripple type: calling it again does nothing.
///
/// ```swift
/// let subscription = ticks.subscribe(onNext: { print($0) })
/// subscription.dispose()   // no more ticks
/// ```
public protocol Disposable {
    /// Releases the resource and stops the work it stands for.
    func dispose()
}

/// A ``Disposable`` that can say whether it has been disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
    ///
    /// ```swift
    /// numbers.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter bag: The bag that disposes this disposable when it is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
