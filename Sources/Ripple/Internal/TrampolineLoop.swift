import Synchronization

/// A sink whose elements are sent by a loop on the current-thread trampoline, run by a
/// ``TrampolineLoopWork`` (`range`, `of`, `from`, `generate`, `repeatElement`).
///
/// Each loop has the same shape:
///
/// ```swift
/// func runLoop(on trampoline: Trampoline, work: TrampolineLoopWork) {
///     while !work.isDisposed {
///         // send the next element, or the terminal event and return
///         if work.yields(on: trampoline) {
///             // store the loop's state
///             return
///         }
///     }
/// }
/// ```
protocol TrampolineLoop: AnyObject {
    /// Sends elements while `work` is not disposed and nothing else waits on
    /// `trampoline`; when something does, queues `work` behind it and returns.
    func runLoop(on trampoline: Trampoline, work: TrampolineLoopWork)
}

/// A creation operator's elements on the current-thread trampoline, its default
/// scheduler: the elements in the order and at the moments `scheduleRecursive` gives
/// them, without its per-element closures and state copies (in unspecialised generic
/// code each of those goes through the runtime).
///
/// One piece of trampoline work sends elements in a loop for as long as nothing else
/// waits on the trampoline. When delivering an element queues other work (the next
/// step of a `merge` partner, say), it queues itself behind that work and carries on
/// when its turn comes: exactly where a recursive step would have been queued, so
/// synchronous sources interleave as before.
///
/// Not generic, so creating one per subscription costs no generic-metadata lookup; the
/// loop and its state live in the sink.
final class TrampolineLoopWork: TrampolineWork, Cancelable {
    private let loop: TrampolineLoop
    private let disposed = Atomic<Bool>(false)

    init(_ loop: TrampolineLoop) {
        self.loop = loop
    }

    /// Whether `scheduler` is the current-thread trampoline, where a loop can send the
    /// elements. A type comparison rather than `is`: a dynamic cast from an existential
    /// costs hundreds of instructions per subscription. The class is final, so the two
    /// agree.
    static func canRun(on scheduler: ImmediateSchedulerType) -> Bool {
        ObjectIdentifier(type(of: scheduler)) == ObjectIdentifier(CurrentThreadScheduler.self)
    }

    /// Queues the work on this thread's trampoline, running it at once if the
    /// trampoline is idle (as `scheduleRecursive` does).
    func start() -> Disposable {
        let trampoline = Trampoline.forCurrentThread()
        trampoline.enqueue(self)
        if !trampoline.isActive {
            trampoline.runActive {}
        }
        return self
    }

    var isDisposed: Bool {
        disposed.load(ordering: .relaxed)
    }

    /// Called by the loop after each element: `true` when other work waits on
    /// `trampoline` (delivering the element queued it, say). This work is then queued
    /// behind it, and the loop stores its state and returns, carrying on from there when
    /// its turn comes. Inlined, so the test costs the loop what the check by hand did.
    @inline(__always)
    func yields(on trampoline: Trampoline) -> Bool {
        if trampoline.isQueueEmpty {
            return false
        }
        trampoline.enqueue(self)
        return true
    }

    override func run(on trampoline: Trampoline) {
        loop.runLoop(on: trampoline, work: self)
    }

    func dispose() {
        disposed.store(true, ordering: .relaxed)
    }
}
