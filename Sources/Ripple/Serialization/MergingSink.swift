/// The driving code that `merge` (with `flatMap`, `concatMap` and `flatMapFirst`) and
/// `switchLatest` (with `flatMapLatest`) share: a sink that hears an outer sequence and
/// the inner sequences it subscribes to, on any threads, and forwards their events
/// downstream one at a time, in the order it decided them.
///
/// It is a ``SerializingSink`` whose actions are the events to forward: each call
/// decides under ``SerializingSink/lock`` and then either forwards (outside the lock)
/// or, when another call is forwarding, leaves its event to that call. A subclass keeps
/// its own state beside the actions, under the same lock, and uses:
///
/// - ``forwardSerialized(next:)`` for an inner sequence's element when every inner
///   sequence may send (merge's): the hot path, which claims without the lock; or
///   ``forwardSerialized(next:if:)`` when only some may (switch's), decided under the lock.
/// - ``stopLocked(failing:)`` with `lock` held, where an ending is decided among other
///   state changes; when it returns `true`, ``end(failing:)`` after the lock.
/// - ``fail(_:)`` for an error that ends the sequence whatever else the sink keeps.
/// - ``keep(_:of:)`` right after subscribing to an inner sequence.
///
/// ```swift
/// func innerCompleted(_ inner: InnerSubscription) {
///     var finished: Disposable = NopDisposable()
///     let complete: Bool = lock.withLock {
///         finished = inner.finishLocked()
///         if isStopped || running > 0 { return false }
///         return stopLocked(failing: nil)
///     }
///     finished.dispose()
///     if complete { end(failing: nil) }
/// }
/// ```
///
/// No code here names a generic type the subclass does not already fetch: in the
/// unspecialised generic code every client runs, each type like `Event<Element>` that a
/// function builds costs a lookup in the runtime's metadata cache, a few hundred
/// instructions. So the per-element and per-inner paths build no `Event` (only a call
/// that has to leave an event for another one does, out of line), and the
/// inner subscriptions' bookkeeping lives in the non-generic ``InnerSubscription``.
///
/// Its point is ``ClaimsAlsoWithoutLock``: an inner element that decides nothing under
/// the lock takes a free right with one compare-and-swap (``forwardSerialized(next:)``).
class MergingSink<Observer: ElementObserver>: SerializingSink<Observer, Event<Observer.Element>, ClaimsAlsoWithoutLock> {
    /// Forwards an event another call left; called by the call that holds the right to
    /// act, outside `lock`.
    override final func perform(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            forwardOn(next: element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }

    /// Forwards `element` unless the sink has ended; when another call is forwarding,
    /// leaves the element to it. For an element that needs no decision under the lock
    /// (any running inner sequence may send): when nobody is forwarding, it takes the
    /// right with one compare-and-swap and gives it back with another, without the lock
    /// and without building an `Event`; otherwise it goes the locked way of
    /// ``forwardSerialized(next:if:)``.
    ///
    /// It reads no ``SerializingSink/isStopped``: the right is free only when no ending
    /// is decided, or when the ending decided has been sent, and sending it disposed
    /// the sink (whose `forwardOn` then drops the element). An ending decided under the
    /// lock claims in the same critical section, so it either finds this call holding
    /// the right and is left for it, after the element, or holds the right itself.
    /// The claim is acquiring and every release releasing, so this call sees that
    /// disposal.
    @inline(__always)
    final func forwardSerialized(next element: Observer.Element) {
        if actions.claimWithoutLock() {
            forwardOn(next: element)
            finishTurn()
        } else {
            forwardContended(next: element)
        }
    }

    // Out of line: the element path with another call holding the right (or this
    // thread re-entering while it forwards) is rare, and its locked claim is large.
    @inline(never)
    private final func forwardContended(next element: Observer.Element) {
        forwardSerialized(next: element) { true }
    }

    /// Forwards `element` unless the sink has stopped or `accepts` (run with `lock`
    /// held) says no; when another call is forwarding, leaves the element to it.
    /// Takes the lock once to decide, and gives the right to act back with a
    /// compare-and-swap; builds no `Event`.
    @inline(__always)
    final func forwardSerialized(next element: Observer.Element, if accepts: () -> Bool) {
        let step: SerializationStep = lock.withLock {
            if isStopped || !accepts() {
                return .nothing
            }
            return actions.claim(orLeave: nextEvent(element))
        }
        // Not `proceed(_:acting:)`: an element crossing a chain of `flatMap`s passes
        // here once per link, and its closure and call would be two more stack frames
        // per link in debug builds.
        if actions.actsNow(step, under: lock, performing: { perform($0) }) {
            forwardOn(next: element)
            finishTurn()
        }
    }

    // Builds an `Event` only when another call is acting; out of line so that the
    // element path never builds one.
    @inline(never)
    private final func nextEvent(_ element: Observer.Element) -> Event<Observer.Element> {
        .next(element)
    }

    /// Decides the end of the sequence: with `error`, or completion when `nil`. Call
    /// with `lock` held and only while not ``SerializingSink/isStopped``. Returns `true`
    /// when the caller must end the sequence now, after the lock, with
    /// ``end(failing:)``; otherwise the ending is left to the call that is acting.
    ///
    /// Out of line: it may build an `Event`, which its callers then need not look up.
    ///
    /// The ending never waits for a turn, whatever the budget: it is decided once per
    /// sequence, often inside another sink's delivery (an inner sequence completing),
    /// where a wait could meet that sink's holder.
    @inline(never)
    final func stopLocked(failing error: Swift.Error?) -> Bool {
        isStopped = true
        return actions.claim(orLeaveWithoutWaiting: error.map { .error($0) } ?? .completed)
    }

    /// Ends the sequence, as ``stopLocked(failing:)`` decided, then forwards what other
    /// calls left meanwhile. Call outside `lock`.
    @inline(never)
    final func end(failing error: Swift.Error?) {
        if let error {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
        finishTurn()
    }

    /// Ends the sequence with `error` unless it has ended already.
    @inline(never)
    final func fail(_ error: Swift.Error) {
        let act: Bool = lock.withLock {
            isStopped ? false : stopLocked(failing: error)
        }
        if act {
            end(failing: error)
        }
    }

    /// Stores `subscription`, just returned by subscribing `inner`, in `inner`; or
    /// disposes it at once when `inner` finished meanwhile (its sequence ended during
    /// the subscription, or the sink was disposed), as nobody else would.
    ///
    /// `consuming`, and moved rather than copied into `inner` (see ``DisposableSlot``).
    final func keep(_ subscription: consuming Disposable, of inner: InnerSubscription) {
        var subscription = DisposableSlot(subscription)
        let disposeNow: Bool = lock.withLock {
            if inner.isFinished {
                return true
            }
            inner.subscription.fill(from: &subscription)
            return false
        }
        if disposeNow {
            subscription.take().dispose()
        }
    }
}

/// Subscribes inner observers of type `Inner` to their inner sequences; a sink makes
/// one and keeps it.
///
/// An instance of a generic class carries its generic arguments, conformances included,
/// in its type metadata: its method finds the conformance of `Inner` to
/// ``ElementObserver`` there. Calling `subscribe(elementObserver:)` with an inner
/// observer directly in a sink's unspecialised generic code would look that conformance
/// of the generic `Inner` up in the runtime's cache on every inner subscription (about
/// 100 instructions). Out of line, so that it is not inlined into the sink, which
/// would look the conformance up again.
final class InnerSubscriber<Inner: ElementObserver> {
    @inline(never)
    func subscribe(_ inner: Inner, to source: Observable<Inner.Element>) -> Disposable {
        source.subscribe(elementObserver: inner)
    }
}

/// One inner subscription of a ``MergingSink``: the holder of its subscription. The
/// sink's inner observers subclass it.
///
/// Not generic, so that the sink's bookkeeping of its inner subscriptions (storing,
/// taking and disposing their subscriptions, and merge's list of them) needs no lookup
/// of a generic type's metadata.
///
/// A ``TrampolineWork`` so that an inner subscription can be its own work item on the
/// current thread's trampoline: `merge` with a limit subscribes a waiting inner sequence
/// that way, without allocating.
///
/// Its mutable state belongs to the sink: written only under the sink's `lock`, which
/// is also why the runtime exclusivity checks are skipped; ``isFinished`` alone may also
/// be read without it.
class InnerSubscription: TrampolineWork {
    /// The word of ``isFinished``. It must stay the first stored property (the root
    /// class, `TrampolineWork`, has none), since that is the address its view computes;
    /// inline, so that an inner subscription allocates nothing for it.
    private var finishedWord = false.atomicWord
    /// The subscription to the inner sequence, once `subscribe` has returned and until
    /// the inner subscription finishes.
    @exclusivity(unchecked) final var subscription = DisposableSlot()

    override init() {
        super.init()
        assert(AtomicView<Bool>.isFirstStoredProperty(&finishedWord, of: self), "InnerSubscription.finishedWord must come first")
    }

    /// The inner sequence ended, was replaced, or the sink's subscriptions were
    /// disposed. Set under the sink's `lock`; read there, or without it (relaxed) by
    /// a loop the inner observer runs itself, which then sends nothing more.
    @inline(__always)
    final var isFinished: Bool {
        AtomicView<Bool>(firstStoredPropertyOf: self).load(ordering: .relaxed)
    }

    /// Marks this inner subscription finished and takes its subscription (a
    /// ``NopDisposable`` if it has none yet), for the caller to dispose after the lock.
    /// Call with the sink's `lock` held.
    final func finishLocked() -> Disposable {
        AtomicView<Bool>(firstStoredPropertyOf: self).store(true, ordering: .relaxed)
        return subscription.take()
    }
}
