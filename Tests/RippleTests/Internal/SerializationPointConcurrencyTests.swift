import Dispatch
import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    /// ``SerializationPoint`` and ``SerializingSink``: the right to act is taken under the
    /// lock and given back without it when nothing waits. The tests check the queue's
    /// order on one thread, then race a holder giving the right back against calls
    /// claiming it, with an observer that keeps no lock of its own: the order of the
    /// actions and the Thread Sanitizer (this suite runs under it in CI) show whether
    /// the hand-over of the right orders one holder's actions before the next one's.
    @Suite struct SerializationPointConcurrencyTests {
        /// Runs `body(index)` for each index on as many threads as dispatch gives,
        /// starting them together: each waits (a bounded spin, in case dispatch runs the
        /// indices one after another on one thread) until all have arrived.
        static func race(threads: Int, _ body: @Sendable (Int) -> Void) {
            let arrived = AtomicValue<Int>(0)
            DispatchQueue.concurrentPerform(iterations: threads) { index in
                arrived.wrappingAdd(1, ordering: .relaxed)
                var spins = 0
                while arrived.load(ordering: .relaxed) < threads && spins < 10_000 {
                    spins += 1
                }
                body(index)
            }
        }

        @Test func aFreeRightIsClaimedAndGivenBackWithoutTheQueue() {
            let gate = ActionGate<ClaimsUnderLock>()
            #expect(gate.claim(orLeave: 1))
            #expect(gate.finishTurn() == [])
            #expect(gate.claim(orLeave: 2))
            #expect(gate.finishTurn() == [])
        }

        @Test func actionsLeftWhileTheRightIsHeldComeOutInOrderThenTheRightIsFree() {
            let gate = ActionGate<ClaimsUnderLock>()
            #expect(gate.claim(orLeave: 0))
            for action in 1...3 {
                #expect(!gate.claim(orLeave: action))
            }
            // The turn ends by performing what was left, in order, then the right is free.
            #expect(gate.finishTurn() == [1, 2, 3])
            #expect(gate.claim(orLeave: 4))
            #expect(gate.finishTurn() == [])
        }

        @Test func actionsLeftWhileTheHolderPerformsAQueuedOneRunInTheSameTurn() {
            let gate = ActionGate<ClaimsUnderLock>()
            #expect(gate.claim(orLeave: 0))
            #expect(!gate.claim(orLeave: 7))
            // Performing 7 leaves 8 (re-entrant, on the holder's thread): same turn.
            #expect(gate.finishTurn(leavingWhilePerforming: [7: 8]) == [7, 8])
            // Drained: the right is free again, and the next turn starts afresh.
            #expect(gate.claim(orLeave: 9))
            #expect(gate.finishTurn() == [])
        }

        @Test func aChangeAppliedInPlaceKeepsTheRightFreeAndOneLeftIsPerformedByTheHolder() {
            let gate = ActionGate<ClaimsUnderLock>()
            #expect(gate.applyOrLeave(5))
            #expect(gate.claim(orLeave: 0))
            #expect(!gate.applyOrLeave(6))
            #expect(gate.finishTurn() == [6])
            #expect(gate.claim(orLeave: 1))
            #expect(gate.finishTurn() == [])
        }

        @Test func aLockFreeClaimShutsOutLockedClaimsUntilItsTurnEnds() {
            let gate = ActionGate<ClaimsAlsoWithoutLock>()
            #expect(gate.claimWithoutLock())
            #expect(!gate.claimWithoutLock())
            // A claim under the lock meanwhile is left for the lock-free holder.
            #expect(!gate.claim(orLeave: 1))
            #expect(gate.finishTurn() == [1])
            // The right is free again, for either kind of claim.
            #expect(gate.claim(orLeave: 2))
            #expect(!gate.claimWithoutLock())
            #expect(gate.finishTurn() == [])
            #expect(gate.claimWithoutLock())
            #expect(gate.finishTurn() == [])
        }

        /// Guarantees.md, "When a call waits": a call from another thread waits for its
        /// turn only once its own thread has left K actions in the turn; each other
        /// thread has a share of its own; the holder's own thread (re-entrant calls) and
        /// endings never wait, however many are queued.
        @Test func onlyTheCallBeyondItsThreadsShareWaitsAndTheHoldersThreadNever() {
            let gate = ActionGate<ClaimsUnderLock>()
            let budget = SerializationBound.foreignActionsPerThread
            #expect(gate.claim(orLeave: 0))
            // Re-entrant actions, on the holder's thread: never a wait, nor counted.
            #expect((0..<(budget + 5)).allSatisfy { !gate.leaveReportingWait($0) })
            #expect(!gate.claim(orLeave: -1))
            // The first thread stays alive until the second has enqueued: a thread's
            // identity may be reused once it has exited.
            let firstMayExit = DispatchSemaphore(value: 0)
            let firstExited = DispatchSemaphore(value: 0)
            let waits = Guarded<[Bool]>([])
            let firstEnqueued = DispatchSemaphore(value: 0)
            Thread {
                let result = (0...budget).map { gate.leaveReportingWait(1_000_000 + $0) }
                waits.withLock { $0 = result }
                firstEnqueued.signal()
                firstMayExit.wait()
                firstExited.signal()
            }.start()
            firstEnqueued.wait()
            #expect(waits.withLock { $0 } == Array(repeating: false, count: budget) + [true])
            // Another thread's share is its own: the first thread's wait does not spend
            // it. (Its run is the waiting call's, after the first thread's last action.)
            let otherWaits = Self.onAnotherThread {
                (0...budget).map { gate.leaveReportingWait(2_000_000 + $0) }
            }
            firstMayExit.signal()
            firstExited.wait()
            #expect(otherWaits == Array(repeating: false, count: budget) + [true])
            // Still the holder's thread: it never waits, even with the budget spent.
            #expect(!gate.leaveReportingWait(99))
        }

        /// Runs `body` on a thread of its own and returns its result.
        static func onAnotherThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
            let result = Guarded<Result?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                let value = body()
                result.withLock { $0 = value }
                done.signal()
            }.start()
            done.wait()
            return result.withLock { $0 }.unsafelyUnwrapped
        }

        @Test func anActionLeftByTheObserverDuringItsOwnCallRunsAfterIt() {
            let probe = TicketProbe()
            let sink = TicketSink.make(probe)
            probe.onElement = { ticket in
                if ticket == 0 {
                    sink.send()
                    // Left, not performed: the call for ticket 0 still holds the right.
                    #expect(probe.elements == [0])
                }
            }
            sink.send()
            sink.finish()
            #expect(probe.elements == [0, 1])
            #expect(probe.completions == 1)
            probe.onElement = nil
            sink.dispose()
        }

        @Test func aHolderGivingTheRightBackRacesClaimersWithoutLosingOrReorderingActions() {
            for _ in 0..<300 {
                let probe = TicketProbe()
                let sink = TicketSink.make(probe)
                let perThread = 100
                Self.race(threads: 2) { _ in
                    for _ in 0..<perThread {
                        sink.send()
                    }
                }
                sink.finish()
                // Tickets are numbered under the lock, in the order they were decided.
                #expect(probe.elements == Array(0..<(2 * perThread)))
                #expect(probe.completions == 1)
                #expect(probe.eventsAfterCompletion == 0)
                #expect(probe.mostConcurrentCalls == 1)
                sink.dispose()
            }
        }

        @Test func aCompletionRacingSendsComesLastAndOnceAfterEverythingDecidedBeforeIt() {
            for round in 0..<300 {
                let probe = TicketProbe()
                let sink = TicketSink.make(probe)
                let stopAfter = round % 40
                Self.race(threads: 3) { index in
                    for sent in 0..<40 {
                        if index == 0 && sent == stopAfter {
                            sink.finish()
                        }
                        sink.send()
                    }
                    if index == 1 {
                        sink.finish()
                    }
                }
                // Whatever was numbered before the completion was decided arrives, in
                // order; the completion comes once, and nothing after it.
                let decided = sink.ticketsDecided
                #expect(probe.elements == Array(0..<decided))
                #expect(probe.completions == 1)
                #expect(probe.eventsAfterCompletion == 0)
                #expect(probe.mostConcurrentCalls == 1)
                sink.dispose()
            }
        }
    }
}

/// A lock and the ``SerializationPoint`` it guards, used as a sink uses them.
private final class ActionGate<Policy: ClaimPolicy>: @unchecked Sendable {
    // `@unchecked Sendable`: `actions` is used under `lock`, except `finishTurn`, which
    // is made to be used without it.
    private let lock = Lock()
    fileprivate let actions = SerializationPoint<Int, Policy>()

    /// Claims the right, or leaves `action` for its holder without ever waiting (these
    /// tests count the gate's steps themselves); `true` when claimed.
    func claim(orLeave action: Int) -> Bool {
        lock.withLock { actions.claim(orLeaveWithoutWaiting: action) }
    }

    /// Leaves `action` for the holder as a sink's call does; `true` when the call would
    /// have to wait for its turn (the waiter is dropped: these tests only count).
    func leaveReportingWait(_ action: Int) -> Bool {
        let step: SerializationStep = lock.withLock { actions.claim(orLeave: action) }
        if case .wait = step {
            return true
        }
        return false
    }

    /// Applies a change in place when nobody holds the right (`true`), or leaves it.
    func applyOrLeave(_ action: Int) -> Bool {
        var applied = false
        lock.withLock { actions.applyOrLeave(action) { applied = true } }
        return applied
    }

    /// Finishes the holder's turn after the lock, as a sink does; returns the actions
    /// it performed. Performing a key of `leaving` leaves its value, as an observer
    /// feeding its own upstream would.
    func finishTurn(leavingWhilePerforming leaving: [Int: Int] = [:]) -> [Int] {
        var performed: [Int] = []
        actions.finishTurn(under: lock) { action in
            performed.append(action)
            if let next = leaving[action] {
                #expect(!claim(orLeave: next))
            }
        }
        return performed
    }
}

extension ActionGate where Policy == ClaimsAlsoWithoutLock {
    /// Claims a free right without the lock, as `PublishSubject` and the combining sinks do.
    func claimWithoutLock() -> Bool {
        actions.claimWithoutLock()
    }
}

/// A ``SerializingSink`` whose actions are numbered tickets: each ``send()`` numbers a
/// ticket under the lock and forwards it, now or through the call that holds the right
/// to act; ``finish()`` decides the completion.
private final class TicketSink: SerializingSink<TicketProbe, TicketAction, ClaimsUnderLock>, @unchecked Sendable {
    // `@unchecked Sendable`: `nextTicket` is guarded by `lock`, and the rest is the
    // serializing sink's own business, which is what the tests check.
    private var nextTicket = 0

    static func make(_ probe: TicketProbe) -> TicketSink {
        let disposer = SinkDisposer()
        let sink = TicketSink(observer: probe, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sink, subscription: Disposables.create())
        return sink
    }

    /// The number of tickets numbered so far.
    var ticketsDecided: Int {
        lock.withLock { nextTicket }
    }

    func send() {
        var ticket = 0
        let step: SerializationStep = lock.withLock {
            if isStopped {
                return .nothing
            }
            ticket = nextTicket
            nextTicket += 1
            return actions.claim(orLeave: .send(ticket))
        }
        proceed(step) { forwardOn(next: ticket) }
    }

    func finish() {
        stopAndAct { .complete }
    }

    override func perform(_ action: TicketAction) {
        switch action {
        case .send(let ticket):
            forwardOn(next: ticket)
        case .complete:
            forwardCompletedAndDispose()
        }
    }
}

private enum TicketAction {
    case send(Int)
    case complete
}

/// Records what a ``TicketSink`` forwards, with no lock of its own: the sink must call
/// it one call at a time, each call ordered after the one before (which the Thread
/// Sanitizer checks); a relaxed counter, which orders nothing, counts overlapping calls.
private final class TicketProbe: ElementObserver, @unchecked Sendable {
    // `@unchecked Sendable`: the sink under test serializes every call; checking that is
    // the point. The fields are read by the test after the sending threads have joined.
    typealias Element = Int

    var onElement: ((Int) -> Void)?
    private(set) var elements: [Int] = []
    private(set) var completions = 0
    private(set) var eventsAfterCompletion = 0
    private let inside = AtomicValue<Int>(0)
    private let most = AtomicValue<Int>(0)

    var mostConcurrentCalls: Int {
        most.load(ordering: .relaxed)
    }

    func on(next element: Int) {
        enter()
        if completions > 0 {
            eventsAfterCompletion += 1
        }
        elements.append(element)
        leave()
        onElement?(element)
    }

    func on(error: Swift.Error) {
        ended()
    }

    func onCompletion() {
        ended()
    }

    private func ended() {
        enter()
        if completions > 0 {
            eventsAfterCompletion += 1
        }
        completions += 1
        leave()
    }

    private func enter() {
        let now = inside.wrappingAdd(1, ordering: .relaxed).newValue
        most.max(now, ordering: .relaxed)
    }

    private func leave() {
        inside.wrappingSubtract(1, ordering: .relaxed)
    }
}
