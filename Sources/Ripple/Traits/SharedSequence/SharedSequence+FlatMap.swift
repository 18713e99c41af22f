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
    /// - Parameter selector: Maps an element to the sequence whose elements to send.
    /// - Returns: The elements of every inner sequence, as they arrive.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector))
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
    /// - Parameter selector: Maps an element to the sequence to switch to.
    /// - Returns: The elements of the latest inner sequence.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector))
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
    /// - Parameter selector: Maps an element to the sequence whose elements to send.
    /// - Returns: The elements of the inner sequences started while none was running.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector))
    }
}
