
/// What every subject shares: its subscribers, its lock, its terminal state, and the
/// rule that delivers events to subscribers one at a time, in order, without holding
/// the lock while they run, and without holding any caller for longer than a bound.
///
/// ## Delivering without the lock, yet in order
///
/// A subject is an observer that anyone may call: from several threads at once, or
/// from inside one of its own subscribers (an observer that emits into the subject it
/// observes). The lock is not recursive and is never held while subscribers run, so
/// neither case can deadlock on it. Ordering is kept by a *right to deliver*
/// (``SerializationPoint``):
///
/// - Under the lock, the call that accepted an event takes the right when nobody holds
///   it, and delivers to the subscribers after unlocking.
/// - A call that finds the right taken queues its event and returns at once: a
///   subscriber emitting into its own subject, or another thread emitting at the same
///   time. The holder delivers the queue, in order, before giving the right back.
/// - The bound (``SerializationBound``): a holder's turn accepts at most
///   `SerializationBound.foreignActionsPerThread` events from each other thread. A call
///   from another thread beyond its thread's share waits, holding no lock, until the
///   holder hands it the right; it then delivers its own event and what follows it, in
///   a turn of its own. So with `T` threads emitting, one `onNext` delivers at most its
///   own element, what its subscribers emit back on the same thread, and
///   `(T − 1) × 1 024` elements of other threads; and at most that many plus one per
///   waiting thread wait. Re-entrant events (the same thread) never wait.
///
/// So an `onNext` made inside a subscriber is delivered to everyone after the event
/// being delivered has reached every subscriber, not in the middle of it (RxSwift
/// would deliver it at once, nested, and print a reentrancy warning in debug builds).
///
/// ## The subscribers
///
/// The subscribers are one array, in subscription order, changed in place: no copy per
/// subscribe or dispose, so both cost amortised O(1) whatever the number of subscribers
/// (a disposed subscriber leaves an empty slot, and the array is compacted when half of
/// it is empty). The holder of the right to deliver reads the array without the lock;
/// so the array changes only when nobody holds the right (under the lock), or, while
/// someone does, through the queue: a subscribe or dispose made meanwhile is queued like
/// an event and applied by the holder, under the lock, between two deliveries. Events
/// and subscriber changes thus take effect in the order the subject accepted them: an
/// element accepted before a subscribe never reaches that subscriber, one accepted
/// after it does. Queued subscriber changes never wait (they run no user code).
///
/// ## New subscribers that receive a replay
///
/// A subscriber of ``BehaviorSubject`` or ``ReplaySubject`` receives its replay on the
/// subscribing thread, inside `subscribe`, whatever other threads are doing, and before
/// any newer element: it joins *gated* (see ``SubjectObserver``), so that the events
/// delivered to it during its replay wait in its own buffer. After the replay, the
/// subscribing thread opens the gate when nothing was buffered; otherwise the buffered
/// events are delivered by the holder of the right to deliver (queued behind what is
/// being delivered), or by the subscribing thread itself when nobody holds the right.
/// No emitter waits for a replaying subscriber, unless more than ``replayBufferLimit``
/// events pile up during one replay; and the replaying thread never waits for its own
/// replay (``SubjectObserver``).
///
/// ## Cost
///
/// The uncontended `onNext` of a subject that records its value (``BehaviorSubject``,
/// ``ReplaySubject``, ``AsyncSubject``) takes the lock once (state check, value, right
/// taken with a load and a store) and gives the right back with one compare-and-swap,
/// without the lock. ``PublishSubject`` records nothing, so when nobody holds the right
/// it skips the lock (``emitClaimingWithoutLock(_:)``): one compare-and-swap takes the
/// right, one gives it back. Every claim made under the lock on such a core is then a
/// compare-and-swap too (its `Policy` is ``ClaimsAlsoWithoutLock``), and the holder
/// reads whether the subject still accepts events from ``refusesEvents``.
/// Either way an element builds no `Event`, allocates nothing (only queued work
/// allocates), and retains nothing: the holder reads the subscribers where they are.
final class SubjectCore<Element, Policy: ClaimPolicy> {
    /// Work left for the call that holds the right to deliver.
    private enum Work {
        case next(Element)
        /// The terminal event, preceded by `element` if any (``AsyncSubject``).
        case stop(Event<Element>, after: Element?)
        /// A subscriber change, applied by the holder under the lock between two
        /// deliveries; the observer is released after the lock, with the work item.
        case join(SubjectObserver<Element>)
        case leave(SubjectObserver<Element>)
        /// The subject was disposed: the holder drops the subscribers.
        case dropAll
        /// A replaying subscriber's buffered events, for the holder to deliver.
        case flush(SubjectObserver<Element>)
    }

    /// Guards the state below and the owning subject's own state (its value or buffer).
    let lock = Lock()

    /// The right to deliver and the work left for its holder; used under `lock`, except
    /// its entries that say otherwise.
    private let actions = SerializationPoint<Work, Policy>()
    // Guarded by `lock`; `@exclusivity(unchecked)` because the lock already serialises
    // every access, so the runtime checks would only add cost on each event.
    /// The subscribers, `SubjectObserver<Element>`s in subscription order, ``vacancy``
    /// where one left. Changed under `lock` and only while nobody holds the right to
    /// deliver, or by its holder; read without the lock by the holder. (`AnyObject`,
    /// not the generic class: code whose types do not mention `Element` is fully
    /// specialised, whereas the subjects' generic code is not.)
    @exclusivity(unchecked) private var slots = SubscriberSlots()
    /// What fills the slot of a subscriber that left: an observer disposed from the
    /// start, which deliveries skip like any disposed one, so that the per-element
    /// loop has no empty slot to test for.
    private let vacancy: SubjectObserver<Element> = SubjectObserver()
    @exclusivity(unchecked) private var vacantSlots = 0
    /// The subscriptions made and not disposed (queued or in `slots`), while the
    /// subject accepts events.
    @exclusivity(unchecked) private var subscribed = 0
    @exclusivity(unchecked) private(set) var isStopped = false
    @exclusivity(unchecked) private(set) var isDisposed = false
    /// Set with `isDisposed`, and read without the lock by the holder of the right to
    /// deliver, which then drops what was queued.
    private let disposedFlag = AtomicValue<Bool>(false)
    /// Set with `isStopped` or `isDisposed`, for a call that took the right to deliver
    /// without the lock. Relaxed is enough: a stop or dispose made before the claim
    /// happens before it (its critical section precedes the release the claim pairs
    /// with); one made after it is queued behind the element, or silences the
    /// observers one by one, as for any holder.
    private let refusesEvents = AtomicValue<Bool>(false)
    // Guarded by `lock`. Last, because its size depends on `Element`: the fields before
    // it keep offsets the compiler knows.
    @exclusivity(unchecked) private(set) var stopEvent: Event<Element>?

    /// A core whose `Policy` is ``ClaimsAlsoWithoutLock`` may emit through
    /// ``emitClaimingWithoutLock(_:)``; one under ``ClaimsUnderLock`` keeps the cheaper
    /// load-and-store claim.
    init() {
        _ = vacancy.markDisposed()
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }

    /// Call with `lock` held: whether the subject still accepts events.
    @inline(__always)
    var isAccepting: Bool {
        !isStopped && !isDisposed
    }

    /// Whether anyone is subscribed.
    var hasObservers: Bool {
        lock.withLock { isAccepting && subscribed > 0 }
    }

    /// Whether ``dispose(clearing:)`` was called.
    var isDisposedNow: Bool {
        lock.withLock { isDisposed }
    }

    // MARK: Events

    /// Sends `element` to the subscribers if the subject accepts it and `accept` (run
    /// under `lock`, where the subject records its value) agrees; now, when nobody else
    /// is delivering, or through the call that is.
    @inline(__always)
    func emit(_ element: Element, accept: () -> Void) {
        let step: SerializationStep = lock.withLock {
            guard isAccepting else {
                return .nothing
            }
            accept()
            if subscribed == 0 {
                return .nothing
            }
            return actions.claim(orLeave: nextWork(element))
        }
        actions.run(step, under: lock, acting: { send(element) }, performing: { perform($0) })
    }

    // Out of line: only a call that meets another one builds a `Work`.
    @inline(never)
    private func nextWork(_ element: Element) -> Work {
        .next(element)
    }

    /// Stops the subject with the terminal `event`, if it still accepts events, and
    /// delivers it to every subscriber, preceded by `lastElement()`'s element if any
    /// (run under `lock`; ``AsyncSubject``'s last element). The subscribers are then
    /// dropped. An ending never waits for a turn.
    func stop(_ event: Event<Element>, after lastElement: () -> Element? = { nil }) {
        let act: (Bool, Element?) = lock.withLock {
            guard isAccepting else {
                return (false, nil)
            }
            isStopped = true
            refusesEvents.store(true, ordering: .relaxed)
            stopEvent = event
            subscribed = 0
            let element = lastElement()
            if actions.claim(orLeaveWithoutWaiting: .stop(event, after: element)) {
                return (true, element)
            }
            return (false, nil)
        }
        guard act.0 else {
            return
        }
        deliver(stop: event, after: act.1)
        finishDelivery()
    }

    /// With the right to deliver: sends the ending to every subscriber, then drops them.
    private func deliver(stop event: Event<Element>, after element: Element?) {
        if let element {
            send(element)
        }
        for index in 0..<slots.count {
            slots[index]._withUnsafeGuaranteedRef { Self.observer($0).deliver(event) }
        }
        let dropped: [AnyObject] = lock.withLock {
            takeSlots()
        }
        // Released here, after the lock: it may hold the last references to observers.
        withExtendedLifetime(dropped) {}
    }

    /// With the right to deliver: hands `element` to every subscriber, in order.
    @inline(__always)
    private func send(_ element: Element) {
        var index = 0
        let count = slots.count
        while index < count {
            // The slots keep the observer alive: no retain and release per call.
            slots[index]._withUnsafeGuaranteedRef { object in
                Self.observer(object).deliver(next: element)
            }
            index += 1
        }
    }

    /// An item of `slots`, which holds only `SubjectObserver<Element>`s.
    @inline(__always)
    private static func observer(_ object: AnyObject) -> SubjectObserver<Element> {
        unsafeDowncast(object, to: SubjectObserver<Element>.self)
    }

    // MARK: The right to deliver

    /// Holding the right to deliver, after the lock: gives it back, first doing the
    /// work left meanwhile.
    @inline(__always)
    private func finishDelivery() {
        actions.finishTurn(under: lock, performing: { perform($0) })
    }

    /// Holding the right to deliver, without the lock: does work taken from the queue.
    private func perform(_ work: Work) {
        switch work {
        case .next(let element):
            if !disposedFlag.load(ordering: .acquiring) {
                send(element)
            }
        case .stop(let event, let element):
            if !disposedFlag.load(ordering: .acquiring) {
                deliver(stop: event, after: element)
            }
        case .flush(let observer):
            observer.flushGate()
        case .join(let observer):
            // The holder changes `slots` between two deliveries, under the lock, which
            // `dispose` reads them under.
            lock.withLock { append(observer) }
        case .leave(let observer):
            // The observer is released with `work`, after the lock.
            lock.withLock { removeSlot(of: observer) }
        case .dropAll:
            let dropped: [AnyObject] = lock.withLock { takeSlots() }
            // Released here, after the lock: it may hold the last references to observers.
            withExtendedLifetime(dropped) {}
        }
    }

    // MARK: Subscribers

    /// Call with `lock` held and nobody else holding the right to deliver.
    private func append(_ observer: SubjectObserver<Element>) {
        observer.slot = slots.count
        slots.append(observer)
    }

    /// Call with `lock` held and nobody else holding the right to deliver. Leaves the
    /// slot empty; compacts the array once half of it is empty, keeping the order.
    private func removeSlot(of observer: SubjectObserver<Element>) {
        let slot = observer.slot
        guard slot >= 0, slot < slots.count, slots[slot].takeUnretainedValue() === observer else {
            return
        }
        // Released by the caller's own reference to `observer`, not under the lock.
        _ = slots.replace(at: slot, with: vacancy)
        observer.slot = -1
        vacantSlots += 1
        if vacantSlots >= 8, vacantSlots * 2 >= slots.count {
            // Only vacancies are removed, and `self` holds `vacancy`: nothing is
            // released here.
            let vacancy = self.vacancy
            _ = slots.compact { object, newIndex in
                if object === vacancy {
                    return false
                }
                Self.observer(object).slot = newIndex
                return true
            }
            vacantSlots = 0
        }
    }

    /// Call with `lock` held, as the holder or while nobody holds the right: empties
    /// `slots`, returning what it held for the caller to release after the lock.
    private func takeSlots() -> [AnyObject] {
        let taken = slots.take()
        vacantSlots = 0
        for object in taken {
            Self.observer(object).slot = -1
        }
        return taken
    }


    /// What `subscribe` decided under the lock.
    private enum SubscribeStep {
        case refuse
        case finish(ContiguousArray<Element>, Event<Element>)
        case join(replay: ContiguousArray<Element>)
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
        let step: SubscribeStep = lock.withLock {
            if isDisposed {
                return .refuse
            }
            let elements = replay()
            if let stopEvent {
                return .finish(elements, stopEvent)
            }
            subscribed += 1
            if !elements.isEmpty {
                observer.closeGate()
            }
            actions.applyOrLeave(.join(observer)) {
                append(observer)
            }
            return .join(replay: elements)
        }
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
        case .join(let elements):
            if !elements.isEmpty {
                deliverReplay(elements, to: observer)
            }
        }
        return SubjectSubscription(core: self, observer: observer)
    }

    /// On the subscribing thread: delivers the replay to the gated `observer`, then the
    /// events buffered meanwhile, or leaves those to the holder of the right to deliver.
    private func deliverReplay(_ elements: ContiguousArray<Element>, to observer: SubjectObserver<Element>) {
        for element in elements {
            if observer.isDisposed {
                break
            }
            observer.on(next: element)
        }
        if observer.replayDelivered() {
            return
        }
        // Events arrived during the replay. Whoever holds the right to deliver is the
        // one adding to the buffer; it delivers the buffer next, in order. With nobody
        // holding it, this thread takes it and delivers the buffer itself.
        let flushHere: Bool = lock.withLock {
            actions.claim(orLeaveWithoutWaiting: .flush(observer))
        }
        if flushHere {
            observer.flushGate()
            finishDelivery()
        }
    }

    /// Removes `observer`, whose subscription was disposed.
    func remove(_ observer: SubjectObserver<Element>) {
        lock.withLock {
            if isAccepting {
                subscribed -= 1
            }
            actions.applyOrLeave(.leave(observer)) {
                removeSlot(of: observer)
            }
        }
    }

    /// Disposes the subject: every subscriber is dropped, queued work is discarded and
    /// later events are ignored. `clearing` runs under the lock, to drop the subject's
    /// own state (a buffer); what it returns is released after the lock.
    func dispose<Dropped>(clearing: () -> Dropped) {
        let dropped: ([AnyObject], Dropped) = lock.withLock {
            isDisposed = true
            disposedFlag.store(true, ordering: .releasing)
            refusesEvents.store(true, ordering: .relaxed)
            stopEvent = nil
            subscribed = 0
            // Reading `slots` under the lock is safe even while a holder delivers: only
            // the holder or a caller holding the lock changes it, and never both.
            for index in 0..<slots.count {
                _ = Self.observer(slots[index].takeUnretainedValue()).markDisposed()
            }
            var released: [AnyObject] = []
            actions.applyOrLeave(.dropAll) {
                released = takeSlots()
            }
            return (released, clearing())
        }
        withExtendedLifetime(dropped) {}
    }
}

extension SubjectCore where Policy == ClaimsAlsoWithoutLock {
    /// Sends `element` to the subscribers; for a subject that records nothing when it
    /// accepts an element. When nobody holds the right to deliver, takes it without the
    /// lock; otherwise goes the locked way of ``emit(_:accept:)``.
    @inline(__always)
    func emitClaimingWithoutLock(_ element: Element) {
        if actions.claimWithoutLock() {
            // No subscriber is a no-op below: with the right held, every subscriber
            // change has been applied to `slots`.
            if !refusesEvents.load(ordering: .relaxed) {
                send(element)
            }
            finishDelivery()
        } else {
            emit(element, accept: {})
        }
    }
}
