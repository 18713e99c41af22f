import Ripple

/// One subscriber's delivery line, shared by ``EventBus``'s subscriptions and the typed
/// NATS bus's: a FIFO buffer filled by publishers (or a connection's reader thread) and
/// drained on the subscriber's scheduler into `deliver`, one element at a time.
///
/// - `enqueue` appends under `lock` or, on a bounded line when `limit` elements or
///   `byteLimit` bytes already wait, drops the element and counts it (``DeliveryAdmission``). It
///   schedules a drain if none is running or scheduled, and never waits for the handler.
/// - `drain` (on the scheduler) swaps the whole buffer into `batch` under `lock`, then
///   calls `deliver` for each element outside it, checking `disposed` before each; a
///   bounded line moves each element out of the batch as it hands it over, so the batch
///   keeps nothing delivered alive. It loops until the buffer is empty and only then
///   clears `draining`. So at most one drain exists at a time: the handler never overlaps
///   itself and elements leave in order.
/// - A bounded line counts an element until its share is given back (under `lock`): just
///   before it is handed to `deliver` or, on a line made with `releasedByHandler`, when
///   `deliver`'s receiver calls ``release(_:)`` (an actor's handler, just before it runs).
///   So what counts is exactly what the final handler has not been given, wherever it
///   waits. An unbounded line (``EventBus``) skips that, and pays one lock per batch.
/// - `dispose` sets `disposed` first (no delivery starts after that), then drops the
///   buffer and `deliver`.
// `@unchecked Sendable`: `buffer`, `draining`, `held`, `heldBytes`, `dropped`,
// `lastDropped` and `deliver` are read and written only under `lock`; `batch` only by the
// single running drain (admitted by `draining`, set and cleared under `lock`), which is
// also the only caller of `deliver`.
package final class DeliveryLine<Element>: @unchecked Sendable {
    private let scheduler: any ImmediateSchedulerType
    private let limit: Int
    private let byteLimit: Int
    // Whether the bounds apply, and the bytes an element counts for. Neither is optional:
    // an optional of a type built on `Element` costs a metadata lookup on every use.
    private let bounded: Bool
    private let size: (Element) -> Int
    // Whether shares are given back by `release(_:)` rather than by the drain.
    private let releasedByHandler: Bool
    private let disposed = AtomicValue<Bool>(false)
    private let lock = Lock()
    private var buffer: [Element] = []
    // Touched only by the one running drain (and swapped with `buffer` under `lock`).
    private var batch: [Element] = []
    private var draining = false
    private var held = 0
    private var heldBytes = 0
    private var dropped = 0
    private var lastDropped: Element?
    private var deliver: ((Element) -> Void)?

    /// A line that delivers nothing until ``open(_:)``.
    ///
    /// - Parameters:
    ///   - scheduler: Where drains run.
    ///   - limit: The most elements that wait; further ones are dropped. `Int.max` with
    ///     `size` `nil` makes an unbounded line.
    ///   - byteLimit: The most bytes (by `size`) that wait.
    ///   - size: The bytes an element counts for; `nil` for an unbounded line.
    ///   - releasedByHandler: On a bounded line, whether an element handed to `deliver`
    ///     stays counted until ``release(_:)`` is called for it: for a `deliver` that
    ///     passes elements on to a queue of its own (an actor's), which must call
    ///     ``release(_:)`` once for each element it is given.
    package init(
        scheduler: any ImmediateSchedulerType,
        limit: Int = .max,
        byteLimit: Int = .max,
        size: ((Element) -> Int)? = nil,
        releasedByHandler: Bool = false
    ) {
        self.scheduler = scheduler
        self.limit = limit
        self.byteLimit = byteLimit
        bounded = size != nil
        self.size = size ?? { _ in 0 }
        self.releasedByHandler = size != nil && releasedByHandler
    }

    /// Sets the handler; call it once, before the first ``enqueue(_:)``.
    package func open(_ deliver: @escaping (Element) -> Void) {
        lock.withLock {
            if !isDisposed {
                self.deliver = deliver
            }
        }
    }

    /// Whether ``dispose()`` was called.
    package var isDisposed: Bool {
        disposed.load(ordering: .sequentiallyConsistent)
    }

    /// Whether nothing waits and no drain runs; on a line made with `releasedByHandler`,
    /// also that every element handed over has been released.
    package var isIdle: Bool {
        lock.withLock { !draining && buffer.isEmpty && held == 0 }
    }

    /// The elements, and their bytes, that count against the bounds now (always zero on
    /// an unbounded line).
    package var pending: (count: Int, bytes: Int) {
        lock.withLock { (held, heldBytes) }
    }

    /// Gives back the share of the bounds of an element handed to `deliver`, on a line
    /// made with `releasedByHandler`; call it once per element, just before the final
    /// handler runs on it or when it is dropped. Does nothing once the line is disposed.
    /// The drain of a line without `releasedByHandler` calls it itself.
    package func release(_ element: Element) {
        let bytes = size(element)
        lock.withLock {
            // `dispose` sets the flag before it clears the counts under `lock`: a release
            // that sees the flag clear here runs before that clearing.
            if !isDisposed {
                held -= 1
                heldBytes -= bytes
            }
        }
    }

    /// The most buffered elements whose array an idle line keeps allocated.
    private static var keptCapacity: Int { 64 }

    /// Buffers `element` (or drops it at a bound) and makes sure a drain will run.
    // The result is a non-generic type: one nested in this generic class would cost a
    // metadata lookup on every call.
    @discardableResult
    package func enqueue(_ element: Element) -> DeliveryAdmission {
        if isDisposed {
            return .accepted
        }
        let bytes = bounded ? size(element) : 0
        let admission: DeliveryAdmission = lock.withLock {
            if bounded {
                if held >= limit || heldBytes + bytes > byteLimit {
                    return recordDrop(of: element)
                }
                held += 1
                heldBytes += bytes
            }
            buffer.append(element)
            if draining {
                return .accepted
            }
            draining = true
            return .startsDrain
        }
        if admission == .startsDrain {
            _ = scheduler.schedule(self) { line in
                line.drain()
                return Disposables.create()
            }
            return .accepted
        }
        return admission
    }

    /// Counts the drop of `element` (under `lock`). Kept out of `enqueue`, whose every call
    /// would otherwise look up the metadata of `Element?` that only this path needs.
    @inline(never)
    private func recordDrop(of element: Element) -> DeliveryAdmission {
        dropped += 1
        lastDropped = element
        return .dropped(reportsDrops: dropped == 1)
    }

    /// The drops counted since the last call and the last element dropped.
    package func takeDrops() -> (count: Int, last: Element?) {
        lock.withLock {
            defer {
                dropped = 0
                lastDropped = nil
            }
            return (dropped, lastDropped)
        }
    }

    private func drain() {
        while let deliver = takeBatch() {
            if bounded {
                drainBounded(deliver)
            } else {
                for element in batch {
                    if isDisposed {
                        break
                    }
                    deliver(element)
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Delivers `batch` on a bounded line, letting go of each element as it is handed
    /// over: reversed, then each moved off its end, so what was delivered is not kept
    /// alive until the batch ends and the payloads held stay within the bounds. Unbounded
    /// lines skip this: `removeLast` is a generic call, costly per element in this
    /// unspecialized class, and there is no bound to keep.
    private func drainBounded(_ deliver: (Element) -> Void) {
        // Reversed through the buffer pointer, whose `swapAt` is its own: `reverse()` on
        // the array goes through `MutableCollection`'s witnesses for every swap.
        batch.withUnsafeMutableBufferPointer { elements in
            var low = 0
            var high = elements.count - 1
            while low < high {
                elements.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
        while batch.count > 0 {
            let element = batch.removeLast()
            if isDisposed {
                break
            }
            if !releasedByHandler {
                release(element)
            }
            deliver(element)
        }
    }

    /// Moves the buffered elements into `batch` and returns the handler to give them to;
    /// or, when nothing is left to deliver (or the line is disposed), ends the drain and
    /// returns `nil`. Both arrays keep their capacity, so a steady stream allocates nothing.
    private func takeBatch() -> ((Element) -> Void)? {
        lock.withLock {
            if !buffer.isEmpty, !isDisposed, let deliver {
                swap(&buffer, &batch)
                return deliver
            }
            // Ends the drain; `batch` is reset before `draining` is cleared, since the
            // next drain may start as soon as it is. Small arrays keep their capacity
            // for the next burst, large ones are freed.
            if isDisposed || buffer.capacity > Self.keptCapacity {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            if isDisposed || batch.capacity > Self.keptCapacity {
                batch = []
            }
            draining = false
            return nil
        }
    }

    /// Stops delivery: none starts after this returns. Returns `false` if it had already
    /// been called.
    @discardableResult
    package func dispose() -> Bool {
        if disposed.exchange(true, ordering: .sequentiallyConsistent) {
            return false
        }
        // Released outside the lock: dropping the handler may run deinits of what it
        // captured, which may call back into the bus.
        let released: (buffer: [Element], deliver: ((Element) -> Void)?, last: Element?) = lock.withLock {
            defer {
                buffer = []
                deliver = nil
                lastDropped = nil
                held = 0
                heldBytes = 0
            }
            return (buffer, deliver, lastDropped)
        }
        _ = released
        return true
    }
}
