/// The observer ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:)``
/// builds around your closures.
///
/// One object holds your four closures, the disposable made from `onDisposed`, and the
/// call stack ``Hooks/defaultErrorHandler`` gets for an unhandled error; elements and the
/// terminal event take their own roads (``ElementObserver``), so no `Event` is built and
/// subscribing allocates this one object.
///
/// As an ``ObserverBase`` it lets one terminal event through, once. After the error or
/// the completion it disposes the `onDisposed` disposable, so `onDisposed` runs exactly
/// once: after `onError` / `onCompleted`, or when the subscription is disposed,
/// whichever comes first.
///
/// `@usableFromInline` (with its init and ``subscribe(to:)``) for the inlinable
/// `subscribe(onNext:…)`, which allocates it in your code.
@usableFromInline
final class SubscribeObserver<Element>: ObserverBase<Element> {
    // Not optional: unwrapping an optional closure copies it, a retain and a release
    // per element.
    private let onNext: (Element) -> Void
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    /// Made from `onDisposed`; nil without one. Of its concrete type, not `Disposable?`:
    /// an optional existential is copied and destroyed through runtime value witnesses,
    /// some hundred instructions per subscription, where a class reference is retained.
    private let disposable: AnonymousDisposable?
    /// Where the subscription was made, for ``Hooks/defaultErrorHandler``; empty unless
    /// ``Hooks/recordCallStackOnError`` is on.
    private let callStack: [String]

    /// An observer that calls the given closures; `onDisposed` becomes the disposable
    /// ``Disposables/create(with:)`` makes, which runs it once.
    @usableFromInline
    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        self.onNext = SubscribeObserver.elementHandler(onNext)
        self.onError = onError
        self.onCompleted = onCompleted
        self.disposable = onDisposed.map { AnonymousDisposable($0) }
        self.callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        super.init()
        #if DEBUG
        Resources.track(Self.self)
        #endif
        if journeyTracingIsOn {
            JourneyTrace.step("SubscribeObserver", "init", "an ObserverBase that keeps your four closures and the disposable made from onDisposed")
        }
    }

    /// `onNext`, or a closure that does nothing.
    ///
    /// Not `onNext ?? { _ in }`: `??` is generic over the closure type, and passing a
    /// closure through it allocates two reabstraction thunks.
    private static func elementHandler(_ onNext: ((Element) -> Void)?) -> (Element) -> Void {
        if let onNext {
            return onNext
        }
        return { _ in }
    }

    /// The disposable for `subscription`, which subscribing this observer returned:
    /// the subscription, paired with the `onDisposed` disposable when there is one, so
    /// that disposing the result ends the subscription and runs `onDisposed`.
    @usableFromInline
    func subscription(_ subscription: __owned Disposable) -> any Disposable & Sendable {
        // Kept as the plain existential until it is returned: opened below as the
        // `Sendable` composition, it costs a witness-table lookup in the runtime (about
        // 100 instructions) on every subscribe.
        guard let disposable else {
            let kind = SubscribeObserver.storedType(of: subscription)
            if kind == ObjectIdentifier(SinkDisposer.self) || kind == ObjectIdentifier(NopDisposable.self) {
                // Without `onDisposed` the subscription alone is the whole disposable,
                // and pairing it with a no-op would cost an object and a few
                // existential copies on every subscribe and dispose. The pair does one
                // more thing: once disposed it drops its references, which breaks a
                // cycle through an `onNext` that captures its own subscription. A
                // SinkDisposer drops its references too and a NopDisposable holds none;
                // any other subscription (a subject's, say) keeps the pair. (The type is
                // compared rather than cast with `is`, which costs hundreds of
                // instructions.)
                return sendableSubscription(subscription)
            }
            return Disposables.create(subscription, NopDisposable.noOp)
        }
        return Disposables.create(subscription, disposable)
    }

    /// The type `subscription` was stored in its existential as, read from the
    /// existential (opened as `D`): `type(of:)` would ask the runtime for the dynamic
    /// type, some 50 instructions. For a struct or a final class without a superclass,
    /// such as `NopDisposable` and `SinkDisposer`, the two are the same type; for any
    /// other type a mismatch only costs the pairing above.
    private static func storedType<D: Disposable>(of subscription: D) -> ObjectIdentifier {
        ObjectIdentifier(D.self)
    }

    override func onCore(next element: Element) {
        if elementTracingIsOn {
            SubscribeObserver.traceOnCore(next: element)
        }
        onNext(element)
    }

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private static func traceOnCore(next element: Element) {
        JourneyTrace.step("SubscribeObserver", "onCore(next:)", "calls your onNext closure")
        JourneyTrace.step("your code", "onNext", "your closure receives \(element)")
    }

    override func onCore(error: Swift.Error) {
        if journeyTracingIsOn {
            JourneyTrace.step("SubscribeObserver", "onCore(error:)", "calls your onError closure, then disposes the onDisposed disposable")
            JourneyTrace.step("your code", "onError", "your closure receives \(error)")
        }
        if let onError {
            onError(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
        disposable?.dispose()
    }

    override func onCoreCompletion() {
        if journeyTracingIsOn {
            JourneyTrace.step("SubscribeObserver", "onCoreCompletion", "calls your onCompleted closure, then disposes the onDisposed disposable")
            JourneyTrace.step("your code", "onCompleted", "your closure runs; then the disposable made from onDisposed is disposed")
        }
        onCompleted?()
        disposable?.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
