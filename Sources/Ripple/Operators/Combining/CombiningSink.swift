
/// The base of the sinks of `combineLatest`, `zip` and `withLatestFrom`: several
/// upstreams, possibly on several threads, feeding one observer.
///
/// Everything the sink keeps (the subclass's latest elements or queues, which sources
/// have ended, ``stopped``) belongs to the call that holds *the right to run*. Only
/// that call reads or writes it, computes results with the user's selector and calls
/// the observer, so one event is handled at a time, in the order the calls took the
/// right, and the observer never hears two calls at once.
///
/// The right to run is a ``SerializationPoint`` under ``ClaimsAlsoWithoutLock``, whose
/// actions are the events left as closures. An upstream call takes a free right with one
/// compare-and-swap, without the lock (``runNow(_:orLeave:)``): it then handles its event
/// in place, reading the stored elements where they are (no lock, no copy, no
/// allocation), and gives the right back with another compare-and-swap. A call that
/// finds the right taken (another thread, or an observer feeding an upstream
/// synchronously) leaves its event as a closure under `lock` (``leave(_:)``); the holder
/// runs what was left before it gives the right back, and nothing runs while the lock is
/// held. The claim may skip the lock because the holder, not the caller, decides: an
/// event needs no lock at all when nobody else runs.
///
/// Bounded like every serialization point (``SerializationBound``): in one turn, the
/// holder accepts at most `SerializationBound.foreignActionsPerThread` events left by
/// each other thread; a call from a thread beyond its share waits until the holder hands
/// it the right, then runs its own event and those behind it. Events left from the
/// holder's own thread (an observer feeding an upstream) never wait.
///
/// A terminal event sets `stopped`, after which every upstream event is ignored; it is
/// sent by the call that decided it, after the results decided before it.
class CombiningSink<Result, Observer: ElementObserver>: Sink<Observer> where Observer.Element == Result {
    // (`Result` is a parameter of its own, equal to `Observer.Element`, so that generic
    // code finds its type in the sink's metadata rather than asking the runtime for
    // the associated type on every element.)

    /// Set, by the call holding the right to run, once the sequence has decided to end:
    /// nothing more is decided.
    final var stopped = false

    /// Which sources have completed, for the sinks that end when all have
    /// (`combineLatest`, `zip`); `withLatestFrom` ends otherwise and has none.
    final private(set) var completedSources: CompletedSources

    /// Guards the queue of ``point``, and nothing else.
    private let lock = Lock()
    /// The right to run, and the events left for its holder.
    private let point = SerializationPoint<() -> Void, ClaimsAlsoWithoutLock>()

    init(sources: Int = 0, observer: Observer, cancel: SinkDisposer) {
        completedSources = CompletedSources(count: sources)
        super.init(observer: observer, cancel: cancel)
    }

    /// Runs `event` now when nobody holds the right to run, then gives the right back
    /// after running what other calls left meanwhile; otherwise calls `leave`, which
    /// must build the event's closure (out of line) and pass it to ``leave(_:)``.
    @inline(__always)
    final func runNow(_ event: () -> Void, orLeave leave: () -> Void) {
        if point.claimWithoutLock() {
            event()
            point.finishTurn(under: lock, performing: { $0() })
        } else {
            leave()
        }
    }

    /// Leaves `event` for the call holding the right to run, or, when that call has
    /// just given it back, takes the right and runs it. Over the turn's budget, waits
    /// for the right to be handed over instead, then runs the event as the holder.
    @inline(never)
    final func leave(_ event: @escaping () -> Void) {
        let step: SerializationStep = lock.withLock {
            point.claim(orLeave: event)
        }
        point.run(step, under: lock, acting: event, performing: { $0() })
    }

    /// Runs `event` with the right to run: now, or after the events before it.
    /// Builds a closure either way: for terminal events, not per element.
    @inline(never)
    final func run(_ event: @escaping () -> Void) {
        runNow(event, orLeave: { leave(event) })
    }

    /// With the right to run: ends the sequence with `error` unless it has ended.
    final func fail(_ error: Swift.Error) {
        if stopped {
            return
        }
        stopped = true
        forwardErrorAndDispose(error)
    }

    /// With the right to run: ends the sequence with `.completed` unless it has ended.
    final func complete() {
        if stopped {
            return
        }
        stopped = true
        forwardCompletedAndDispose()
    }

    /// A source failed: ends the sequence with its error unless it has already ended.
    @inline(never)
    final func sourceFailed(_ error: Swift.Error) {
        run { self.fail(error) }
    }

    /// Source `index` completed: the sequence completes once every source has.
    @inline(never)
    final func sourceCompleted(_ index: Int) {
        run {
            if !self.stopped && self.completedSources.insert(index) {
                self.complete()
            }
        }
    }

    /// With the right to run: sends `compute()`'s result, or ends the sequence with its
    /// error.
    @inline(__always)
    final func send(_ compute: () throws -> Result) {
        do {
            // (The result goes straight into the call, not through a local first: in
            // generic code that would be one more value-witness move per element.
            // `forwardOn` does not throw, so only `compute` is caught.)
            forwardOn(next: try compute())
        } catch {
            fail(error)
        }
    }
}

/// Which of a sink's sources have completed. Read and written with the right to run.
struct CompletedSources {
    private var isDone: [Bool]
    /// How many sources have completed.
    private(set) var count = 0

    init(count sources: Int) {
        isDone = [Bool](repeating: false, count: sources)
    }

    /// Whether source `index` has completed.
    func contains(_ index: Int) -> Bool {
        isDone[index]
    }

    /// Records that source `index` completed; returns whether that made every source
    /// complete (never for a source recorded before).
    mutating func insert(_ index: Int) -> Bool {
        if isDone[index] {
            return false
        }
        isDone[index] = true
        count += 1
        return count == isDone.count
    }
}

/// Observes one source of a `combineLatest` or `zip` for its sink: when the source
/// ends, disposes its own subscription, then tells the sink.
protocol CombiningSourceObserver: ElementObserver {
    associatedtype Result
    associatedtype Downstream: ElementObserver where Downstream.Element == Result
    /// The sink this source feeds.
    var combiningSink: CombiningSink<Result, Downstream> { get }
    /// This source's position among the sink's sources.
    var index: Int { get }
    /// This source's subscription.
    var subscription: SingleAssignmentDisposable { get }
}

extension CombiningSourceObserver {
    func on(error: Swift.Error) {
        subscription.dispose()
        combiningSink.sourceFailed(error)
    }

    func onCompletion() {
        subscription.dispose()
        combiningSink.sourceCompleted(index)
    }
}
