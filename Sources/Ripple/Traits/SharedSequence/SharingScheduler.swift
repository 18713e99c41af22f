/// Makes the scheduler that ``Driver`` and ``Signal`` deliver on: a
/// ``MainScheduler``, unless a test has swapped it with
/// ``mock(scheduler:action:)`` or ``mock(makeScheduler:action:)``.
///
/// A shared sequence asks for its scheduler when it is built (`asDriver`,
/// `Driver.just`, `debounce` …), not when it is subscribed: build the Drivers and
/// Signals under test inside the mock's `action`.
///
/// ```swift
/// let scheduler = SharingScheduler.make()
/// ```
public enum SharingScheduler {
    /// The scheduler for a shared sequence being built now: the one the innermost
    /// running mock makes, or else a new ``MainScheduler``.
    ///
    /// - Returns: The scheduler a shared sequence built now delivers on.
    public static func make() -> SchedulerType {
        sharingSchedulerFactories.make()
    }

    /// Runs `action` with every ``Driver`` and ``Signal`` built during it
    /// delivering on `scheduler` instead of the main queue: how tests run Driver and
    /// Signal code in virtual time.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(initialClock: 0)
    /// SharingScheduler.mock(scheduler: scheduler) {
    ///     let results = scheduler.start { viewModel.title }   // a Driver<String>
    ///     XCTAssertEqual(results.events, [.next(201, "Ripple")])
    /// }
    /// ```
    ///
    /// Mocks nest: an inner mock wins until its `action` returns, then the outer one
    /// is back. The mock is process-wide, not per thread: while `action` runs, Drivers
    /// built on any thread use `scheduler`. Mocks that overlap on different threads
    /// do not corrupt each other (each removes exactly its own when its `action`
    /// returns, in whatever order they end), but while they overlap the one started
    /// last is what ``make()`` returns everywhere, so tests that mock should run one
    /// at a time.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler shared sequences deliver on while `action` runs.
    ///   - action: The code to run with the mock in place.
    /// - Throws: What `action` throws; the mock is removed either way.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with ``make()`` returning what `makeScheduler` makes, so every
    /// ``Driver`` and ``Signal`` built during it delivers on such a scheduler.
    ///
    /// ```swift
    /// SharingScheduler.mock(makeScheduler: { TestScheduler(initialClock: 0) }) {
    ///     let driver = Driver.just(1)   // delivers on a new TestScheduler
    /// }
    /// ```
    ///
    /// Nesting and threads as for ``mock(scheduler:action:)``.
    ///
    /// - Parameters:
    ///   - makeScheduler: Called by each ``make()`` while `action` runs.
    ///   - action: The code to run with the mock in place.
    /// - Throws: What `action` throws; the mock is removed either way.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let token = sharingSchedulerFactories.push(makeScheduler)
        defer { sharingSchedulerFactories.remove(token) }
        try action()
    }
}

private let sharingSchedulerFactories = SchedulerFactories()

/// The factories of the running mocks, innermost (latest started) last.
///
/// Each mock removes its own entry by token, not "the last one", so mocks that
/// overlap on different threads and end out of order still leave the right ones.
private final class SchedulerFactories: @unchecked Sendable {
    // `@unchecked Sendable`: `factories` and `nextToken` are read and written only
    // under `lock`. The factories are the callers' closures, run (outside the lock)
    // on whichever thread builds a shared sequence while their mock is in place,
    // exactly as RxSwift runs them.
    private let lock = Lock()
    private var factories: [(token: Int, make: () -> SchedulerType)] = []
    private var nextToken = 0

    func make() -> SchedulerType {
        let innermost = lock.withLock { factories.last?.make }
        return innermost?() ?? MainScheduler()
    }

    func push(_ make: @escaping () -> SchedulerType) -> Int {
        lock.withLock {
            nextToken += 1
            factories.append((nextToken, make))
            return nextToken
        }
    }

    func remove(_ token: Int) {
        lock.withLock { factories.removeAll { $0.token == token } }
    }
}
