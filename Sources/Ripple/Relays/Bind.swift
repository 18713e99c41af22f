extension ObservableType {
    /// Subscribes `observers` and forwards every event to each of them, in order.
    ///
    /// As in RxSwift, errors and completion are forwarded too: binding to an observer
    /// that cannot take an error is that observer's concern.
    ///
    /// ```
    /// source:        -1-2-|
    /// each observer: -1-2-|
    /// ```
    ///
    /// ```swift
    /// let subject = PublishSubject<Int>()
    /// let binding = Observable.of(1, 2).bind(to: subject)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element {
        subscribe { event in
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// Subscribes `observers` of optional elements and forwards every event, each
    /// element wrapped in an optional.
    ///
    /// ```swift
    /// let selection = PublishSubject<Int?>()
    /// let binding = Observable.of(1, 2).bind(to: selection)
    /// ```
    ///
    /// - Parameter observers: The observers that receive the events, each element as an optional.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable & Sendable where Observer.Element == Element? {
        subscribe { event in
            let wrapped = event.map { Optional($0) }
            for observer in observers {
                observer.on(wrapped)
            }
        }
    }

    /// Calls `binder` with this sequence and returns its result: lets a function that
    /// takes a sequence read as a binding.
    ///
    /// ```swift
    /// func show(_ titles: Observable<String>) -> Disposable { titles.subscribe(onNext: { print($0) }) }
    /// let binding = titles.bind(to: show)
    /// ```
    ///
    /// - Parameter binder: The function to call with this sequence.
    /// - Returns: What `binder` returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `binder` with this sequence, then the function it returns with
    /// `curriedArgument`, and returns the result.
    ///
    /// ```swift
    /// func show(_ titles: Observable<String>) -> (String) -> Disposable {
    ///     { prefix in titles.subscribe(onNext: { print(prefix + $0) }) }
    /// }
    /// let binding = titles.bind(to: show, curriedArgument: "title: ")
    /// ```
    ///
    /// - Parameters:
    ///   - binder: The function to call with this sequence; it returns the function to call with `curriedArgument`.
    ///   - curriedArgument: The argument for the function `binder` returns.
    /// - Returns: What the function `binder` returns gives for `curriedArgument`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements. Binding is for sequences that never fail:
    /// an error ends the binding and is reported to ``Hooks/defaultErrorHandler`` as a
    /// binding error (RxSwift stops the program in debug builds instead).
    ///
    /// ```
    /// source:  -1-2-|
    /// onNext:  -1-2
    /// ```
    ///
    /// ```swift
    /// let binding = names.bind(onNext: { label.text = $0 })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element: on the actor it was written on if it is isolated
    ///     to one (elements sent elsewhere hop there first, in order), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(onNext: @escaping (Element) -> Void, isolation: (any Actor)? = #isolation) -> any Disposable & Sendable {
        subscribeForBinding(to: nil, onNext: onNext, isolation: isolation)
    }
}
