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

/// A subscription's disposable, typed as the `Sendable` value it is.
///
/// Disposal is thread-safe by Rx's contract, and every subscription Ripple returns keeps
/// it: a ``Producer``'s ``SinkDisposer`` settles disposal with atomics, subjects and
/// relays remove their observer under their lock, `Disposables.create` makes atomic or
/// locked disposables. The `subscribe` that returns it is declared to return the
/// protocol ``Disposable``, which stays non-`Sendable` so that users' own conformers need
/// not be thread-safe; this states the fact for the value a Ripple sequence returned.
///
/// The cast costs nothing: `Sendable` is a marker protocol, so `any Disposable` and
/// `any Disposable & Sendable` have the same layout (one type, one witness table).
/// Use it only on a disposable a sequence's `subscribe` returned.
@inline(__always)
func sendableSubscription(_ subscription: Disposable) -> any Disposable & Sendable {
    // `as Disposable` keeps the existential closed: passed bare, it would be opened to
    // its concrete type, whose size is not the existential's.
    unsafeBitCast(subscription as Disposable, to: (any Disposable & Sendable).self)
}
