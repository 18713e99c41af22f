extension InfallibleType {
    /// Forwards every event (elements and completion) to each of `observers`.
    ///
    /// ```
    /// source:        -1-2-|
    /// each observer: -1-2-|
    /// ```
    ///
    /// ```swift
    /// let binding = Infallible.of("a", "b").bind(to: titleBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element {
        asObservable().subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Forwards every event to each of `observers` of optionals, each element wrapped.
    ///
    /// ```swift
    /// let binding = Infallible.of("a").bind(to: optionalTextBinder)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events, each element as an optional.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element? {
        asObservable().subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers {
                observer.on(wrapped)
            }
        }
    }

    /// Sends every element to each of `relays`; completion ends the binding.
    ///
    /// ```swift
    /// let binding = Infallible.of(1, 2).bind(to: taps)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable & Sendable {
        asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Makes every element the current value of each of `relays`; completion ends the
    /// binding.
    ///
    /// ```swift
    /// let binding = Infallible.of(1, 2).bind(to: count)   // count.value == 2
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable & Sendable {
        asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to each of `relays`, which keep them for replay.
    ///
    /// ```swift
    /// let binding = Infallible.of(1, 2).bind(to: history)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable & Sendable {
        asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Hands this sequence to `binder` and returns what it returns: for binding
    /// helpers written as functions of the sequence.
    ///
    /// ```swift
    /// func show(_ names: Infallible<String>) -> Disposable { names.subscribe(onNext: { print($0) }) }
    /// let binding = names.bind(to: show)
    /// ```
    ///
    /// - Parameter binder: Subscribes to the sequence, typically.
    /// - Returns: What `binder` returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this sequence to `binder`, then `curriedArgument` to the function
    /// `binder` returns, and returns its result.
    ///
    /// ```swift
    /// func show(_ names: Infallible<String>) -> (String) -> Disposable {
    ///     { prefix in names.subscribe(onNext: { print(prefix + $0) }) }
    /// }
    /// let binding = names.bind(to: show, curriedArgument: "name: ")
    /// ```
    ///
    /// - Parameters:
    ///   - binder: Makes, from the sequence, a function that finishes the binding.
    ///   - curriedArgument: The argument passed to the function `binder` returns.
    /// - Returns: What the function `binder` returns returns.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements.
    ///
    /// ```swift
    /// let binding = names.bind(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element: on the actor it was written on if it is isolated
    ///     to one (elements sent elsewhere hop there first, in order), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(onNext: @escaping (Element) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        asObservable().subscribe(onNext: onNext, isolation: isolation)
    }
}
