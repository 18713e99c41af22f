
/// The per-subscription half of an operator: receives events from upstream, applies
/// the operator's logic, and forwards the result to the downstream observer.
///
/// Each operator is a ``Producer`` (the description) plus a `Sink` subclass (one per
/// subscription). ``forwardOn(next:)`` (elements), ``forwardOn(_:)`` (events) and
/// ``forwardCompletedAndDispose()`` / ``forwardErrorAndDispose(_:)`` (the terminal
/// event, without an `Event`) are the only roads downstream, and all drop everything
/// once the sink is disposed: after `dispose()` returns, the observer hears nothing
/// more. Checking that costs one atomic load per event and no lock.
///
/// A sink trusts its upstream to keep the grammar (no overlapping calls, nothing after
/// the terminal event) and does not check it: Ripple's operators keep it, and the one
/// door for hand-written emission, the observer of `Observable.create`, drops events
/// after the terminal event and, in debug builds, reports misuse through
/// ``Hooks/grammarViolationHandler``.
///
/// A sink is a ``TrampolineWork`` (no extra size), so a loop sink queues itself on the
/// trampoline without allocating work (``TrampolineLoopSink``); debug builds count it in
/// ``Resources``.
class Sink<Observer: AnyObject>: TrampolineWork, Disposable {
    // First, at a constant offset: every element reads it, and a field after the
    // generic `observer` would have its offset read from the metadata in unspecialised
    // code. `Observer: AnyObject` (every `ElementObserver` is a class) keeps the fields
    // of every subclass at fixed offsets too; it is a layout constraint, which the
    // runtime checks without a conformance lookup (see the extension below).
    /// The word of ``disposed``, reached only through it. It must stay the first stored
    /// property of the root class (`TrampolineWork` has none), since that is the address
    /// ``disposed`` computes; inline, so a sink costs no allocation for it.
    private var disposedWord = false.atomicWord
    /// The downstream observer.
    final let observer: Observer
    /// The subscription's ``SinkDisposer``; disposing it ends the whole subscription.
    /// The class itself, not a `Cancelable` existential: 8 bytes instead of 40 in every
    /// sink, so that a long chain's sinks take fewer cache lines per element
    /// (Benchmarks.md, "Cost per operator from 1 to 200").
    final let cancel: SinkDisposer

    init(observer: Observer, cancel: SinkDisposer) {
        self.observer = observer
        self.cancel = cancel
        super.init()
        assert(AtomicView<Bool>.isFirstStoredProperty(&disposedWord, of: self), "Sink.disposedWord must come first")
    }

    /// Set once by ``dispose()``; ``isDisposed`` reads it. Internal, not private, so
    /// that `range`'s loop, compiled in your code, can be lent it and check it per
    /// element. The view of ``disposedWord``, whose address is fixed while the sink lives.
    @inline(__always)
    final var disposed: AtomicView<Bool> {
        AtomicView(firstStoredPropertyOf: self)
    }

    /// Whether ``dispose()`` has been called.
    @inline(__always)
    final var isDisposed: Bool {
        disposed.load(ordering: .relaxed)
    }

    /// Stops forwarding and disposes the subscription's ``SinkDisposer``.
    ///
    /// Only the first call disposes it: a sink is disposed twice whenever it ends its
    /// own sequence (its `SinkDisposer` disposes it, then `forwardCompletedAndDispose`
    /// returns here), and the disposer needs telling once.
    func dispose() {
        if disposed.exchange(true, ordering: .relaxed) {
            return
        }
        if journeyTracingIsOn {
            JourneyTrace.step("Sink", "dispose", "\(typeName(self)) stops forwarding and disposes its SinkDisposer")
        }
        cancel.dispose()
    }
}

// The forwarding methods need `Observer: ElementObserver`, but the class states only
// `AnyObject` (a layout constraint): building a sink's metadata then needs no protocol
// conformance lookup, whose first run in a process scans every loaded library's records
// and costs resident memory (Benchmarks.md, "flatmap and the process floor").
extension Sink where Observer: ElementObserver {
    /// Whether this sink was disposed or its downstream has ended: asked once per step of
    /// a loop that makes elements on demand, never per element.
    @usableFromInline
    final var hasEnded: Bool {
        isDisposed || observer.hasEnded
    }

    /// Forwards `element` downstream unless this sink has been disposed.
    @inline(__always)
    final func forwardOn(next element: Observer.Element) {
        _ = forwardIfNotDisposed(next: element)
    }

    /// ``forwardOn(next:)`` that says whether it forwarded: `false` when this sink has
    /// been disposed and `element` was dropped. For a loop sending one element after
    /// another, so that the check that drops an element also ends the loop, and an
    /// element costs one check.
    @inline(__always)
    final func forwardIfNotDisposed(next element: Observer.Element) -> Bool {
        if elementTracingIsOn {
            traceForwardOn(next: element)
        }
        if disposed.load(ordering: .relaxed) {
            return false
        }
        observer.on(next: element)
        return true
    }

    // Trace points on element paths call out of line, so the path stays small enough
    // to inline while tracing is off.
    @inline(never)
    private final func traceForwardOn(next element: Observer.Element) {
        JourneyTrace.step("Sink", "forwardOn(next:)", "\(typeName(self)) checks it is not disposed, then hands \(element) to \(typeName(observer))")
    }

    /// Forwards `event` downstream unless this sink has been disposed. Elements take
    /// ``forwardOn(next:)``, which is cheaper.
    final func forwardOn(_ event: Event<Observer.Element>) {
        if journeyTracingIsOn {
            JourneyTrace.step("Sink", "forwardOn", "\(typeName(self)) checks it is not disposed, then hands \(event) to \(typeName(observer))")
        }
        if disposed.load(ordering: .relaxed) {
            return
        }
        observer.on(event)
    }

    /// Ends the sequence: forwards the completion, then disposes this sink.
    ///
    /// The completion takes the terminal road (``ElementObserver/onCompletion()``), so
    /// no `Event` is built for an observer that takes it unwrapped; it is dropped, as by
    /// ``forwardOn(_:)``, if this sink has been disposed. Out of line: it is the rare
    /// end of per-element paths (`take`, a closure that throws), which stay small.
    @inline(never)
    final func forwardCompletedAndDispose() {
        if journeyTracingIsOn {
            JourneyTrace.step("Sink", "forwardCompletedAndDispose", "\(typeName(self)) checks it is not disposed, hands the completion to \(typeName(observer)), then disposes itself")
        }
        if !disposed.load(ordering: .relaxed) {
            observer.onCompletion()
        }
        dispose()
    }

    /// Ends the sequence: forwards `error`, then disposes this sink. Like
    /// ``forwardCompletedAndDispose()``, it takes the terminal road
    /// (``ElementObserver/on(error:)``) and is out of line.
    @inline(never)
    final func forwardErrorAndDispose(_ error: Swift.Error) {
        if journeyTracingIsOn {
            JourneyTrace.step("Sink", "forwardErrorAndDispose", "\(typeName(self)) checks it is not disposed, hands \(error) to \(typeName(observer)), then disposes itself")
        }
        if !disposed.load(ordering: .relaxed) {
            observer.on(error: error)
        }
        dispose()
    }
}
