import Ripple

/// One subscriber's delivery line, shared by ``EventBus``'s subscriptions and the typed
/// NATS bus's: a FIFO buffer filled by publishers (or a connection's reader thread) and
/// drained on the subscriber's scheduler into `deliver`, one element at a time.
///
/// - `enqueue` appends under `lock` or, on a bounded line when `limit` elements or
///   `byteLimit` bytes already wait, drops the element and counts it (``DeliveryAdmission``). It
///   schedules a drain if none is running or scheduled, and never waits for the handler.
/// - `drain` (on the scheduler) swaps the whole buffer into `batch` under `lock`, then
///   calls `deliver` for each element outside it, checking `disposed` before each; it
///   loops until the buffer is empty and only then clears `draining`. So at most one drain
///   exists at a time: the handler never overlaps itself and elements leave in order.
/// - A bounded line gives back each element's share of the bounds just before handing it
///   over (under `lock`), so what counts is exactly what the handler has not been given;
///   an unbounded line (``EventBus``) skips that, and pays one lock per batch.
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
    package init(scheduler: any ImmediateSchedulerType, limit: Int = .max, byteLimit: Int = .max, size: ((Element) -> Int)? = nil) {
        self.scheduler = scheduler
        self.limit = limit
        self.byteLimit = byteLimit
        bounded = size != nil
        self.size = size ?? { _ in 0 }
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

    /// Whether nothing waits and no drain runs.
    package var isIdle: Bool {
        lock.withLock { !draining && buffer.isEmpty }
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
            for element in batch {
                if isDisposed {
                    break
                }
                if bounded {
                    let bytes = size(element)
                    lock.withLock {
                        held -= 1
                        heldBytes -= bytes
                    }
                }
                deliver(element)
            }
            batch.removeAll(keepingCapacity: true)
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
            held = 0
            heldBytes = 0
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
