import Ripple
import Synchronization

/// One subscriber's delivery line: a FIFO buffer that any thread fills and that is
/// drained on the subscriber's scheduler, one item at a time. ``EventBus``'s
/// subscriptions and RippleBusNATS's are both built on it (`package`: not part of the
/// public API).
///
/// - `enqueue` appends under `lock`, or, when `limit` items are already waiting, drops
///   the new one and counts it; if no drain is running or scheduled, it schedules one.
///   It never waits for the subscriber.
/// - `drain` (on the scheduler) swaps the whole buffer into `batch` under `lock`, reports
///   the drops counted so far, then calls `deliver` for each item outside the lock,
///   checking `disposed` before each call; it loops until the buffer is empty and only
///   then clears `draining`. So at most one drain exists at a time, whatever the
///   scheduler: `deliver` never runs concurrently with itself, and items leave in the
///   order they entered.
/// - `dispose` sets `disposed` first (no call starts after that), then drops the buffer
///   and the closures.
// `@unchecked Sendable`: `buffer`, `dropped`, `lastDropped`, `draining`, `deliver` and
// `reportDrops` are read and written only under `lock`; `batch` is used only by the
// single running drain (the `draining` flag, set and cleared under `lock`, admits one),
// which is also the only caller of the closures. `scheduler` is only asked to
// `schedule`, from enqueuing threads, as `observe(on:)` does with its scheduler.
package final class DeliveryLine<Item>: @unchecked Sendable {
    private let scheduler: any ImmediateSchedulerType
    private let limit: Int
    private let disposed = Atomic<Bool>(false)
    private let lock = Lock()
    private var buffer: [Item] = []
    // Touched only by the one running drain (and swapped with `buffer` under `lock`).
    private var batch: [Item] = []
    private var draining = false
    private var dropped = 0
    private var lastDropped: Item?
    private var deliver: ((Item) -> Void)?
    private var reportDrops: ((Int, Item) -> Void)?

    /// A line that delivers on `scheduler`.
    ///
    /// - Parameters:
    ///   - scheduler: Where `deliver` runs (one item at a time, whatever the scheduler).
    ///   - limit: The most items waiting; one that arrives when the line is full is
    ///     dropped (drop the newest). `Int.max`: unbounded.
    ///   - reportDrops: Told, before the next delivery, how many items were dropped
    ///     since the last report and the last of them.
    ///   - deliver: Called with each item, in order.
    package init(
        scheduler: any ImmediateSchedulerType,
        limit: Int = .max,
        reportDrops: ((Int, Item) -> Void)? = nil,
        deliver: @escaping (Item) -> Void
    ) {
        self.scheduler = scheduler
        self.limit = limit
        self.reportDrops = reportDrops
        self.deliver = deliver
    }

    /// Whether ``dispose()`` was called.
    package var isDisposed: Bool {
        disposed.load(ordering: .sequentiallyConsistent)
    }

    /// Appends `item` (or counts it dropped when the line is full) and makes sure a drain
    /// will run; never blocks on the subscriber.
    package func enqueue(_ item: Item) {
        if isDisposed {
            return
        }
        let startsDrain: Bool = lock.withLock {
            if buffer.count >= limit {
                dropped += 1
                lastDropped = item
            } else {
                buffer.append(item)
            }
            if draining {
                return false
            }
            draining = true
            return true
        }
        if startsDrain {
            _ = scheduler.schedule(self) { line in
                line.drain()
                return Disposables.create()
            }
        }
    }

    /// The most buffered items whose array an idle line keeps allocated.
    private static var keptCapacity: Int { 64 }

    private func drain() {
        while let (deliver, drops) = takeBatch() {
            if let (count, last) = drops {
                reportDrops?(count, last)
            }
            for item in batch {
                if isDisposed {
                    break
                }
                deliver(item)
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Moves the buffered items into `batch` and returns the handler to give them to,
    /// with the drops to report first; or, when there is nothing left to deliver or
    /// report (or the line is disposed), ends the drain and returns `nil`.
    ///
    /// `batch` is the drain's own array: the one running drain swaps it with `buffer`
    /// under the lock, so both keep their capacity and a steady stream of items
    /// allocates nothing.
    private func takeBatch() -> ((Item) -> Void, (Int, Item)?)? {
        lock.withLock {
            if !buffer.isEmpty || dropped > 0, !isDisposed, let deliver {
                swap(&buffer, &batch)
                let drops = lastDropped.map { (dropped, $0) }
                dropped = 0
                lastDropped = nil
                return (deliver, drops)
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

    /// Stops the line: no delivery starts after this returns. The first call runs
    /// `beforeRelease` (the owner unregisters), then releases the buffer and the closures
    /// (outside the lock: dropping a closure may run deinits of what it captured, which
    /// may call back into the owner); later calls do nothing.
    package func dispose(beforeRelease: () -> Void = {}) {
        if disposed.exchange(true, ordering: .sequentiallyConsistent) {
            return
        }
        beforeRelease()
        let released: ([Item], ((Item) -> Void)?, ((Int, Item) -> Void)?, Item?) = lock.withLock {
            defer {
                buffer = []
                deliver = nil
                reportDrops = nil
                lastDropped = nil
            }
            return (buffer, deliver, reportDrops, lastDropped)
        }
        _ = released
    }
}
