// `just(x).subscribe(onNext:…)` without an observer: `just` sends everything during the
// call and cannot fail, so its closures can be called at once, in the order and at most
// once each, as a `SubscribeObserver` would call them. The `Just` is then the
// subscription's one allocation.
//
// What must not change (`JustTests`, `SubscribeObserverTests`): `onNext` with the
// element, then `onCompleted`, then `onDisposed`, all before `subscribe` returns.

extension Observable {
    /// When this sequence is a ``Just`` and the fast paths are on, calls the closures of
    /// `subscribe(onNext:…)` at once and returns the subscription; otherwise `nil` (the
    /// caller subscribes a ``SubscribeObserver``).
    ///
    /// Inlined into the inlinable `subscribe(onNext:…)`, so the cast runs in your code,
    /// where the type metadata of `Just<Element>` is cached: a class cast, which checks
    /// the object's class and its superclasses, and no lookup of a generic type.
    @inlinable
    @inline(__always)
    final func subscribeAtOnce(onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> (any Disposable & Sendable)? {
        guard let just = self as? Just<Element> else {
            return nil
        }
        return just.sendAtOnce(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}

extension Just {
    /// The element, the completion, then `onDisposed`, all during the call; returns
    /// the subscription, which has nothing left to do, or `nil` with the fast paths
    /// off. Out of line, so the inlined check above stays small, and the switch is read
    /// here rather than called from your code.
    @usableFromInline
    final func sendAtOnce(onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> (any Disposable & Sendable)? {
        guard fastPathsAreOn else {
            return nil
        }
        if journeyTracingIsOn {
            JourneyTrace.step("Just", "subscribeAtOnce", "calls your onNext with \(element), then onCompleted and onDisposed, during subscribe: no observer, no sink")
        }
        onNext?(element)
        onCompleted?()
        onDisposed?()
        return Disposables.create()
    }
}
