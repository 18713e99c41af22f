
extension ObservableType {
    /// Creates a sequence from a closure that is run once for every subscriber.
    ///
    /// The closure receives an observer to send events to and returns a disposable
    /// that cancels whatever it started. Events sent after a terminal event, or after
    /// the subscription is disposed, are dropped.
    ///
    /// ```swift
    /// let numbers = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onNext(2)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - subscribe: Run for each subscriber with an observer to send events to;
    ///     returns the disposable that cancels what it started. Written on an actor
    ///     (main-actor code, say), it runs on that actor: a subscription made elsewhere
    ///     (after `subscribe(on:)`, say) moves there, and so does its disposal; written
    ///     in nonisolated code, it runs where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that runs `subscribe` for every subscriber.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        if journeyTracingIsOn {
            JourneyTrace.step("Observable", "create", "stores your closure in an AnonymousObservable; nothing runs yet")
        }
        return AnonymousObservable(subscribe).subscribing(on: isolation)
    }

    /// `create` behind a trait's own `create`: misuse reports name the trait's
    /// (`Maybe<Int>.create`), the API its caller wrote.
    static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> Disposable,
        isolation: (any Actor)?,
        reportedAs trait: StaticString
    ) -> Observable<Element> {
        AnonymousObservable(subscribe, reportedAs: trait).subscribing(on: isolation)
    }
}

/// The sequence `Observable.create` returns: it only stores the closure.
final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler
    /// The type whose `create` made this sequence, for misuse reports: `Observable`, or
    /// the trait (`Single`, `Maybe`, `Completable`, `Infallible`).
    let creator: StaticString

    init(_ subscribeHandler: @escaping SubscribeHandler, reportedAs creator: StaticString = "Observable") {
        self.subscribeHandler = subscribeHandler
        self.creator = creator
        super.init()
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservable", "init", "keeps the closure as its subscribeHandler")
        }
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservable", "run", "makes an AnonymousObservableSink around \(typeName(observer))")
        }
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel, creator: creator)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to an ``AnonymousObservable``: the object behind the `observer`
/// your `create` closure receives.
///
/// Events after the terminal event are dropped. Debug builds also detect misuse of the
/// observer by the closure — an event after the terminal event, or calls from two
/// threads that overlap — and report it once per kind through
/// ``Hooks/grammarViolationHandler`` naming the `create` it was given to
/// (`Observable<Element>.create`, or the trait's), without
/// changing what is delivered. Release builds check nothing beyond the drop.
final class AnonymousObservableSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let isStopped = AtomicValue<Bool>(false)
    #if DEBUG
    /// Debug builds only: reports events after the terminal one and overlapping calls
    /// from two threads, made by the `create` closure (see ``GrammarCheck``).
    private let grammar = GrammarCheck()
    #endif

    #if DEBUG
    /// The type whose `create` the closure was given to, named in misuse reports.
    private let creator: StaticString
    #endif

    init(observer: Observer, cancel: SinkDisposer, creator: StaticString) {
        #if DEBUG
        self.creator = creator
        #endif
        super.init(observer: observer, cancel: cancel)
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservableSink", "init", "a Sink that remembers the observer and the SinkDisposer")
        }
    }

    func on(next element: Element) {
        if elementTracingIsOn {
            traceOn(next: element)
        }
        if isStopped.load(ordering: .relaxed) {
            #if DEBUG
            grammar.eventAfterTerminal(operatorName, "onNext(_:)")
            #endif
            return
        }
        #if DEBUG
        let entered = grammar.enter(operatorName, "onNext(_:)")
        defer { if entered { grammar.exit() } }
        #endif
        forwardOn(next: element)
    }

    #if DEBUG
    /// Names this operator in misuse reports.
    private var operatorName: String {
        // A Completable's element type is `Never`, which its name leaves out.
        "\(creator)" == "Completable" ? "Completable.create" : "\(creator)<\(Element.self)>.create"
    }
    #endif

    // Out of line, so the element path stays small while tracing is off.
    @inline(never)
    private func traceOn(next element: Element) {
        JourneyTrace.step("AnonymousObservableSink", "on(next:)", "receives \(element) from your closure")
    }

    func on(error: Swift.Error) {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservableSink", "on(error:)", "receives \(error) from your closure")
        }
        end(calling: "onError(_:)") {
            forwardErrorAndDispose(error)
        }
    }

    func onCompletion() {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservableSink", "onCompletion", "receives the completion from your closure")
        }
        end(calling: "onCompleted()") {
            forwardCompletedAndDispose()
        }
    }

    /// A terminal event from the closure: the first one marks the sink stopped (so
    /// anything the closure sends later is dropped) and goes on, by `forward`, along
    /// the terminal road; a later one is dropped.
    private func end(calling method: String, forward: () -> Void) {
        #if DEBUG
        let entered = grammar.enter(operatorName, method)
        defer { if entered { grammar.exit() } }
        #endif
        if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
            forward()
            return
        }
        #if DEBUG
        grammar.eventAfterTerminal(operatorName, method)
        #endif
    }

    func run(_ parent: AnonymousObservable<Element>) -> Disposable {
        if journeyTracingIsOn {
            JourneyTrace.step("AnonymousObservableSink", "run", "calls subscribeHandler(AnyObserver(self)): your create closure runs now")
        }
        return parent.subscribeHandler(AnyObserver(self))
    }
}
