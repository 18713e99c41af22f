// The element-wise operators of `Infallible`: each wraps the Observable operator of
// the same name. Their closures cannot throw, so the result cannot fail either.

extension InfallibleType {
    /// Transforms each element with `transform`.
    ///
    /// ```
    /// source: -1-2-|
    /// result: -A-B-|   (A = transform(1))
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2).map { $0 * 10 }   // 10, 20
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the results of `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result, isolation: (any Actor)? = #isolation) -> Infallible<Result> {
        Infallible<Result>(asObservable().map(transform, isolation: isolation))
    }

    /// Transforms each element with `transform` and drops the `nil` results.
    ///
    /// ```
    /// source: -a-1-b-2-|
    /// result: ---1---2-|
    /// ```
    ///
    /// ```swift
    /// Infallible.of("1", "x", "2").compactMap { Int($0) }   // 1, 2
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Called once for each element: on the actor it was written on if it is
    ///     isolated to one (elements sent elsewhere hop there first), otherwise on the thread
    ///     that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?, isolation: (any Actor)? = #isolation) -> Infallible<Result> {
        Infallible<Result>(perEvent(isolation: isolation) { $0.compactMap(transform) })
    }

    /// Sends only the elements that satisfy `predicate`.
    ///
    /// ```
    /// source: -1-2-3-4-|
    /// result: ---2---4-|   (even)
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2, 3, 4).filter { $0.isMultiple(of: 2) }   // 2, 4
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether it is sent: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping (Element) -> Bool, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.filter(predicate) })
    }

    /// Maps each element to an infallible sequence and merges all of them.
    ///
    /// ```
    /// source: -1----2-----|
    /// inner1:  -a-a|
    /// inner2:       -b-b|
    /// result: --a-a--b-b--|
    /// ```
    ///
    /// ```swift
    /// queries.flatMap { search($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of every inner sequence, as they arrive.
    public func flatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source, isolation: (any Actor)? = #isolation) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().delivering(to: isolation).flatMap(selector))
    }

    /// Maps each element to an infallible sequence and sends only the elements of
    /// the most recent one.
    ///
    /// ```
    /// source: -1---2------|
    /// inner1:  -a---a|        (cut off when 2 arrives)
    /// inner2:      -b-b|
    /// result: --a---b-b---|
    /// ```
    ///
    /// ```swift
    /// queries.flatMapLatest { search($0) }   // results of the latest query only
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence to switch to: on the actor it was written
    ///     on if it is isolated to one (elements sent elsewhere hop there first), otherwise on
    ///     the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the latest inner sequence.
    public func flatMapLatest<Source: InfallibleType>(_ selector: @escaping (Element) -> Source, isolation: (any Actor)? = #isolation) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().delivering(to: isolation).flatMapLatest(selector))
    }

    /// Maps each element to an infallible sequence, ignoring elements that arrive
    /// while the current one is still running.
    ///
    /// ```
    /// source: -1-2----3---|
    /// inner1:  -a-a|
    /// inner3:         -c|
    /// result: --a-a----c--|
    /// ```
    ///
    /// ```swift
    /// taps.flatMapFirst { submit() }   // taps during a submission are ignored
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element that arrives while nothing runs: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the inner sequences that were started.
    public func flatMapFirst<Source: InfallibleType>(_ selector: @escaping (Element) -> Source, isolation: (any Actor)? = #isolation) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().delivering(to: isolation).flatMapFirst(selector))
    }

    /// Maps each element to an infallible sequence and concatenates them in order.
    ///
    /// ```swift
    /// ids.concatMap { load($0) }   // one load at a time, in order
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of each inner sequence, one sequence after another.
    public func concatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source, isolation: (any Actor)? = #isolation) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().delivering(to: isolation).concatMap(selector))
    }

    /// Sends `elements` first, then the elements of this sequence.
    ///
    /// ```
    /// source: --1-|
    /// result: 0-1-|   (startWith(0))
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2).startWith(0)   // 0, 1, 2
    /// ```
    ///
    /// - Parameter elements: The elements to send before the source's.
    /// - Returns: A sequence with `elements` first, then this sequence's events.
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements).concat(asObservable()))
    }

    /// Sends each accumulated value: `accumulator` applied to the previous one (or
    /// `seed`) and the element.
    ///
    /// ```
    /// source: -1-2-3-|
    /// result: -1-3-6-|   (scan(0, +))
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2, 3).scan(0, accumulator: +)   // 1, 3, 6
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Combines the accumulated value with one element into the next
    ///     accumulated value: on the actor it was written on if it is isolated to one (elements
    ///     sent elsewhere hop there first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the accumulated value after each element.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, isolation: (any Actor)? = #isolation) -> Infallible<Seed> {
        Infallible<Seed>(perEvent(isolation: isolation) { $0.scan(seed, accumulator: accumulator) })
    }

    /// Like ``scan(_:accumulator:isolation:)`` with an accumulator that mutates the value in place.
    ///
    /// ```swift
    /// Infallible.of(1, 2).scan(into: [Int]()) { $0.append($1) }   // [1], [1, 2]
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulated value before the first element.
    ///   - accumulator: Updates the accumulated value in place with one element: on the actor
    ///     it was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the accumulated value after each element.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void, isolation: (any Actor)? = #isolation) -> Infallible<Seed> {
        Infallible<Seed>(perEvent(isolation: isolation) { $0.scan(into: seed, accumulator: accumulator) })
    }

    /// Sends only the first `count` elements, then completes.
    ///
    /// A negative `count` is invalid; as there is no error to send, the result then
    /// completes at once (the Observable operator would fail with
    /// `RxError.argumentOutOfRange`).
    ///
    /// ```
    /// source: -1-2-3-|
    /// result: -1-2|      (take(2))
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2, 3).take(2)   // 1, 2
    /// ```
    ///
    /// - Parameter count: How many elements to send.
    /// - Returns: A sequence with at most the first `count` elements.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(count < 0 ? Observable.empty() : asObservable().take(count))
    }

    /// Sends elements until `other` sends an element, then completes.
    ///
    /// ```
    /// source: -1-2-3-|
    /// other:  ----x
    /// result: -1-2|
    /// ```
    ///
    /// ```swift
    /// ticks.take(until: stop)
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends this one.
    /// - Returns: A sequence with the elements sent before `other` sends an element.
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Sends elements until `other` (any sequence) sends an element, then completes;
    /// an error from `other` also just completes this one, which cannot fail.
    ///
    /// ```swift
    /// ticks.take(until: viewDidDisappear)
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends this one.
    /// - Returns: A sequence with the elements sent before `other` sends an element.
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        // Only `other`'s first element matters here: its error must not reach an
        // Infallible's subscriber, so it ends `other`'s part as an empty one.
        Infallible(asObservable().take(until: other.completingOnError()))
    }

    /// Sends elements until one passes `predicate`, then completes (sending that one
    /// too when `behavior` is `.inclusive`).
    ///
    /// ```
    /// source: -1-2-3-4-|
    /// result: -1-2-|          (take(until: { $0 > 2 }))
    /// ```
    ///
    /// ```swift
    /// progress.take(until: { $0 >= 1.0 }, behavior: .inclusive)
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether an element ends the sequence: on the actor it was written on if
    ///     it is isolated to one (elements sent elsewhere hop there first), otherwise on the
    ///     thread that sent the element.
    ///   - behavior: Whether the element that ends it is sent (`.inclusive`) or not.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements before the first that passes `predicate`.
    public func take(until predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.take(until: predicate, behavior: behavior) })
    }

    /// Sends elements while they pass `predicate`, then completes (sending the first
    /// that fails too when `behavior` is `.inclusive`).
    ///
    /// ```
    /// source: -1-2-3-4-|
    /// result: -1-2-|          (take(while: { $0 < 3 }))
    /// ```
    ///
    /// ```swift
    /// countdown.take(while: { $0 > 0 })
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether an element keeps the sequence going: on the actor it was written
    ///     on if it is isolated to one (elements sent elsewhere hop there first), otherwise on
    ///     the thread that sent the element.
    ///   - behavior: Whether the element that ends it is sent (`.inclusive`) or not.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements before the first that fails `predicate`.
    public func take(while predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.take(while: predicate, behavior: behavior) })
    }

    /// Skips elements while they pass `predicate`, then sends the rest.
    ///
    /// ```
    /// source: -1-2-3-1-|
    /// result: -----3-1-|      (skip(while: { $0 < 3 }))
    /// ```
    ///
    /// ```swift
    /// readings.skip(while: { $0 == 0 })
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether an element, before the first that fails, is dropped: on the actor
    ///     it was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence from the first element that fails `predicate` on.
    public func skip(while predicate: @escaping (Element) -> Bool, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.skip(while: predicate) })
    }

    /// Drops elements until `other` sends an element, then sends the rest; an error
    /// from `other` is ignored (this sequence cannot fail), so it then sends nothing
    /// more than completion.
    ///
    /// ```
    /// source: -1-2-3-4-|
    /// other:  ----x
    /// result: -----3-4-|
    /// ```
    ///
    /// ```swift
    /// taps.skip(until: ready)
    /// ```
    ///
    /// - Parameter other: The sequence whose first element starts this one.
    /// - Returns: A sequence with the elements sent after `other` sends an element.
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.completingOnError()))
    }

    /// Skips the first `count` elements. A negative `count` skips nothing.
    ///
    /// ```
    /// source: -1-2-3-|
    /// result: -----3-|   (skip(2))
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 2, 3).skip(2)   // 3
    /// ```
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A sequence without the first `count` elements.
    public func skip(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().skip(max(count, 0)))
    }

    /// Shares one subscription to this sequence among all subscribers, replaying the
    /// last `replay` elements to new ones; see `ObservableType.share(replay:scope:)`.
    /// A negative `replay` replays nothing (there is no error to report it with).
    ///
    /// ```swift
    /// let shared = expensive.share(replay: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - replay: How many of the latest elements each new subscriber receives.
    ///   - scope: Whether the replayed elements survive the last subscriber
    ///     (`.forever`) or not (`.whileConnected`).
    /// - Returns: A sequence that shares one subscription among its subscribers.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: max(replay, 0), scope: scope))
    }

    /// Sends the elements to the observer on `scheduler`.
    ///
    /// ```swift
    /// results.observe(on: MainScheduler.instance).subscribe(onNext: { label.text = $0 })
    /// ```
    ///
    /// - Parameter scheduler: Where the events are sent to the observer.
    /// - Returns: This sequence, its events delivered on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().observe(on: scheduler))
    }

    /// Subscribes to this sequence (and disposes it) on `scheduler`.
    ///
    /// ```swift
    /// heavy.subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
    /// ```
    ///
    /// - Parameter scheduler: Where the subscription and its disposal run.
    /// - Returns: This sequence, subscribed to and disposed on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().subscribe(on: scheduler))
    }

    /// Runs the given closures for their side effects as events pass through.
    ///
    /// ```swift
    /// values.do(onNext: { print("saw \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Runs before each element is sent.
    ///   - afterNext: Runs after each element was sent.
    ///   - onCompleted: Runs before completion is sent.
    ///   - afterCompleted: Runs after completion was sent.
    ///   - onSubscribe: Runs before the subscription to this sequence.
    ///   - onSubscribed: Runs after the subscription to this sequence.
    ///   - onDispose: Runs after the subscription is disposed.
    ///   - isolation: The caller's actor; leave the default. Actions written on an actor
    ///     run on it: events sent elsewhere hop there first, the subscription moves there
    ///     for `onSubscribe` and `onSubscribed`, and `onDispose` runs there too.
    /// - Returns: This sequence, unchanged, with the actions run along the way.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(isolatedDo(
            onNext: onNext,
            afterNext: afterNext,
            onError: nil,
            afterError: nil,
            onCompleted: onCompleted,
            afterCompleted: afterCompleted,
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose,
            isolation: isolation
        ))
    }

    /// Sends this sequence's elements, then those of `second`.
    ///
    /// ```
    /// self:   -1-|
    /// second:    -2-|
    /// result: -1--2-|
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1).concat(Infallible.of(2))   // 1, 2
    /// ```
    ///
    /// - Parameter second: The sequence to continue with.
    /// - Returns: The elements of `self`, followed by those of `second`.
    public func concat<Source: InfallibleType>(_ second: Source) -> Infallible<Element> where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```
    /// source: -1-1-2-2-1-|
    /// result: -1---2---1-|
    /// ```
    ///
    /// ```swift
    /// Infallible.of(1, 1, 2).distinctUntilChanged()   // 1, 2
    /// ```
    ///
    /// - Returns: A sequence without consecutive equal elements.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// Drops each element whose key equals the previous element's key.
    ///
    /// ```swift
    /// people.distinctUntilChanged { $0.id }
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the value to compare for each element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements that compare equal.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.distinctUntilChanged(keySelector) })
    }

    /// Drops each element that `comparer` finds equal to the previous one.
    ///
    /// ```swift
    /// values.distinctUntilChanged { abs($0 - $1) < 0.1 }
    /// ```
    ///
    /// - Parameters:
    ///   - comparer: Returns `true` when two elements count as equal: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements that compare equal.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool, isolation: (any Actor)? = #isolation) -> Infallible<Element> {
        Infallible(perEvent(isolation: isolation) { $0.distinctUntilChanged(comparer) })
    }

    /// Drops each element whose property at `keyPath` equals the previous element's.
    ///
    /// ```swift
    /// people.distinctUntilChanged(at: \.name)
    /// ```
    ///
    /// - Parameter keyPath: The property compared between consecutive elements.
    /// - Returns: A sequence without consecutive elements whose property at `keyPath` is equal.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }
}

extension ObservableType {
    /// This sequence with its error turned into completion: an Infallible operator
    /// that only watches another sequence for a signal must not pass its error on.
    fileprivate func completingOnError() -> Observable<Element> {
        asObservable().catch { _ in Observable<Element>.empty() }
    }
}
