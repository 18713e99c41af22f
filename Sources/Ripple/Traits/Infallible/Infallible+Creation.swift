extension Infallible {
    /// Sends `element`, then completes.
    ///
    /// ```
    /// result: (1|)
    /// ```
    ///
    /// ```swift
    /// Infallible.just(1).subscribe(onNext: { print($0) })   // 1
    /// ```
    ///
    /// - Parameter element: The one element to send.
    /// - Returns: A sequence of `element`, then completion.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// Sends `element` from `scheduler`, then completes.
    ///
    /// ```swift
    /// Infallible.just(1, scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The one element to send.
    ///   - scheduler: Where the element and completion are sent.
    /// - Returns: A sequence of `element`, then completion.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// Sends `elements` in order, then completes.
    ///
    /// ```
    /// result: (123|)
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2, 3)
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence that sends `elements` to each subscriber, then completes.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// Sends the elements of `array` in order, then completes.
    ///
    /// ```swift
    /// Infallible.from([1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - array: The elements to send, in order.
    ///   - scheduler: Where the elements are sent; by default the current thread's
    ///     trampoline.
    /// - Returns: A sequence of the array's elements, then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// Sends the elements of `sequence` in order, then completes (as
    /// `Observable.from(_:scheduler:)` does for any `Sequence`).
    ///
    /// ```swift
    /// Infallible.from(1...3).subscribe(onNext: { print($0) })   // 1, 2, 3
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The elements to send; it is iterated once per subscription.
    ///   - scheduler: Where to send them; the current thread's trampoline by default.
    /// - Returns: A sequence of the elements of `sequence`.
    public static func from<Elements: Sequence>(
        _ sequence: Elements,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Elements.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }

    /// Sends the wrapped value if `optional` has one, then completes.
    ///
    /// ```swift
    /// Infallible.from(optional: Int("4"))   // 4, completed
    /// ```
    ///
    /// - Parameter optional: The element to send, if any.
    /// - Returns: A sequence of the one element (or none), then completion.
    public static func from(optional: Element?) -> Infallible<Element> {
        Infallible(Observable.from(optional: optional))
    }

    /// Completes at once.
    ///
    /// ```
    /// result: |
    /// ```
    ///
    /// ```swift
    /// let nothing = Infallible<Int>.empty()
    /// ```
    ///
    /// - Returns: A sequence that completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// Never sends anything.
    ///
    /// ```
    /// result: ------
    /// ```
    ///
    /// ```swift
    /// let silence = Infallible<Int>.never()
    /// ```
    ///
    /// - Returns: A sequence that never sends anything.
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// Calls `factory` for each subscriber and subscribes to the sequence it returns.
    ///
    /// ```swift
    /// let stamp = Infallible.deferred { Infallible.just(Date()) }   // a fresh date per subscriber
    /// ```
    ///
    /// - Parameters:
    ///   - factory: Makes the sequence for each subscriber. Runs on the actor it was written on
    ///     if it is isolated to one (a subscription made elsewhere moves there, and so does its
    ///     disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that subscribes each subscriber to a new sequence from `factory`.
    public static func deferred(_ factory: @escaping () -> Infallible<Element>, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(Observable.deferred { factory().asObservable() }.subscribing(on: isolation))
    }
}
