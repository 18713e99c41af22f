#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// What every subject shares: its subscribers, its lock, its terminal state, and the
/// rule that delivers events to subscribers one at a time, in order, without holding
/// the lock while they run.
///
/// ## Delivering without the lock, yet in order
///
/// A subject is an observer that anyone may call: from several threads at once, or
/// from inside one of its own subscribers (an observer that emits into the subject it
/// observes). The lock is not recursive and is never held while subscribers run, so
/// neither case can deadlock. Ordering is kept by a *right to deliver*:
///
/// - Under the lock, the call that accepted an event takes the right when nobody holds
///   it, together with a snapshot of the subscribers (an immutable ``ObserverList``, not
///   copied), and delivers after unlocking.
/// - A call that finds the right taken — a subscriber emitting into its own subject, or
///   another thread emitting at the same time — queues its event with its snapshot
///   and returns at once; the holder delivers the queue, in order, before giving the
///   right back. Nothing is lost, every subscriber sees the events in the order the
///   subject accepted them, and the stack does not grow with nested emissions.
///
/// So an `onNext` made inside a subscriber is delivered to everyone after the event
/// being delivered has reached every subscriber, not in the middle of it (RxSwift
/// would deliver it at once, nested, and print a reentrancy warning in debug builds).
/// And an `onNext` made while another thread is delivering returns before its element
/// has been delivered: the other thread delivers it next.
///
/// ## Cost
///
/// The uncontended `onNext` takes the lock once (state check, snapshot, right taken
/// with a plain store) and gives the right back with one compare-and-swap, without
/// the lock. It builds no `Event`, allocates nothing (only queued work allocates), and
/// does not even retain the snapshot: a list replaced while someone holds the right is
/// *retired* rather than released, and the holder releases it when it gives the right
/// back, so the list it reads cannot go away under it.
///
/// ## New subscribers
///
/// A subscriber that must first receive replayed elements (``BehaviorSubject``'s value,
/// ``ReplaySubject``'s buffer) joins the subscribers under the lock, then gets them
/// under the same right to deliver, so that no newer element can overtake them: it
/// takes the right, or queues its replay when another thread holds it. When the
/// thread holding the right is the subscribing thread itself (a subscriber that
/// subscribes to the subject it observes) the replay happens at once, inside
/// `subscribe`, as in RxSwift: the new subscriber is in no earlier snapshot, so nothing
/// can reach it out of order.
///
/// A subscribing thread that takes the right for its replay must not be kept
/// delivering other threads' events for ever: an emitter that never waits could queue
/// elements faster than the subscriber's thread delivers them, and `subscribe` would
/// not return while the emitter keeps going (the queue growing without bound). So
/// while a replay holds the right, ``BehaviorSubject`` and ``ReplaySubject`` emitters
/// on other threads, once their element is queued, wait (without any lock) until the
/// replay and the work queued during it have been delivered — as RxSwift's emitters
/// wait on the subject's lock, under which it replays. The subscribing thread thus
/// delivers at most the few elements queued before the emitters noticed, then returns.
///
/// The emitters sleep (``ThreadParking``), they do not spin: a long replay (a large
/// ``ReplaySubject`` buffer, a slow subscriber) costs the waiting threads no CPU. The
/// replay wakes them when it gives the right back.
///
/// The known risk of that wait is the same as RxSwift's: a subscriber that, during its
/// replay, synchronously waits for a thread that is emitting into the same subject
/// (`DispatchQueue.sync` onto it, a semaphore that thread must signal) deadlocks, as it
/// would in RxSwift, whose emitters block on the lock the replay holds. Emitting into
/// the subject from the replaying subscriber itself is fine: that thread never waits.
///
/// Emitters of other subjects (``PublishSubject``, ``AsyncSubject``, the relays built
/// on them) never wait. Two threads emitting into one subject at once can keep the
/// thread holding the right delivering the other's elements for as long as they arrive
/// faster than it delivers them; bounding that would need either leaving queued
/// elements to a later emitter (which may never come) or making the other emitter wait
/// for a hand-over (a new deadlock risk for subjects that never block today).
final class SubjectCore<Element> {
    /// Work left for the call that holds the right to deliver.
    private enum Pending {
        case next(Element, ObserverList)
        case stop(Event<Element>, ObserverList)
        case replay(SubjectObserver<Element>, ContiguousArray<Element>)
    }

    /// Guards the state below and the owning subject's own state (its value or buffer).
    let lock = Lock()

    // Guarded by `lock`; `@exclusivity(unchecked)` because the lock already serialises
    // every access, so the runtime checks would only add cost on each event.
    /// The current subscribers; `nil` when there are none. Held as one manual retain
    /// (taken in `replaceObservers`), so that reading it on each event costs no
    /// reference counting; use `observers` to get it as a plain reference.
    @exclusivity(unchecked) private var currentObservers: Unmanaged<ObserverList>?
    @exclusivity(unchecked) private(set) var isStopped = false
    @exclusivity(unchecked) private(set) var isDisposed = false
    @exclusivity(unchecked) private var pending: [Pending] = []
    /// Lists replaced while a call held the right to deliver, which may still be
    /// reading them without holding a reference: released when it gives the right back.
    @exclusivity(unchecked) private var retired: [ObserverList] = []
    /// The thread that last took the right to deliver; meaningful while it holds it.
    @exclusivity(unchecked) private var deliveringThread: pthread_t?

    // Bit 0: a call holds the right to deliver. The other bits count (×2) the calls
    // that left work (or a retired list) for it since it last looked. Changed under
    // `lock`, except by the holder giving the right back (1 → 0), which needs no lock:
    // it can only succeed when nothing was left for it.
    private let delivery = Atomic<Int>(0)

    /// The thread (``currentThreadToken``) holding the right to deliver for a
    /// subscriber's replay, or 0. Set and cleared under `lock` with that right; read
    /// without the lock by emitters deciding whether to wait.
    private let replayingThread = Atomic<UInt>(0)

    /// How many emitters sleep in ``waitForReplayOnAnotherThread()``: the replay wakes
    /// the ``ThreadParking`` only when some do. Sequentially consistent, like the
    /// stores and loads of `replayingThread` that pair with it (see ``ThreadParking``).
    private let replayWaiters = Atomic<Int>(0)

    // Guarded by `lock`. Last, because its size depends on `Element`: the fields before
    // it keep offsets the compiler knows.
    @exclusivity(unchecked) private(set) var stopEvent: Event<Element>?

    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    deinit {
        currentObservers?.release()
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }

    /// Call with `lock` held: the current subscribers, `nil` when there are none.
    private var observers: ObserverList? {
        currentObservers?.takeUnretainedValue()
    }

    /// Call with `lock` held: whether the subject still accepts events.
    @inline(__always)
    var isAccepting: Bool {
        !isStopped && !isDisposed
    }

    /// Whether anyone is subscribed.
    var hasObservers: Bool {
        lock.withLock { currentObservers != nil }
    }

    /// Whether ``dispose(clearing:)`` was called.
    var isDisposedNow: Bool {
        lock.withLock { isDisposed }
    }

    // MARK: Events

    /// Call with `lock` held, after the subject accepted `element`: returns the
    /// subscribers to hand it to with ``deliver(_:to:)`` once the lock is released, or
    /// `nil` when there is nobody to deliver to or the element was queued for the call
    /// that holds the right to deliver.
    ///
    /// The list is not retained: it stays alive until the caller gives the right back.
    @inline(__always)
    func dispatch(next element: Element) -> Unmanaged<ObserverList>? {
        guard let observers = currentObservers else {
            return nil
        }
        if claim() {
            return observers
        }
        enqueue(next: element, to: observers)
        return nil
    }

    @inline(never)
    private func enqueue(next element: Element, to observers: Unmanaged<ObserverList>) {
        pending.append(.next(element, observers.takeUnretainedValue()))
    }

    /// Call with `lock` held, when the subject accepts a terminal event: stops the
    /// subject, removes every subscriber, and returns them for
    /// ``deliver(stop:after:to:)``, or `nil` as ``dispatch(next:)`` does. A non-nil
    /// `element` is delivered just before `event` (``AsyncSubject``'s last element).
    func dispatch(stop event: Event<Element>, after element: Element? = nil) -> ObserverList? {
        isStopped = true
        stopEvent = event
        // Moved out, not released: a call holding the right keeps reading it safely,
        // since whoever delivers the terminal event keeps it until then.
        guard let stopped = currentObservers?.takeRetainedValue() else {
            return nil
        }
        currentObservers = nil
        if claim() {
            return stopped
        }
        if let element {
            pending.append(.next(element, stopped))
        }
        pending.append(.stop(event, stopped))
        return nil
    }

    /// Stops the subject with the terminal `event`, if it still accepts events: takes
    /// the lock for ``dispatch(stop:after:)``, then, without it, delivers `event` to the
    /// subscribers there were (``deliver(stop:after:to:)``). The terminal road of
    /// ``PublishSubject``, ``BehaviorSubject`` and ``ReplaySubject``.
    func stop(_ event: Event<Element>) {
        guard let observers = lock.withLock({ isAccepting ? dispatch(stop: event) : nil }) else {
            return
        }
        deliver(stop: event, to: observers)
    }

    /// Hands `element` to `observers` (from ``dispatch(next:)``), then gives back the
    /// right to deliver, after delivering whatever was queued meanwhile.
    @inline(__always)
    func deliver(_ element: Element, to observers: Unmanaged<ObserverList>) {
        observers._withUnsafeGuaranteedRef { list in
            send(element, to: list.items)
        }
        finishDelivery()
    }

    /// Hands the terminal `event` (preceded by `element`, if any) to `observers` (from
    /// ``dispatch(stop:after:)``), then gives back the right to deliver.
    func deliver(stop event: Event<Element>, after element: Element? = nil, to observers: ObserverList) {
        if let element {
            send(element, to: observers.items)
        }
        send(event, to: observers.items)
        finishDelivery()
    }

    @inline(__always)
    private func send(_ element: Element, to observers: ContiguousArray<AnyObject>) {
        var index = 0
        let count = observers.count
        while index < count {
            // The list keeps the observer alive: no retain and release per call.
            Unmanaged.passUnretained(Self.observer(observers[index]))._withUnsafeGuaranteedRef { observer in
                if !observer.isDisposed {
                    observer.on(next: element)
                }
            }
            index += 1
        }
    }

    private func send(_ event: Event<Element>, to observers: ContiguousArray<AnyObject>) {
        for object in observers {
            let observer = Self.observer(object)
            if !observer.isDisposed {
                observer.on(event)
            }
        }
    }

    /// An item of an ``ObserverList``, which holds only `SubjectObserver<Element>`s.
    @inline(__always)
    private static func observer(_ object: AnyObject) -> SubjectObserver<Element> {
        unsafeDowncast(object, to: SubjectObserver<Element>.self)
    }

    // MARK: The right to deliver

    /// Call with `lock` held. Takes the right to deliver and returns `true`; or, when
    /// another call holds it, records that work is being left for that call and
    /// returns `false`, and the caller must queue its work before unlocking.
    @inline(__always)
    private func claim() -> Bool {
        // Under the lock only the holder can change `delivery` (giving the right back,
        // 1 → 0), so at most one retry happens here.
        var current = delivery.load(ordering: .acquiring)
        while true {
            if current == 0 {
                delivery.store(1, ordering: .relaxed)
                deliveringThread = pthread_self()
                return true
            }
            let (exchanged, original) = delivery.compareExchange(
                expected: current, desired: current + 2, ordering: .acquiringAndReleasing)
            if exchanged {
                return false
            }
            current = original
        }
    }

    /// Call with `lock` held, when `observers` is replaced by `list`: returns the old
    /// list for the caller to release after unlocking, or `nil` when a call holding the
    /// right to deliver may still be reading it, in which case it is retired for that
    /// call to release.
    private func replaceObservers(with list: ObserverList?) -> ObserverList? {
        let old = currentObservers?.takeRetainedValue()
        currentObservers = list.map { Unmanaged.passRetained($0) }
        guard let old else {
            return nil
        }
        var current = delivery.load(ordering: .acquiring)
        while current & 1 != 0 {
            let (exchanged, original) = delivery.compareExchange(
                expected: current, desired: current + 2, ordering: .acquiringAndReleasing)
            if exchanged {
                retired.append(old)
                return nil
            }
            current = original
        }
        return old
    }

    /// Call with `lock` held: whether the calling thread holds the right to deliver,
    /// that is, whether it is inside a delivery of this subject.
    private var isDeliveringOnCurrentThread: Bool {
        guard delivery.load(ordering: .acquiring) & 1 != 0, let deliveringThread else {
            return false
        }
        return pthread_equal(deliveringThread, pthread_self()) != 0
    }

    /// Gives the right to deliver back, or, when work was left, does it first.
    @inline(__always)
    private func finishDelivery() {
        if delivery.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
            return
        }
        drainPending()
    }

    @inline(never)
    private func drainPending() {
        while true {
            let taken: (work: [Pending], retired: [ObserverList]) = lock.withLock {
                let taken = (pending, retired)
                pending = []
                retired = []
                // Nothing left for the holder any more; with no work it also gives the
                // right back.
                delivery.store(taken.0.isEmpty ? 0 : 1, ordering: .releasing)
                return taken
            }
            // The retired lists are released here, outside the lock: this call has
            // finished reading them.
            if taken.work.isEmpty {
                return
            }
            for work in taken.work {
                perform(work)
            }
            if delivery.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
                return
            }
        }
    }

    private func perform(_ work: Pending) {
        switch work {
        case .next(let element, let observers):
            send(element, to: observers.items)
        case .stop(let event, let observers):
            send(event, to: observers.items)
        case .replay(let observer, let elements):
            replay(elements, to: observer)
        }
    }

    private func replay(_ elements: ContiguousArray<Element>, to observer: SubjectObserver<Element>) {
        for element in elements {
            if observer.isDisposed {
                return
            }
            observer.on(next: element)
        }
    }

    // MARK: Replays that hold the right to deliver

    /// An identifier of the calling thread, never 0.
    private static var currentThreadToken: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Gives back the right to deliver taken for a replay, after delivering the work
    /// queued meanwhile. Unlike ``drainPending()`` it gives the right back only under
    /// the lock, clearing `replayingThread` in the same step, so that emitters waiting
    /// in ``waitWhileReplaying()`` resume exactly when the right is free; then wakes
    /// them.
    private func finishReplay() {
        while true {
            let taken: (work: [Pending], retired: [ObserverList]) = lock.withLock {
                let taken = (pending, retired)
                pending = []
                retired = []
                if taken.0.isEmpty {
                    replayingThread.store(0, ordering: .sequentiallyConsistent)
                    delivery.store(0, ordering: .releasing)
                } else {
                    delivery.store(1, ordering: .releasing)
                }
                return taken
            }
            // The retired lists are released outside the lock, as in `drainPending`.
            if taken.work.isEmpty {
                // After clearing `replayingThread`: an emitter that counted itself
                // before we cleared it is woken; one that did not will see it cleared.
                if replayWaiters.load(ordering: .sequentiallyConsistent) != 0 {
                    ThreadParking.shared.wakeAll()
                }
                return
            }
            for work in taken.work {
                perform(work)
            }
        }
    }

    /// Call without the lock, after an element was accepted but not delivered by this
    /// call (it was queued, or nobody was subscribed): when another thread holds the
    /// right to deliver for a replay, waits until it gives it back. This keeps an
    /// emitter from queueing without bound behind a subscribing thread. No wait when
    /// no replay runs (one atomic load) or when this thread is the one replaying.
    @inline(__always)
    func waitWhileReplaying() {
        if replayingThread.load(ordering: .acquiring) != 0 {
            waitForReplayOnAnotherThread()
        }
    }

    /// Sleeps, holding no lock, until no other thread replays. Counts itself in
    /// `replayWaiters` before checking, so that ``finishReplay()`` knows to wake it.
    @inline(never)
    private func waitForReplayOnAnotherThread() {
        let me = Self.currentThreadToken
        replayWaiters.wrappingAdd(1, ordering: .sequentiallyConsistent)
        ThreadParking.shared.wait(until: {
            let replaying = replayingThread.load(ordering: .sequentiallyConsistent)
            return replaying == 0 || replaying == me
        })
        replayWaiters.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }

    // MARK: Subscribers

    /// What `subscribe` decided under the lock.
    private enum SubscribeStep {
        case refuse
        case finish(ContiguousArray<Element>, Event<Element>)
        case join
        case replayNow(ContiguousArray<Element>)
        case replayHoldingRight(ContiguousArray<Element>)
    }

    /// Subscribes `observer`.
    ///
    /// - Parameters:
    ///   - subject: The subject, named in the `RxError.disposed` a subscriber of a
    ///     disposed subject receives.
    ///   - replay: Runs under the lock; returns the elements a new subscriber receives
    ///     first (before the terminal event, if the subject has stopped).
    /// - Returns: The subscription, or an empty disposable when the subscriber was
    ///   refused or got the terminal event at once.
    func subscribe(
        _ observer: SubjectObserver<Element>,
        subject: AnyObject,
        replay: () -> ContiguousArray<Element>
    ) -> Disposable {
        var released: ObserverList?
        let step: SubscribeStep = lock.withLock {
            if isDisposed {
                return .refuse
            }
            let elements = replay()
            if let stopEvent {
                return .finish(elements, stopEvent)
            }
            released = replaceObservers(with: observers?.adding(observer) ?? ObserverList([observer]))
            if elements.isEmpty {
                return .join
            }
            if isDeliveringOnCurrentThread {
                return .replayNow(elements)
            }
            if claim() {
                replayingThread.store(Self.currentThreadToken, ordering: .releasing)
                return .replayHoldingRight(elements)
            }
            pending.append(.replay(observer, elements))
            return .join
        }
        // The replaced list is released here, after the lock.
        withExtendedLifetime(released) {}
        switch step {
        case .refuse:
            observer.on(.error(RxError.disposed(object: subject)))
            return Disposables.create()
        case .finish(let elements, let event):
            // A new subscriber of a stopped subject is in nobody's list: it can be
            // served directly.
            for element in elements {
                observer.on(next: element)
            }
            observer.on(event)
            return Disposables.create()
        case .join:
            break
        case .replayNow(let elements):
            self.replay(elements, to: observer)
        case .replayHoldingRight(let elements):
            self.replay(elements, to: observer)
            finishReplay()
        }
        return SubjectSubscription(core: self, observer: observer)
    }

    /// Removes `observer`, whose subscription was disposed.
    func remove(_ observer: SubjectObserver<Element>) {
        let released: ObserverList? = lock.withLock {
            guard let observers else {
                return nil
            }
            let list = observers.removing(observer)
            if list === observers {
                return nil
            }
            return replaceObservers(with: list)
        }
        // Released here, after the lock: it may hold the last reference to observers.
        withExtendedLifetime(released) {}
    }

    /// Disposes the subject: every subscriber is dropped, queued work is discarded and
    /// later events are ignored. `clearing` runs under the lock, to drop the subject's
    /// own state (a buffer); what it returns is released after the lock.
    func dispose<Dropped>(clearing: () -> Dropped) {
        let dropped = lock.withLock {
            isDisposed = true
            stopEvent = nil
            let dropped = (replaceObservers(with: nil), pending, clearing())
            pending = []
            return dropped
        }
        withExtendedLifetime(dropped) {}
    }
}
