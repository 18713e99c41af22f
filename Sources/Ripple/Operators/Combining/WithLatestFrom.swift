extension ObservableType {
    /// For each element of this sequence, sends `resultSelector` of it and the latest
    /// element of `second`; elements that come before `second` has sent anything are
    /// dropped.
    ///
    /// Only this sequence drives the result: it completes when this sequence completes.
    /// `second` completing changes nothing (its latest element stays in use); an error
    /// from either sequence, or from `resultSelector`, ends the result at once.
    ///
    /// ```
    /// self:    -1---2---3---4-|
    /// second:  ---a------b-----
    /// result:  -----A---B---C-|
    /// ```
    ///
    /// (`A` is `resultSelector(2, a)`, `B` is `resultSelector(3, a)`, `C` is
    /// `resultSelector(4, b)`.)
    ///
    /// ```swift
    /// saveTaps.withLatestFrom(document) { _, document in document }
    ///     .subscribe(onNext: { store.save($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element joins each element of this one.
    ///   - resultSelector: Makes a result from an element of this sequence and the
    ///     latest element of `second`: on the actor it was written on if it is isolated
    ///     to one (each pair, made where the element arrived, hops there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, one for each element of
    ///   this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        isolation: (any Actor)? = #isolation
    ) -> Observable<ResultType> {
        guard isolation != nil else {
            return WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
        }
        // The pair is taken where the element arrives, as without isolation, and only
        // the selector hops: the latest element of `second` is the one it was then.
        return WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { ($0, $1) })
            .map({ try resultSelector($0.0, $0.1) }, isolation: isolation)
    }

    /// For each element of this sequence, sends the latest element of `second`;
    /// elements that come before `second` has sent anything are dropped.
    ///
    /// Completion and errors are those of `withLatestFrom(_:resultSelector:)`.
    ///
    /// ```
    /// self:    -1---2---3---4-|
    /// second:  ---a------b-----
    /// result:  -----a---a---b-|
    /// ```
    ///
    /// ```swift
    /// submitTaps.withLatestFrom(searchText)
    ///     .subscribe(onNext: { query in search(query) })
    /// ```
    ///
    /// - Parameter second: The sequence whose latest element to send.
    /// - Returns: A sequence of `second`'s latest element, one for each element of this sequence that arrives after `second` has sent one.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

final private class WithLatestFrom<First, Second, Result>: Producer<Result> {
    let first: Observable<First>
    let second: Observable<Second>
    let resultSelector: (First, Second) throws -> Result

    init(first: Observable<First>, second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = WithLatestFromSink<First, Second, Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(first: first, second: second)
        return (sink: sink, subscription: subscription)
    }
}

/// Observes the first sequence itself and the second through ``WithLatestFromSecond``.
///
/// The second sequence only updates the stored element (or ends everything with its
/// error); each element of the first computes and sends its result from the stored
/// element in place. Both happen with the right to run (see ``CombiningSink``), one
/// event at a time.
final private class WithLatestFromSink<First, Second, Result, Observer: ElementObserver>: CombiningSink<Result, Observer>, ElementObserver
    where Observer.Element == Result {
    typealias Element = First

    private let resultSelector: (First, Second) throws -> Result
    // The second sequence's latest element, initialized once `hasLatest`; used only
    // with the right to run. (A slot, not a `Second?`: in generic code each write to
    // an optional costs a runtime type lookup.)
    private let latest = UnsafeMutablePointer<Second>.allocate(capacity: 1)
    private var hasLatest = false

    init(resultSelector: @escaping (First, Second) throws -> Result, observer: Observer, cancel: SinkDisposer) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        if hasLatest {
            latest.deinitialize(count: 1)
        }
        latest.deallocate()
    }

    func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
        // The second sequence first, as RxSwift does: an element it sends during
        // subscription is there for the first sequence's elements.
        let secondObserver = WithLatestFromSecond(sink: self)
        secondObserver.subscription.setDisposable(second.subscribe(elementObserver: secondObserver))
        let firstSubscription = first.subscribe(elementObserver: self)
        return Disposables.create(firstSubscription, secondObserver.subscription)
    }

    // MARK: The first sequence

    func on(next element: First) {
        runNow({ sendResult(for: element) }, orLeave: { leaveFirst(element) })
    }

    // Out of line: only a call that meets another one builds a closure.
    @inline(never)
    private func leaveFirst(_ element: First) {
        leave { self.sendResult(for: element) }
    }

    private func sendResult(for element: First) {
        if stopped || !hasLatest {
            return
        }
        send { try resultSelector(element, latest.pointee) }
    }

    func on(error: Swift.Error) {
        sourceFailed(error)
    }

    func onCompletion() {
        run { self.complete() }
    }

    // MARK: The second sequence

    func store(_ element: Second) {
        runNow({ keep(element) }, orLeave: { leaveSecond(element) })
    }

    // Out of line: only a call that meets another one builds a closure.
    @inline(never)
    private func leaveSecond(_ element: Second) {
        leave { self.keep(element) }
    }

    private func keep(_ element: Second) {
        if hasLatest {
            latest.pointee = element
        } else {
            latest.initialize(to: element)
            hasLatest = true
        }
    }
}

/// Observes the second sequence of a `withLatestFrom` for its sink.
final private class WithLatestFromSecond<First, Second, Result, Observer: ElementObserver>: ElementObserver
    where Observer.Element == Result {
    typealias Element = Second

    private let sink: WithLatestFromSink<First, Second, Result, Observer>
    /// The second sequence's subscription, disposed when it completes.
    let subscription = SingleAssignmentDisposable()

    init(sink: WithLatestFromSink<First, Second, Result, Observer>) {
        self.sink = sink
    }

    func on(next element: Second) {
        sink.store(element)
    }

    func on(error: Swift.Error) {
        subscription.dispose()
        sink.sourceFailed(error)
    }

    func onCompletion() {
        subscription.dispose()
    }
}
