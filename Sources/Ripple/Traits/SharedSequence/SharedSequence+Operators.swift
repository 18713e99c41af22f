// Creation and the common operators of `SharedSequence` (Driver and Signal): each
// wraps the Observable operator and shares the result again.

extension SharedSequence {
    /// Sends `element` on the strategy's scheduler, then completes.
    ///
    /// ```
    /// result: (1|)
    /// ```
    ///
    /// ```swift
    /// let title = Driver.just("Welcome")
    /// ```
    ///
    /// - Parameter element: The one element to send.
    /// - Returns: A sequence of `element`, then completion.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// Sends `elements` in order on the strategy's scheduler, then completes.
    ///
    /// ```swift
    /// let steps = Driver.of(1, 2, 3)
    /// ```
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A sequence of `elements`, then completion.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// Sends the elements of `array` in order on the strategy's scheduler, then completes.
    ///
    /// ```swift
    /// let steps = Driver.from([1, 2, 3])
    /// ```
    ///
    /// - Parameter array: The elements to send.
    /// - Returns: A sequence of the elements of `array`, then completion.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// Completes on the strategy's scheduler.
    ///
    /// ```swift
    /// let nothing = Driver<Int>.empty()
    /// ```
    ///
    /// - Returns: A sequence that completes at once.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Never sends anything.
    ///
    /// ```swift
    /// let silence = Signal<Void>.never()
    /// ```
    ///
    /// - Returns: A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// Calls `factory` for each subscriber and subscribes to the sequence it returns.
    ///
    /// ```swift
    /// let now = Driver.deferred { Driver.just(Date()) }
    /// ```
    ///
    /// - Parameters:
    ///   - factory: Makes the sequence for each subscriber. Runs on the actor it was written
    ///     on if it is isolated to one (a subscription made elsewhere moves there, and so does
    ///     its disposal), otherwise where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that subscribes each subscriber to a new sequence from `factory`.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() }.subscribing(on: isolation))
    }
}

extension SharedSequenceConvertibleType {
    /// Transforms each element with `transform`.
    ///
    /// ```
    /// source: -1-2-
    /// result: -A-B-   (A = transform(1))
    /// ```
    ///
    /// ```swift
    /// let greeting = name.map { "Hello, \($0)" }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the results of `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(transform, isolation: isolation))
    }

    /// Transforms each element and drops the `nil` results.
    ///
    /// ```swift
    /// let numbers = text.compactMap { Int($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(perEvent(isolation: isolation) { $0.compactMap(transform) })
    }

    /// Sends only the elements that satisfy `predicate`.
    ///
    /// ```
    /// source: -1-2-3-4-
    /// result: ---2---4-   (even)
    /// ```
    ///
    /// ```swift
    /// let valid = input.filter { !$0.isEmpty }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether it is sent: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping (Element) -> Bool, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(perEvent(isolation: isolation) { $0.filter(predicate) })
    }

    /// Sends `elements` first, then this sequence's elements.
    ///
    /// ```
    /// source: --1-
    /// result: 0-1-   (startWith(0))
    /// ```
    ///
    /// ```swift
    /// let status = updates.startWith("loading…")
    /// ```
    ///
    /// - Parameter elements: The elements to send before the source's.
    /// - Returns: A sequence with `elements` first, then this sequence's events.
    public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements).concat(asObservable()))
    }

    /// Sends each accumulated value: `accumulator` applied to the previous one (or
    /// `seed`) and the element.
    ///
    /// ```swift
    /// let total = amounts.scan(0, accumulator: +)
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Combines the accumulated value with one element into the next
    ///     accumulated value: on the actor it was written on if it is isolated to one (elements
    ///     sent elsewhere hop there first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the accumulated value after each element.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, isolation: (any Actor)? = #isolation) -> SharedSequence<SharingStrategy, Seed> {
        SharedSequence(perEvent(isolation: isolation) { $0.scan(seed, accumulator: accumulator) })
    }

    /// Combines each element with the latest element of `second` (elements sent before
    /// `second` sent anything are dropped).
    ///
    /// ```
    /// self:   -1---2---3-
    /// second: ---a---b---
    /// result: -----A---B-   (A = resultSelector(2, a))
    /// ```
    ///
    /// ```swift
    /// let submitted = taps.withLatestFrom(text) { _, text in text }
    /// ```
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element joins each element of this one.
    ///   - resultSelector: Makes a result from an element of this sequence and the latest
    ///     element of `second`: on the actor it was written on if it is isolated to one
    ///     (elements of this sequence sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one for each element of
    ///   this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) -> Result,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> where Second.SharingStrategy == SharingStrategy {
        SharedSequence(perEvent(isolation: isolation) { $0.withLatestFrom(second.asObservable(), resultSelector: resultSelector) })
    }

    /// Sends the latest element of `second` each time this sequence sends one.
    ///
    /// ```swift
    /// let submitted = taps.withLatestFrom(text)
    /// ```
    ///
    /// `second` may use another sharing strategy (a Driver can sample a Signal's latest
    /// element): the result keeps this sequence's strategy, as in RxCocoa.
    ///
    /// - Parameter second: The sequence whose latest element to send.
    /// - Returns: A sequence of `second`'s latest element, one for each element of this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }

    /// Sends an element only after `dueTime` has passed without another one, on the
    /// strategy's scheduler.
    ///
    /// ```swift
    /// let query = text.debounce(.milliseconds(300))
    /// ```
    ///
    /// - Parameter dueTime: How long a quiet period must last before the latest element is sent.
    /// - Returns: A sequence with the elements that were not followed by another within `dueTime`.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Sends at most one element per `dueTime`, on the strategy's scheduler.
    ///
    /// ```swift
    /// let taps = rawTaps.throttle(.seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two elements sent.
    ///   - latest: Whether to send, at the end of a period, the latest element that arrived during it.
    /// - Returns: A sequence with at most one element per `dueTime`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }
}
