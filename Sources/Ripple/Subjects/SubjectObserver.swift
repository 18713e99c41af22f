
/// One subscriber of a subject, as the subject stores it: the observer, behind a class
/// so that subscribers of different types sit in one array, plus its state: silenced
/// once its subscription is disposed, and *gated* while it receives its replay.
///
/// The state is checked before every delivery, so an observer whose subscription was
/// disposed (by itself, by another observer, or from another thread before the
/// delivery started) hears nothing more.
///
/// ## The replay gate
///
/// A subscriber of a ``BehaviorSubject`` or ``ReplaySubject`` first receives the
/// replayed elements, on the subscribing thread, inside `subscribe`, while other
/// threads may go on emitting. Until its replay is over the observer is gated: the
/// subject's delivering thread leaves live events in the observer's own buffer instead
/// of calling it, and returns to its other subscribers without waiting. When the replay
/// ends, the buffered events follow it (``SubjectCore`` decides who delivers them), and
/// the gate opens: so replayed elements come first, then live ones, in order, and
/// nobody waits for the replaying handler — up to ``replayBufferLimit`` buffered events,
/// beyond which a delivering thread waits for the replay to end rather than let the
/// buffer grow without bound. The replaying thread itself never waits: what it sends
/// into the subject from inside its own replay (directly, or through another subscriber
/// joining meanwhile) is buffered whatever its length, as a re-entrant call queues
/// (``SerializationPoint``); it could only wait for itself.
class SubjectObserver<Element> {
    private static var disposedBit: Int { 1 }
    private static var gatedBit: Int { 2 }

    /// The atomic words below, reached only through their views. The first stored
    /// property, so that ``view(_:)`` finds them (see
    /// ``AtomicView/init(firstStoredPropertyOf:offset:)``): inline, no allocation per
    /// subscriber, and no indirection on the per-element check.
    private struct Words {
        var state = 0
        var replayEnded = false.atomicWord
        var replayWaiters = 0
    }
    private var words = Words()

    /// The observer's place in the subject's list of subscribers; -1 when it is not in
    /// it. Guarded by the subject's lock (``SubjectCore``).
    @exclusivity(unchecked) final var slot = -1

    /// Guards the replay gate's buffer and flag.
    private let gateLock = Lock()
    // Guarded by `gateLock`.
    @exclusivity(unchecked) private var gated: [Event<Element>] = []
    /// The thread delivering the replay (``currentThreadID()``), set when the gate
    /// closes; it never waits on a full buffer. Guarded by `gateLock`.
    @exclusivity(unchecked) private var replayingThread: UInt = 0
    /// The subscribing thread has delivered the whole replay. Guarded by `gateLock`;
    /// also set, sequentially consistent, in `replayEnded` for threads waiting on a full
    /// buffer (``ThreadParking``).
    private var replayEnded: AtomicView<Bool> { view(\.replayEnded) }
    /// The threads waiting for the replay to end (``waitForReplayToEnd()``'s callers).
    private var replayWaiters: AtomicView<Int> { view(\.replayWaiters) }
    /// ``disposedBit`` and ``gatedBit``; 0 for a live observer, the per-element path.
    private var state: AtomicView<Int> { view(\.state) }

    /// The atomic view of one of ``words``, whose address is fixed while the observer lives.
    @inline(__always)
    private final func view<Value: AtomicWord>(_ field: KeyPath<Words, Int>) -> AtomicView<Value> {
        AtomicView(firstStoredPropertyOf: self, offset: MemoryLayout<Words>.offset(of: field).unsafelyUnwrapped)
    }

    init() {
        assert(AtomicView<Int>.isFirstStoredProperty(&words.state, of: self), "SubjectObserver.words must come first")
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Whether the subscription was disposed; deliveries skip the observer then.
    @inline(__always)
    final var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    /// Silences the observer. Returns `true` for the first call only.
    final func markDisposed() -> Bool {
        // Sequentially consistent: it may be the condition a thread sleeps on (``ThreadParking``).
        let before = state.bitwiseOr(Self.disposedBit, ordering: .sequentiallyConsistent).oldValue
        if before & Self.gatedBit != 0 {
            // A delivering thread may be waiting for this replay to make room.
            wakeReplayWaiters()
        }
        return before & Self.disposedBit == 0
    }

    /// Delivers an element on the element road.
    func on(next element: Element) {
        abstractMethod()
    }

    /// Delivers an event (in practice a terminal one, or a disposed-subject error).
    func on(_ event: Event<Element>) {
        abstractMethod()
    }

    // MARK: Delivery by the subject

    /// Delivers `element` unless the subscription was disposed; while the observer is
    /// gated, leaves it in the gate's buffer instead. The per-element path: one atomic
    /// load when the observer is live.
    @inline(__always)
    final func deliver(next element: Element) {
        let current = state.load(ordering: .acquiring)
        if current == 0 {
            on(next: element)
        } else if current & Self.disposedBit == 0 {
            deliverGated(next: element)
        }
    }

    /// Delivers `event` unless the subscription was disposed, or leaves it in the gate.
    final func deliver(_ event: Event<Element>) {
        let current = state.load(ordering: .acquiring)
        if current == 0 {
            on(event)
        } else if current & Self.disposedBit == 0 {
            deliverGated(event)
        }
    }

    // Out of line, and the `Event` built here: a function that names `Event<Element>`
    // fetches its metadata from the runtime's cache on entry, a few hundred
    // instructions in the subjects' unspecialised generic code, so the per-element path
    // must not.
    @inline(never)
    private func deliverGated(next element: Element) {
        deliverGated(.next(element))
    }

    @inline(never)
    private func deliverGated(_ event: Event<Element>) {
        let (direct, full): (Bool, Bool) = gateLock.withLock {
            if state.load(ordering: .acquiring) & Self.gatedBit == 0 {
                // The gate opened since the caller looked.
                return (true, false)
            }
            gated.append(event)
            return (false, gated.count >= replayBufferLimit && !replayEnded.load(ordering: .relaxed)
                && replayingThread != currentThreadID())
        }
        if direct {
            if !isDisposed {
                on(event)
            }
        } else if full {
            waitForReplayToEnd()
        }
    }

    // MARK: The replay gate

    /// Closes the gate before the observer joins the subscribers: events delivered from
    /// now on wait in its buffer. Call before the observer can be reached, on the thread
    /// that will deliver the replay.
    final func closeGate() {
        let thread = currentThreadID()
        gateLock.withLock { replayingThread = thread }
        state.store(Self.gatedBit, ordering: .relaxed)
    }

    /// Called by the subscribing thread when the replay is delivered. Opens the gate
    /// and returns `true` when nothing was buffered meanwhile; otherwise returns
    /// `false`, and the buffered events must be delivered by ``flushGate()``, by a call
    /// holding the subject's right to deliver.
    final func replayDelivered() -> Bool {
        let opened: Bool = gateLock.withLock {
            replayEnded.store(true, ordering: .sequentiallyConsistent)
            if gated.isEmpty {
                state.bitwiseAnd(~Self.gatedBit, ordering: .releasing)
                return true
            }
            return false
        }
        wakeReplayWaiters()
        return opened
    }

    /// Delivers the events buffered while the gate was closed, then opens it. Call
    /// holding the subject's right to deliver, so that nobody adds to the buffer
    /// meanwhile.
    final func flushGate() {
        let buffered: [Event<Element>] = gateLock.withLock {
            let buffered = gated
            gated = []
            state.bitwiseAnd(~Self.gatedBit, ordering: .releasing)
            return buffered
        }
        for event in buffered {
            if isDisposed {
                return
            }
            switch event {
            case .next(let element):
                on(next: element)
            default:
                on(event)
            }
        }
    }

    @inline(never)
    private func waitForReplayToEnd() {
        replayWaiters.wrappingAdd(1, ordering: .sequentiallyConsistent)
        ThreadParking.shared.wait(until: {
            replayEnded.load(ordering: .sequentiallyConsistent) || isDisposed
        })
        replayWaiters.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }

    private func wakeReplayWaiters() {
        if replayWaiters.load(ordering: .sequentiallyConsistent) != 0 {
            ThreadParking.shared.wakeAll()
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// How many events a subscriber's replay gate holds before the delivering thread waits
/// for the replay to end: far more than a replay usually lets through, so that an
/// emitter waits for a replaying handler only when it has outrun it by that much.
let replayBufferLimit = 1_024

/// A ``SubjectObserver`` holding one of Ripple's element observers: a sink of the
/// next operator, the observer `subscribe(onNext:…)` builds, or an
/// ``ElementObserverAdapter`` around an observer from outside Ripple.
final class ElementSubjectObserver<Observer: ElementObserver>: SubjectObserver<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
        super.init()
    }

    override func on(next element: Observer.Element) {
        observer.on(next: element)
    }

    override func on(_ event: Event<Observer.Element>) {
        observer.on(event)
    }
}
