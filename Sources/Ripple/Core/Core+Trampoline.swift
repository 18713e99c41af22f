#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The per-thread queue behind ``CurrentThreadScheduler``.
///
/// One `Trampoline` lives per thread that ever scheduled work, reached through a
/// pthread key (one `pthread_getspecific` call, no dictionary lookup) and released
/// when the thread exits. Its queue is a ring buffer that keeps its capacity, so
/// queuing work allocates nothing once the buffer has grown to the working size.
///
/// The queue owns one reference to each piece of work in it, which the run loop takes
/// over while the work runs; work that queues itself again while running (a loop sink
/// making way) hands that reference back, saving a retain and a release per round trip.
///
/// Only its own thread touches a trampoline, so it needs no lock, and no access to its
/// properties overlaps another, so they skip the runtime exclusivity checks.
///
/// `@usableFromInline` (with ``count`` and ``isQueueEmpty``) for `range`'s loop,
/// which is compiled in your code and checks the queue after every element.
@usableFromInline
final class Trampoline {
    /// Whether work is running on this trampoline; new work is then queued.
    @exclusivity(unchecked) private(set) var isActive = false
    /// ``currentStackAddress()`` when ``runActive(_:)`` made the trampoline active.
    @exclusivity(unchecked) private var activationStackAddress: UInt = 0
    // A raw buffer rather than a `ContiguousArray`: every store into an array checks
    // that its storage is uniquely referenced and ends the mutation through the runtime,
    // about 24 instructions per queued piece of work, which `range` pays per element
    // whenever other work waits. Slots outside `head ..< head + count` (modulo
    // `capacity`) are uninitialised; each slot inside holds one retain of its work.
    @exclusivity(unchecked) private var ring: UnsafeMutablePointer<Unmanaged<TrampolineWork>>
    @exclusivity(unchecked) private var capacity = 16
    @exclusivity(unchecked) private var head = 0
    /// How many pieces of work wait. `@usableFromInline` for ``isQueueEmpty``, which
    /// `range`'s loop, compiled in your code, checks after every element.
    @usableFromInline @exclusivity(unchecked) private(set) var count = 0
    /// The work the run loop is running, whose reference it holds; `nil` once that
    /// reference went back to the queue (the work queued itself again) or between runs.
    @exclusivity(unchecked) private var running: UnsafeMutableRawPointer?

    private init() {
        ring = .allocate(capacity: capacity)
    }

    deinit {
        while count > 0 {
            dequeue().release()
        }
        ring.deallocate()
    }

    static var current: Trampoline? {
        guard let pointer = pthread_getspecific(trampolineKey) else { return nil }
        return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether this thread has a trampoline and it is active. Cheaper than
    /// `current?.isActive`: the trampoline is read in place, not retained and released
    /// (the thread's key owns it while the thread lives, and only this thread uses it).
    static var isActiveOnCurrentThread: Bool {
        guard let pointer = pthread_getspecific(trampolineKey) else { return false }
        return Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.isActive }
    }

    /// The stack address where this thread's trampoline became active, or `nil` when it
    /// is not active: with ``currentStackAddress()``, how deep the stack has grown since
    /// (read in place, as by ``isActiveOnCurrentThread``).
    static var activationStackAddressOnCurrentThread: UInt? {
        guard let pointer = pthread_getspecific(trampolineKey) else { return nil }
        return Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.isActive ? $0.activationStackAddress : nil }
    }

    /// ``start(_:)`` on this thread's trampoline, read in place (as by
    /// ``isActiveOnCurrentThread``) rather than retained and released.
    static func start(onCurrentThread work: TrampolineWork) {
        guard let pointer = pthread_getspecific(trampolineKey) else {
            forCurrentThread().start(work)
            return
        }
        Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.start(work) }
    }

    static func forCurrentThread() -> Trampoline {
        if let trampoline = current {
            return trampoline
        }
        let trampoline = Trampoline()
        // The thread's key owns one retain, released by the key's destructor.
        pthread_setspecific(trampolineKey, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    /// Runs `body` with the trampoline active, then every queued piece of work, in order.
    func runActive<Result>(_ body: () -> Result) -> Result {
        assert(!isActive, "The trampoline is already active")
        isActive = true
        activationStackAddress = currentStackAddress()
        defer { isActive = false }
        let result = body()
        while count > 0 {
            // The queue's reference, now the run loop's: it keeps the work alive while
            // it runs, unless the work hands it back to the queue (`enqueue`).
            let work = dequeue()
            running = work.toOpaque()
            work._withUnsafeGuaranteedRef { $0.run(on: self) }
            if running != nil {
                running = nil
                work.release()
            }
        }
        return result
    }

    /// Whether no work waits in the queue (work may be running).
    @inlinable
    var isQueueEmpty: Bool {
        count == 0
    }

    /// Queues `work` and, when the trampoline is idle, runs it (and whatever it queues)
    /// at once, as `scheduleRecursive` starts on this thread: how a loop on the
    /// trampoline starts (``TrampolineLoopSink``, and merge's inner observer running an
    /// inner ``LoopProducer``'s loop itself).
    func start(_ work: TrampolineWork) {
        enqueue(work)
        if !isActive {
            runActive {}
        }
    }

    /// Called by a loop after each element: `true` when other work waits (delivering the
    /// element queued it, say); `work`, the loop, is then queued behind it, and the loop
    /// stores its state and returns, carrying on from there when its turn comes. Inlined,
    /// so the test costs the loop what the check by hand did.
    @inline(__always)
    func yields(_ work: TrampolineWork) -> Bool {
        if count == 0 {
            return false
        }
        enqueue(work)
        return true
    }

    func enqueue(_ work: TrampolineWork) {
        if count == capacity {
            grow()
        }
        let entry = Unmanaged.passUnretained(work)
        if entry.toOpaque() == running {
            // The running work queues itself again: the run loop's reference moves to
            // the queue, and the run loop will not release it.
            running = nil
        } else {
            _ = entry.retain()
        }
        // Wrapping arithmetic, here and in `dequeue`: the indices stay below
        // `capacity`, so nothing can overflow, and the overflow checks are skipped.
        (ring + ((head &+ count) & (capacity &- 1))).initialize(to: entry)
        count &+= 1
    }

    /// Takes the oldest work out of the queue, with the queue's reference to it. Call
    /// only while `count > 0`.
    private func dequeue() -> Unmanaged<TrampolineWork> {
        let work = (ring + head).move()
        head = (head &+ 1) & (capacity &- 1)
        count &-= 1
        return work
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Unmanaged<TrampolineWork>>.allocate(capacity: capacity * 2)
        for offset in 0..<count {
            (larger + offset).moveInitialize(from: ring + ((head + offset) & (capacity - 1)), count: 1)
        }
        ring.deallocate()
        ring = larger
        capacity *= 2
        head = 0
    }
}

private let trampolineKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    let status = pthread_key_create(&key) { pointer in
        Unmanaged<Trampoline>.fromOpaque(pointer).release()
    }
    #else
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<Trampoline>.fromOpaque(pointer).release()
    }
    #endif
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()

/// A piece of work queued on a ``Trampoline``.
class TrampolineWork {
    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Runs the work, unless it was disposed while queued.
    func run(on trampoline: Trampoline) {
        abstractMethod()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// One action queued by ``CurrentThreadScheduler/schedule(_:action:)``.
final class ScheduledTrampolineWork<State>: TrampolineWork, Cancelable {
    private let state: State
    private let action: (State) -> Disposable
    private let disposable = SingleAssignmentDisposable()

    init(state: State, action: @escaping (State) -> Disposable) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }

    override func run(on trampoline: Trampoline) {
        if disposable.isDisposed {
            return
        }
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }
}

/// A recursion queued by ``CurrentThreadScheduler/scheduleRecursive(_:action:)``.
///
/// Each `recurse(state)` stores the state and queues this same object again, so a
/// recursion of any length costs one allocation.
final class RecursiveTrampolineWork<State>: TrampolineWork, Cancelable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let action: Action
    private let disposed = AtomicValue<Bool>(false)
    // Touched only on the trampoline's thread. `nextState` is the state for the next
    // run while `hasNextState`; `laterStates` only fills when an action recurses more
    // than once. (Neither an `Optional<State>` nor `laterStates.isEmpty`: in generic code
    // each costs a runtime type lookup, and this runs once per element.)
    @exclusivity(unchecked) private var nextState: State
    @exclusivity(unchecked) private var hasNextState = true
    @exclusivity(unchecked) private var laterStates: [State] = []
    @exclusivity(unchecked) private var laterCount = 0
    @exclusivity(unchecked) private var runsAtOnce = 0

    init(state: State, action: @escaping Action) {
        self.action = action
        self.nextState = state
    }

    var isDisposed: Bool {
        disposed.load(ordering: .relaxed)
    }

    override func run(on trampoline: Trampoline) {
        // A `recurse` made while the trampoline's queue is empty would put this work at
        // the front of the queue, to be taken straight back off it: it runs again here
        // instead (`runsAtOnce`), in the same order, without the queue round trip.
        // A `recurse` made while other work waits goes behind that work, as queued.
        runsAtOnce = 1
        while runsAtOnce > 0 {
            runsAtOnce -= 1
            guard hasNextState else { return }
            let state = nextState
            if laterCount == 0 {
                hasNextState = false
            } else {
                nextState = laterStates.removeFirst()
                laterCount -= 1
            }
            if disposed.load(ordering: .relaxed) {
                return
            }
            action(state) { newState in
                if self.hasNextState {
                    self.laterStates.append(newState)
                    self.laterCount += 1
                } else {
                    self.nextState = newState
                    self.hasNextState = true
                }
                if trampoline.isQueueEmpty {
                    self.runsAtOnce += 1
                } else {
                    trampoline.enqueue(self)
                }
            }
        }
    }

    func dispose() {
        disposed.store(true, ordering: .relaxed)
    }
}

/// The address of a local of the caller's frame: where this thread's stack is now (it
/// grows towards lower addresses on every platform Ripple runs on).
@inline(__always)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

