/// A sink whose elements a loop sends on the current-thread trampoline (`range`, `of`,
/// `from`, `generate`, `repeatElement`), queued there as its own piece of work.
///
/// The elements come in the order and at the moments `scheduleRecursive` gives them,
/// without its per-element closures and state copies (in unspecialised generic code
/// each of those goes through the runtime). The sink sends elements in a loop for as
/// long as nothing else waits on the trampoline. When delivering an element queues
/// other work (the next step of a `merge` partner, say), it queues itself behind that
/// work and carries on when its turn comes: exactly where a recursive step would have
/// been queued, so synchronous sources interleave as before.
///
/// The sink is the trampoline work (every ``Sink`` is a ``TrampolineWork``), so a
/// subscription allocates no object to run the loop, and the loop stops once the sink
/// is disposed, which is how its subscription is ended (its ``SinkDisposer`` disposes
/// the sink first): ``startLoop()`` returns a disposable with nothing more to do.
///
/// Each loop sends while `!isDisposed`, and returns after storing its state when
/// ``yields(on:)`` says other work waits (`range` checks once per element, just
/// before sending, in a loop compiled in your code).
// No protocol requirement on `Observer`, as on `Sink` (a loop sink's superclass is this
// class): instantiating a loop sink's metadata then looks no conformance up.
class TrampolineLoopSink<Observer: AnyObject>: Sink<Observer> {
    /// Sends elements while this sink is not disposed and nothing else waits on
    /// `trampoline`; when something does, queues the sink behind it (``yields(on:)``)
    /// and returns.
    func runLoop(on trampoline: Trampoline) {
        abstractMethod()
    }

    /// Queues the loop on this thread's trampoline, running it at once if the
    /// trampoline is idle (as `scheduleRecursive` does); returns the subscription's
    /// disposable, which has nothing to do: disposing the sink stops the loop.
    final func startLoop() -> Disposable {
        Trampoline.start(onCurrentThread: self)
        return NopDisposable()
    }

    /// Called by the loop after each element: `true` when other work waits on
    /// `trampoline` (delivering the element queued it, say). The sink is then queued
    /// behind it, and the loop stores its state and returns, carrying on from there when
    /// its turn comes. Inlined, so the test costs the loop what the check by hand did.
    @inline(__always)
    final func yields(on trampoline: Trampoline) -> Bool {
        trampoline.yields(self)
    }

    override final func run(on trampoline: Trampoline) {
        runLoop(on: trampoline)
    }
}

/// A sequence whose elements, on the current-thread trampoline, a loop sends by offset:
/// ``loopElement(at:)`` for each offset below ``loopCount``, then completion, and nothing
/// can fail on the way (`range`, and `of` and `from` an array).
///
/// Its own sink runs that loop (a ``TrampolineLoopSink``). An inner observer of `merge`
/// and `flatMap` runs it itself instead (`asLoopProducer()`, in `FastPaths/`): an inner
/// sequence then costs no sink, no ``SinkDisposer`` and no lookup of the sink's generic
/// type, about a third of an inner subscription of ten elements.
@usableFromInline
class LoopProducer<Element>: Producer<Element> {
    /// How many elements the loop sends; `nil` when the elements are not sent by a loop
    /// on the trampoline (another scheduler, or a count beyond `UInt.max`).
    final let loopCount: UInt?

    init(loopCount: UInt?) {
        self.loopCount = loopCount
        super.init()
    }

    /// The element `offset` places from the first; `offset` is below ``loopCount``.
    func loopElement(at offset: UInt) -> Element {
        abstractMethod()
    }
}

/// Whether `scheduler` is the current-thread trampoline, where a
/// ``TrampolineLoopSink`` can run its loop. A type comparison rather than `is`: a
/// dynamic cast from an existential costs hundreds of instructions per subscription.
/// The class is final, so the two agree.
/// With the fast paths off (`fastPathsAreOn`), never: every element is then one
/// `scheduleRecursive` step.
func canRunLoop(on scheduler: ImmediateSchedulerType) -> Bool {
    fastPathsAreOn && ObjectIdentifier(type(of: scheduler)) == ObjectIdentifier(CurrentThreadScheduler.self)
}
