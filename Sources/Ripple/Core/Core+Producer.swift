/// The base of every sequence Ripple implements: an ``Observable`` whose subscription
/// is split into a *sink* (which carries events to the observer) and a *subscription*
/// (whatever the sequence started: a timer, an upstream subscription, a request).
///
/// The journey of a subscription:
/// 1. ``subscribe(_:)`` makes a ``SinkDisposer``, the disposable the caller gets back.
/// 2. It calls ``run(_:cancel:)``, which each sequence overrides to build its ``Sink``
///    and start its work; it returns `(sink, subscription)`.
/// 3. Both are handed to the `SinkDisposer`, so one `dispose()` silences the sink and
///    cancels the work.
///
/// Subscription runs on the ``CurrentThreadScheduler`` trampoline: when no trampoline
/// is active on this thread, `subscribe` starts one, so work the sequence schedules
/// recursively (the elements of `range`, `from`, …) runs after `subscribe` has wired
/// everything up, and synchronous sources combined by `merge` interleave as in RxSwift.
///
/// `@usableFromInline`: an `@inlinable` operator may create its (`@usableFromInline`)
/// producer in your code, so the compiler specialises it there and your module caches
/// the producer's type metadata instead of Ripple looking it up on every call.
@usableFromInline
class Producer<Element>: Observable<Element> {
    /// Whether every event of every subscription is sent on the main actor (the main
    /// queue): set on `observe(on: MainScheduler.instance)` and on the operators built
    /// behind a hop for main-actor closures, so that the next main-actor closure needs
    /// no hop of its own (see `Core+IsolatedDelivery.swift`).
    @usableFromInline
    final var deliversOnMainActor = false

    override init() {
        super.init()
    }

    /// An observer from outside Ripple gets an adapter, so that the sinks before it can
    /// all pass elements unwrapped.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribe(elementObserver: ElementObserverAdapter(observer))
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        // Every subscription of a chain but the first finds the trampoline active and
        // goes straight on to `run`: an operator of a chain being subscribed costs the
        // stack this frame and `run`'s, no closure and no helper between them.
        guard let activation = Trampoline.activationStackAddressOnCurrentThread else {
            return subscribeOnTrampoline(observer)
        }
        if journeyTracingIsOn {
            traceSubscribe()
        }
        if activation &- currentStackAddress() > deepSubscriptionBytes {
            resolveElementType(of: Observer.self)
        }
        let disposer = SinkDisposer()
        let (sink, subscription) = run(observer, cancel: disposer)
        // Handed over, not copied: each copy of a `Disposable` goes through the
        // runtime's value witnesses.
        disposer.setSinkAndSubscription(sink: consume sink, subscription: consume subscription)
        return disposer
    }

    /// Starts this thread's trampoline and subscribes on it, through `subscribe` again
    /// (so an override of `subscribe(elementObserver:)` must not call `super`'s, or it
    /// would run twice). Out of line, so that its closure takes no room in the frames
    /// of a chain's subscriptions.
    @inline(never)
    private final func subscribeOnTrampoline<Observer: ElementObserver>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        Trampoline.forCurrentThread().runActive { subscribe(elementObserver: observer) }
    }

    // Out of line: the trace's string interpolation would otherwise take room in the
    // frame of every subscription of a chain.
    @inline(never)
    private final func traceSubscribe() {
        JourneyTrace.step("Producer", "subscribe", "makes a SinkDisposer, then calls run(observer, cancel:) on \(typeName(self))")
    }

    /// Builds the sink for `observer` and starts the sequence's work.
    ///
    /// - Parameters:
    ///   - observer: The downstream observer; the sink forwards events to it.
    ///   - cancel: The subscription's ``SinkDisposer``. A sink disposes it to end the
    ///     whole subscription (after a terminal event, for example).
    /// - Returns: The sink, and the disposable that cancels the started work.
    func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        abstractMethod()
    }
}

extension Producer {
    /// The whole ``run(_:cancel:)`` of an operator with one upstream and nothing else to
    /// start: subscribes `sink` to `source` and returns the two. Always inlined, so a
    /// `run` written with it compiles to the three lines it stands for.
    @inline(__always)
    final func subscribing<OperatorSink: Disposable & ElementObserver>(_ sink: OperatorSink, to source: Observable<OperatorSink.Element>) -> (sink: Disposable, subscription: Disposable) {
        (sink: sink, subscription: source.subscribe(elementObserver: sink))
    }
}

/// How deep in the stack, from where the trampoline became active, a subscription must
/// be before it resolves its observer's element type (see ``resolveElementType(of:)``).
/// Shallower chains never need it, and resolving any element type costs a process about
/// 0.55 MiB of the runtime's lookup tables once, which a small program should not pay.
@inline(__always)
var deepSubscriptionBytes: UInt { 4 * 1024 }

/// Makes the runtime work out `Observer.Element` now, one sink at a time as a chain is
/// subscribed from its end, instead of at the first element.
///
/// A sink's `Element` is its observer's `Element`, which is the next sink's observer's,
/// and so on to the end of the chain. The first time a process needs it for a chain of
/// new sink types, the runtime resolves that whole path recursively, several large
/// frames per operator, at the bottom of the stack the subscription already fills: 120
/// `skip`s on a 512 KB thread overflowed there, cold, where warm they run 600. Asked
/// here, each observer's `Element` is one step from one already known (the first one
/// asked, at ``deepSubscriptionBytes``, resolves the shallow part above it at once).
/// `@_optimize(none)` on both functions keeps the lookup from being optimised away; it
/// costs two calls and a cached lookup per deep subscription.
@_optimize(none)
@inline(never)
func resolveElementType<Observer: ElementObserver>(of _: Observer.Type) {
    keep(Observer.Element.self)
}

/// Takes a type and does nothing with it, out of the optimiser's sight.
@_optimize(none)
@inline(never)
private func keep(_: Any.Type) {}

