#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Foundation
@testable import Ripple

/// How long any test waits for work on another queue before it gives up and fails.
/// Generous, so a loaded machine does not fail a test; the work itself takes
/// microseconds, so a passing test never waits that long.
let waitLimit: DispatchTimeInterval = .seconds(5)

/// Waits for `semaphore`, at most ``waitLimit``; `true` if it was signalled.
func waitFor(_ semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + waitLimit) == .success
}

/// Blocks the calling thread for `interval`, to give timers that must *not* fire the
/// chance to misbehave.
func pause(_ interval: DispatchTimeInterval) {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + interval)
}

/// A dispatch queue the tests can recognise from inside the work it runs.
///
/// `isCurrent` is `true` in work this queue runs, or a queue that targets it runs,
/// because it reads a queue-specific value (the same mechanism as
/// `MainScheduler`'s main-queue check).
final class MarkedQueue: Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<UInt8>()

    init(_ label: String, attributes: DispatchQueue.Attributes = []) {
        queue = DispatchQueue(label: label, attributes: attributes)
        queue.setSpecific(key: key, value: 1)
    }

    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }

    /// Waits until everything queued so far has run (a barrier, so it also works on a
    /// concurrent queue); `false` if that took longer than ``waitLimit``.
    func flush() -> Bool {
        flushQueue(queue)
    }
}

/// Waits until everything queued on `queue` so far has run; `false` on timeout.
func flushQueue(_ queue: DispatchQueue) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.async(flags: .barrier) { done.signal() }
    return waitFor(done)
}

/// Runs `body` on the main queue and waits for it; `false` if the main queue did not
/// run it within ``waitLimit``.
///
/// The main queue only runs when the main thread parks in `dispatchMain()` or a run
/// loop. Swift Testing's entry point is an `async` main, which parks it in
/// `dispatchMain()`, so under `swift test` the main queue does drain (on Linux, on a
/// pool thread once the main thread has exited); the bounded wait keeps a runner that
/// never drains it from hanging.
func onMainQueue(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
        body()
        done.signal()
    }
    return waitFor(done)
}

/// A one-shot latch that blocks a queue (or an observer) until the test opens it; the
/// wait is bounded, so a failing test cannot hang.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let entered = DispatchSemaphore(value: 0)

    /// Blocks until ``open()``; tells ``waitUntilEntered()`` that it got here.
    func pass() {
        entered.signal()
        _ = waitFor(semaphore)
    }

    /// Waits until some thread is blocked in ``pass()``.
    func waitUntilEntered() -> Bool {
        waitFor(entered)
    }

    /// Lets the blocked thread go.
    func open() {
        semaphore.signal()
    }

    /// Queues work on `queue` that blocks it until ``open()``, and waits until it does.
    func block(_ queue: DispatchQueue) -> Bool {
        queue.async { self.pass() }
        return waitUntilEntered()
    }
}

/// A thread-safe list of values, appended from any queue.
final class ValueLog<Value: Sendable>: Sendable {
    private let values = Guarded<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }

    var count: Int {
        values.withLock { $0.count }
    }
}

/// Whether two threads are the same.
func isSameThread(_ lhs: pthread_t, _ rhs: pthread_t) -> Bool {
    pthread_equal(lhs, rhs) != 0
}

/// A source whose observer the test drives, from any thread, one call at a time.
final class ManualSource<Element>: @unchecked Sendable {
    // `@unchecked Sendable`: `observer` is read and written only under `lock`; the
    // observer itself is Ripple's thread-safe sink.
    private let lock = Lock()
    private var observer: AnyObserver<Element>?
    let subscriptions = Counter()
    let disposals = Counter()

    lazy var observable: Observable<Element> = Observable.create { [unowned self] observer in
        self.subscriptions.increment()
        self.lock.withLock { self.observer = observer }
        return Disposables.create {
            self.disposals.increment()
        }
    }

    private var current: AnyObserver<Element>? {
        lock.withLock { observer }
    }

    func onNext(_ element: Element) {
        current?.onNext(element)
    }

    func onCompleted() {
        current?.onCompleted()
    }

    func onError(_ error: Swift.Error) {
        current?.onError(error)
    }

    /// Drops the observer, so the test releases everything it subscribed.
    func release() {
        lock.withLock { observer = nil }
    }
}

/// A sequence that hands every event straight to its observer, with none of Ripple's
/// grammar checks on the way: it stands for a misbehaving upstream.
final class RawSource<Element>: Observable<Element>, @unchecked Sendable {
    // `@unchecked Sendable`: `observers` is read and written only under `lock`.
    private let lock = Lock()
    private var observers: [AnyObserver<Element>] = []

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.withLock { observers.append(AnyObserver(observer)) }
        return Disposables.create()
    }

    func on(_ event: Event<Element>) {
        let current = lock.withLock { observers }
        for observer in current {
            observer.on(event)
        }
    }

    func release() {
        lock.withLock { observers = [] }
    }
}

/// Counts how many threads are inside a region at once, and remembers the most seen.
final class OverlapDetector: Sendable {
    private let inside = AtomicValue<Int>(0)
    private let most = AtomicValue<Int>(0)

    func enter() {
        let now = inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        most.max(now, ordering: .relaxed)
    }

    func leave() {
        inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    /// The largest number of threads that were inside at the same time.
    var maximum: Int {
        most.load(ordering: .relaxed)
    }
}

/// A flag set once by one thread and read by others, with release/acquire ordering: a
/// thread that sees it set also sees everything its setter did before setting it.
final class Flag: Sendable {
    private let value = AtomicValue<Bool>(false)

    func set() {
        value.store(true, ordering: .releasing)
    }

    var isSet: Bool {
        value.load(ordering: .acquiring)
    }
}
