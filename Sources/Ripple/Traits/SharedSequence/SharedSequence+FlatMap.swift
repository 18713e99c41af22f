// The `flatMap` family for shared sequences. As in RxCocoa, the selector may return
// a shared sequence of another kind (a Driver may map to Signals): the result is of
// the inner sequences' kind, since it is their elements it delivers.

extension SharedSequenceConvertibleType {
    /// Maps each element to a shared sequence and sends the elements of all of them,
    /// as they arrive; completes when this sequence and every inner one have.
    ///
    /// ```
    /// source: -1-----2------|
    /// inner1:  -a---a|
    /// inner2:        -b---b|
    /// result: --a---ab---b--|
    /// ```
    ///
    /// ```swift
    /// let all = ids.flatMap { load($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of every inner sequence, as they arrive.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().delivering(to: isolation).flatMap(selector))
    }

    /// Maps each element to a shared sequence and sends only the elements of the most
    /// recent one: each new element disposes of the inner sequence before it.
    ///
    /// ```
    /// source: -1---2------
    /// inner1:  -a---a|       (cut off when 2 arrives)
    /// inner2:      -b-b|
    /// result: --a---b-b---
    /// ```
    ///
    /// ```swift
    /// let results = query.flatMapLatest { search($0).asDriver(onErrorJustReturn: []) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence to switch to: on the actor it was written
    ///     on if it is isolated to one (elements sent elsewhere hop there first), otherwise on
    ///     the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the latest inner sequence.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().delivering(to: isolation).flatMapLatest(selector))
    }

    /// Maps an element to a shared sequence only while no inner sequence is running:
    /// elements that arrive while one is are dropped.
    ///
    /// ```
    /// source: -1--2----3---
    /// inner1:  -a---a|        (2 arrives while it runs: dropped)
    /// inner3:          -c|
    /// result: --a---a---c--
    /// ```
    ///
    /// ```swift
    /// let login = loginTaps.flatMapFirst { _ in signIn() }   // taps during a sign-in are ignored
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the inner sequences started while none was running.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().delivering(to: isolation).flatMapFirst(selector))
    }
}
