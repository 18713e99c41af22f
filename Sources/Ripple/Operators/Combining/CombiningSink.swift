/// What a combining sink's current deliverer is asked to do after its own delivery:
/// a result computed from values taken under the lock, or the end of the sequence.
enum CombiningAction<Result> {
    case next(() throws -> Result)
    case error(Swift.Error)
    case completed
}

/// What a per-element step decided under the lock; acted on after releasing it.
enum CombiningStep {
    /// Nothing to send.
    case none
    /// The caller took the right to deliver and must compute and send a result.
    case deliver
    /// The caller stopped the sequence and must send `.completed`.
    case complete
}

/// The base of the sinks of `combineLatest`, `zip` and `withLatestFrom`: several
/// upstreams, possibly on several threads, feeding one observer.
///
/// Every decision (store an element, see that a result is due, see that the sequence
/// ends) is made under ``lock``. Computing the result (the user's `resultSelector`) and
/// calling the observer happen after releasing it, yet one delivery at a time and in
/// the order decided: the call that finds a result due either *takes the right to
/// deliver* (nobody holds it) or, when another call is delivering, leaves a
/// ``CombiningAction`` for that call to run once it is done (the scheme of
/// ``SerializedActions``, kept in plain fields here so the fast path makes no generic
/// calls).
///
/// The right-to-deliver path copies or moves the values for the selector into storage
/// the subclass keeps for that purpose, so it allocates nothing; only a call that
/// finds another one delivering builds a closure with its values.
///
/// A terminal event sets ``stopped`` under the lock, after which every upstream event
/// is ignored; the terminal itself is sent by whoever holds the right to deliver, after
/// the results decided before it.
class CombiningSink<Result, Observer: ElementObserver>: Sink<Observer> where Observer.Element == Result {
    // (`Result` is a parameter of its own, equal to `Observer.Element`, so that generic
    // code finds its type in the sink's metadata rather than asking the runtime for
    // the associated type on every element.)

    /// Guards the subclass's state, ``stopped`` and the right to deliver.
    final let lock = Lock()
    /// Set under ``lock`` once the sequence has decided to end; nothing more is decided.
    final var stopped = false
    // Guarded by `lock`. The fast path touches only `delivering` and `leftCount`: the
    // queue of left actions is used only when two calls meet, in out-of-line code,
    // because any generic call on it costs runtime type lookups.
    private var delivering = false
    private var leftCount = 0
    private var left: [CombiningAction<Result>] = []
    private var leftHead = 0

    /// Under ``lock``: takes the right to deliver and returns `true`, or, when another
    /// call is delivering, leaves it the result `later` makes (from values the caller
    /// takes now) and returns `false`.
    @inline(__always)
    final func claimOrLeave(_ later: () -> () throws -> Result) -> Bool {
        if !delivering {
            delivering = true
            return true
        }
        leave(later())
        return false
    }

    /// With the right to deliver, outside ``lock``: computes a result and sends it,
    /// then runs what other calls left meanwhile and gives the right back. A throwing
    /// `compute` ends the sequence with its error.
    @inline(__always)
    final func deliver(_ compute: () throws -> Result) {
        let result: Result
        do {
            result = try compute()
        } catch {
            failDelivering(error)
            return
        }
        forwardOn(next: result)
        let idle: Bool = lock.withLock {
            if leftCount > 0 {
                return false
            }
            delivering = false
            return true
        }
        if !idle {
            runLeftActions()
        }
    }

    /// Ends the sequence with `error` (from a source): to be called after setting
    /// ``stopped`` under the lock. Sends it now, or leaves it for the call that is
    /// delivering.
    @inline(never)
    final func sendError(_ error: Swift.Error) {
        if claimOrLeave(.error(error)) {
            forwardErrorAndDispose(error)
        }
    }

    /// Ends the sequence with `.completed`: to be called after setting ``stopped``
    /// under the lock. Sends it now, or leaves it for the call that is delivering.
    @inline(never)
    final func sendCompleted() {
        if claimOrLeave(.completed) {
            forwardCompletedAndDispose()
        }
    }

    /// A source failed: ends the sequence with its error unless it has already ended.
    @inline(never)
    final func sourceFailed(_ error: Swift.Error) {
        let send = lock.withLock {
            if stopped {
                return false
            }
            stopped = true
            return true
        }
        if send {
            sendError(error)
        }
    }

    /// Takes the right to deliver, or leaves `terminal` for the call holding it.
    @inline(never)
    private func claimOrLeave(_ terminal: CombiningAction<Result>) -> Bool {
        lock.withLock {
            if !delivering {
                delivering = true
                return true
            }
            enqueue(terminal)
            return false
        }
    }

    @inline(never)
    private func leave(_ result: @escaping () throws -> Result) {
        enqueue(.next(result))
    }

    private func enqueue(_ action: CombiningAction<Result>) {
        left.append(action)
        leftCount += 1
    }

    /// The next left action, or `nil` (giving the right to deliver back) when none is.
    private func nextLeftAction() -> CombiningAction<Result>? {
        lock.withLock {
            guard leftCount > 0 else {
                delivering = false
                return nil
            }
            let action = left[leftHead]
            leftHead += 1
            leftCount -= 1
            if leftCount == 0 {
                left.removeAll(keepingCapacity: true)
                leftHead = 0
            }
            return action
        }
    }

    /// The selector threw while this call held the right to deliver: it keeps that
    /// right for good, so everything left behind it is dropped.
    @inline(never)
    private func failDelivering(_ error: Swift.Error) {
        lock.withLock { stopped = true }
        forwardErrorAndDispose(error)
    }

    @inline(never)
    private func runLeftActions() {
        while let action = nextLeftAction() {
            switch action {
            case .next(let compute):
                let result: Result
                do {
                    result = try compute()
                } catch {
                    failDelivering(error)
                    return
                }
                forwardOn(next: result)
            case .error(let error):
                forwardErrorAndDispose(error)
                return
            case .completed:
                forwardCompletedAndDispose()
                return
            }
        }
    }
}
