extension ObservableType {
    /// Sends every element to each of `relays`, in order.
    ///
    /// Relays never end, so completion just ends the binding. An error ends it too and
    /// is reported to ``Hooks/defaultErrorHandler`` as a binding error (RxSwift stops
    /// the program in debug builds instead).
    ///
    /// ```
    /// source:     -1-2-|
    /// each relay: -1-2--
    /// ```
    ///
    /// ```swift
    /// let taps = PublishRelay<Int>()
    /// let binding = Observable.of(1, 2).bind(to: taps)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "publish relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }

    /// Sends every element, as an optional, to each of `relays`; see
    /// the non-optional overload for completion and errors.
    ///
    /// ```swift
    /// let selection = PublishRelay<Int?>()
    /// let binding = Observable.of(1, 2).bind(to: selection)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "publish relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }

    /// Makes every element the current value of each of `relays`, in order.
    ///
    /// Relays never end, so completion just ends the binding. An error ends it too and
    /// is reported to ``Hooks/defaultErrorHandler`` as a binding error (RxSwift stops
    /// the program in debug builds instead).
    ///
    /// ```swift
    /// let count = BehaviorRelay(value: 0)
    /// let binding = Observable.of(1, 2).bind(to: count)   // count.value == 2
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "behavior relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }

    /// Makes every element, as an optional, the current value of each of `relays`.
    ///
    /// ```swift
    /// let selection = BehaviorRelay<Int?>(value: nil)
    /// let binding = Observable.of(1, 2).bind(to: selection)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "behavior relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }

    /// Sends every element to each of `relays`, which keep them for replay.
    ///
    /// Relays never end, so completion just ends the binding. An error ends it too and
    /// is reported to ``Hooks/defaultErrorHandler`` as a binding error (RxSwift stops
    /// the program in debug builds instead).
    ///
    /// ```swift
    /// let history = ReplayRelay<Int>.createUnbounded()
    /// let binding = Observable.of(1, 2).bind(to: history)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "replay relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }

    /// Sends every element, as an optional, to each of `relays`.
    ///
    /// ```swift
    /// let history = ReplayRelay<Int?>.createUnbounded()
    /// let binding = Observable.of(1, 2).bind(to: history)
    /// ```
    ///
    /// - Parameter relays: The relays that accept the elements, as optionals.
    /// - Returns: The subscription; disposing it ends the binding.
    public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable & Sendable {
        subscribeForBinding(to: "replay relay") { element in
            for relay in relays {
                relay.accept(element)
            }
        }
    }
}
