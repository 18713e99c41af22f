extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// ```swift
    /// Observable.of(1, 2).subscribe { event in print(event) }
    /// // next(1), next(2), completed
    /// ```
    ///
    /// - Parameter on: Called with every event: each element, then the error or completion.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(elementObserver: AnonymousObserver(on))
    }

    /// Subscribes closures for elements, the error, completion and disposal.
    ///
    /// `onDisposed` runs exactly once: after `onError` or `onCompleted`, or when the
    /// returned disposable is disposed, whichever comes first. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// let subscription = Observable.of(1, 2).subscribe(
    ///     onNext: { print("next \($0)") },
    ///     onCompleted: { print("completed") },
    ///     onDisposed: { print("dispose done") }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onError: Called with the error that ends the sequence; without it, the error
    ///     goes to ``Hooks/defaultErrorHandler``.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called once, when the subscription ends for any reason.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        if journeyTracingIsOn {
            JourneyTrace.step("ObservableType", "subscribe(onNext:onError:onCompleted:onDisposed:)", "wraps your closures in an AnonymousObserver and subscribes it")
        }
        let disposable: Disposable = if let onDisposed {
            Disposables.create(with: onDisposed)
        } else {
            Disposables.create()
        }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer = AnonymousObserver<Element>(next: elementHandler(onNext), stop: { event in
            switch event {
            case .next(let element):
                onNext?(element)
            case .error(let error):
                if journeyTracingIsOn {
                    JourneyTrace.step("your code", "onError", "your closure receives \(error)")
                }
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                if journeyTracingIsOn {
                    JourneyTrace.step("your code", "onCompleted", "your closure runs; then the subscription disposes itself")
                }
                onCompleted?()
                disposable.dispose()
            }
        })
        let subscription = asObservable().subscribe(elementObserver: observer)
        let kind = ObjectIdentifier(type(of: subscription))
        if onDisposed == nil, kind == ObjectIdentifier(SinkDisposer.self) || kind == ObjectIdentifier(NopDisposable.self) {
            // `disposable` does nothing, so the subscription alone is the whole
            // disposable, and pairing it with a no-op would cost an object and a few
            // existential copies on every subscribe and dispose. The pair does one more
            // thing: once disposed it drops its references, which breaks a cycle
            // through an `onNext` that captures its own subscription. A SinkDisposer
            // drops its references too and a NopDisposable holds none; any other
            // subscription (a subject's, say) keeps the pair. (The type is compared
            // rather than cast with `is`, which costs hundreds of instructions.)
            return subscription
        }
        return Disposables.create(subscription, disposable)
    }

    /// Subscribes closures that receive `object` as their first argument, holding
    /// `object` weakly: once it is gone the closures are no longer called.
    ///
    /// ```swift
    /// viewModel.title.subscribe(with: self, onNext: { owner, title in owner.show(title) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - onError: Called with the object and the error that ends the sequence.
    ///   - onCompleted: Called with the object when the sequence completes.
    ///   - onDisposed: Called with the object once, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// The element handler `subscribe(onNext:…)` gives its ``AnonymousObserver``.
///
/// In release builds, where the element trace points compile away, it is `onNext`
/// itself (or a no-op), so an element makes one closure call, not two, and subscribing
/// allocates no wrapper. Debug builds wrap it to report the "your code: onNext" step.
private func elementHandler<Element>(_ onNext: ((Element) -> Void)?) -> (Element) -> Void {
    #if DEBUG
    return { element in
        if elementTracingIsOn {
            traceYourOnNext(element)
        }
        onNext?(element)
    }
    #else
    // Not `onNext ?? { _ in }`: `??` is generic over the closure type, and passing a
    // closure through it allocates two reabstraction thunks.
    if let onNext {
        return onNext
    }
    return { _ in }
    #endif
}

/// The trace point before your `onNext`; out of line, so the element path stays small
/// while tracing is off.
@inline(never)
private func traceYourOnNext<Element>(_ element: Element) {
    JourneyTrace.step("your code", "onNext", "your closure receives \(element)")
}
