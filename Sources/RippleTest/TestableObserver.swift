import Ripple

/// An observer that records every event it receives with the virtual time it arrived.
///
/// ```swift
/// let observer = scheduler.createObserver(Int.self)
/// source.subscribe(observer).disposed(by: bag)
/// scheduler.start()
/// #expect(observer.events == [.next(210, 1), .completed(300)])
/// ```
// `@unchecked Sendable`: `recorded` is read and written only under `lock`; the
// scheduler it reads the clock from is itself thread-safe.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    private let scheduler: TestScheduler
    private let lock = Lock()
    private var recorded: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Every event received so far, with the virtual time each arrived.
    public var events: [Recorded<Event<Element>>] {
        var copy: [Recorded<Event<Element>>] = []
        lock.withLock { copy = recorded }
        return copy
    }

    /// Records `event` at the scheduler's current time.
    ///
    /// - Parameter event: The event to record.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        lock.withLock { recorded.append(Recorded(time: time, value: event)) }
    }
}
