extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all those sequences.
    ///
    /// Every inner sequence is subscribed as soon as its element arrives and runs
    /// until it ends. The result completes once this sequence and every inner
    /// sequence have completed; it fails as soon as any of them fails, or `selector`
    /// throws (disposing everything).
    ///
    /// ```
    /// source:       -1-2------|
    /// selector(1):   -1---1|
    /// selector(2):     -2---2|
    /// flatMap:      --1-2-1-2-|
    /// ```
    ///
    /// ```swift
    /// userIDs
    ///     .flatMap { id in api.loadProfile(id) }   // all requests run side by side
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor
    ///     it was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element. The inner sequences'
    ///     elements are sent where those sequences send them.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of every inner sequence, as they arrive.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, isolation: (any Actor)? = #isolation) -> Observable<Source.Element> {
        let source = asObservable()
        if let single = source.justFlatMapped(selector, isolation: isolation) {
            return single
        }
        return MergeProducer(source: source.delivering(to: isolation), maxConcurrent: .max, skipWhileActive: false) { try selector($0).asObservable() }
    }

    /// Maps an element to a sequence only while no inner sequence is running; elements
    /// that arrive meanwhile are dropped without calling `selector`.
    ///
    /// The result completes once this sequence and the running inner sequence have
    /// completed; it fails as soon as either fails, or `selector` throws.
    ///
    /// ```
    /// source:       -1-2----3---|
    /// selector(1):   -1---1|
    /// selector(3):          -3---3|
    /// flatMapFirst: --1---1--3---3|
    /// ```
    ///
    /// ```swift
    /// loginButtonTaps
    ///     .flatMapFirst { api.logIn() }   // taps during a login are ignored
    ///     .subscribe(onNext: { showHome($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element that arrives while nothing runs: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element. The inner sequences' elements
    ///     are sent where those sequences send them.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of the inner sequences that were started.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, isolation: (any Actor)? = #isolation) -> Observable<Source.Element> {
        let source = asObservable()
        if let single = source.justFlatMapped(selector, isolation: isolation) {
            return single
        }
        return MergeProducer(source: source.delivering(to: isolation), maxConcurrent: .max, skipWhileActive: true) { try selector($0).asObservable() }
    }

    /// Maps each element to a sequence and concatenates those sequences: each one is
    /// subscribed once the previous one has completed.
    ///
    /// `selector` runs as each element arrives; the sequences it returns wait in a
    /// queue for their turn. The result completes once this sequence and every inner
    /// sequence have completed; it fails as soon as any of them fails, or `selector`
    /// throws. Inner sequences that complete synchronously are subscribed one after
    /// another through the current thread's trampoline, so even a long queue of them
    /// never deepens the stack.
    ///
    /// ```
    /// source:       -1-2-|
    /// selector(1):   -1--1|
    /// selector(2):        -2--2|
    /// concatMap:    --1--1-2--2|
    /// ```
    ///
    /// ```swift
    /// uploads
    ///     .concatMap { file in api.upload(file) }   // one upload at a time, in order
    ///     .subscribe(onNext: { print("uploaded", $0) })
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the sequence whose elements to send: on the actor
    ///     it was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element. The inner sequences'
    ///     elements are sent where those sequences send them.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The elements of each inner sequence, one sequence after another.
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, isolation: (any Actor)? = #isolation) -> Observable<Source.Element> {
        let source = asObservable()
        if let single = source.justFlatMapped(selector, isolation: isolation) {
            return single
        }
        return MergeProducer(source: source.delivering(to: isolation), maxConcurrent: 1, skipWhileActive: false) { try selector($0).asObservable() }
    }
}

extension Observable {
    /// `just(x)` flat-mapped (by `flatMap`, `concatMap` or `flatMapFirst`, which all
    /// agree on one element that arrives during `subscribe`) is `deferred { selector(x) }`: the selector runs when the result is subscribed,
    /// a throw fails it, and the result follows the sequence the selector made, which
    /// is disposed, as an inner sequence, before its completion passes on. As a
    /// `deferred`, a `concat` can unfold it (``UnfoldingProducer``), so recursive paging
    /// written `just(page).flatMap { … .concat(load(page + 1)) }` runs in constant stack.
    /// `nil` for any other sequence. (`flatMapLatest` keeps its own sink: it disposes
    /// an inner sequence that fails before passing the error on, which `deferred` does
    /// not.) A selector isolated to an actor then runs there, at subscription, as an
    /// isolated `deferred`'s factory does.
    func justFlatMapped<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, isolation: (any Actor)?) -> Observable<Source.Element>? {
        guard let just = self as? Just<Element> else {
            return nil
        }
        let element = just.element
        return Observable<Source.Element>.deferredAsInner({ try selector(element).asObservable() }, isolation: isolation)
    }
}
