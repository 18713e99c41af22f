import Foundation
import Ripple

/// A virtual-time scheduler for tests: time is an integer number of ticks, and nothing
/// waits for real time.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
/// let observer = scheduler.start { source.map { $0 * 10 } }
/// #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(300)])
/// #expect(source.subscriptions == [Subscription(200, 300)])
/// ```
///
/// With `simulateProcessingDelay` (the default), work scheduled for now or for the past
/// runs one tick later: so `observe(on: scheduler)` delivers at `t + 1`, as with RxTest.
///
/// The scheduler is not tied to any thread: each test can make its own and use it
/// from Swift Testing's parallel tests or from async tests.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    // `@unchecked Sendable`: the base class guards its queue and clock with a lock;
    // the properties added here are immutable.

    /// The times `start(_:)` uses when not told otherwise.
    public enum Defaults {
        /// When the observable is created: 100.
        public static let created: TestTime = 100
        /// When it is subscribed: 200.
        public static let subscribed: TestTime = 200
        /// When the subscription is disposed: 1000.
        public static let disposed: TestTime = 1000
    }

    private let simulateProcessingDelay: Bool

    /// A scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The virtual time the clock starts at.
    ///   - resolution: Seconds per tick, used to convert `RxTimeInterval`s
    ///     (`.seconds(10)` is 10 ticks at the default resolution of 1).
    ///   - simulateProcessingDelay: Whether work due now or earlier runs one tick later.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Moves work due now or in the past to the next tick, when simulating a
    /// processing delay.
    ///
    /// - Parameter time: The time the work was scheduled for.
    /// - Returns: The time the work runs at.
    override public func adjustScheduledTime(_ time: TestTime) -> TestTime {
        simulateProcessingDelay && time <= clock ? clock + 1 : time
    }

    /// Runs `action` at virtual time `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time to run `action` at.
    ///   - action: The work.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// A source that sends `events` at their absolute times to whoever is subscribed.
    ///
    /// - Parameter events: The events, at absolute virtual times.
    /// - Returns: The source, which also records its subscriptions.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(scheduler: self, events: events)
    }

    /// A source that sends `events` at their times relative to each subscription.
    ///
    /// - Parameter events: The events, at times relative to each subscription.
    /// - Returns: The source, which also records its subscriptions.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(scheduler: self, events: events)
    }

    /// An observer that records what it receives, with the virtual time.
    ///
    /// - Parameter type: The element type.
    /// - Returns: A new observer; its `events` are what it received.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates the sequence at `created`, subscribes at `subscribed`, disposes at
    /// `disposed`, runs the scheduler, and returns what the observer recorded.
    ///
    /// `create` may return any convertible sequence, as with RxTest: an `Observable`,
    /// a `Single`, `Maybe` or `Completable`, an `Infallible`, a `Driver` or a
    /// ``TestableObservable``. The observer records the sequence's `Element` (`Never`
    /// for a `Completable`, which only completes or fails).
    ///
    /// ```swift
    /// let observer = scheduler.start(created: 0, subscribed: 10, disposed: 500) {
    ///     Single.just(1)
    /// }
    /// XCTAssertEqual(observer.events, [.next(10, 1), .completed(10)])
    /// ```
    ///
    /// - Parameters:
    ///   - created: When `create` is called.
    ///   - subscribed: When the sequence is subscribed.
    ///   - disposed: When the subscription is disposed.
    ///   - create: Makes the sequence under test.
    /// - Returns: The observer, with every event it recorded.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        // The source is held as an `Observable` from creation on, so a trait's
        // conversion happens once, at `created`, as RxTest does it.
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        start()
        return observer
    }

    /// ``start(created:subscribed:disposed:create:)`` with the default creation (100)
    /// and subscription (200) times.
    ///
    /// ```swift
    /// let observer = scheduler.start(disposed: 250) { source.asInfallible(onErrorJustReturn: 0) }
    /// ```
    ///
    /// - Parameters:
    ///   - disposed: When the subscription is disposed.
    ///   - create: Makes the sequence under test (any convertible sequence).
    /// - Returns: The observer, with every event it recorded.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)`` with the default times 100, 200
    /// and 1000.
    ///
    /// ```swift
    /// let observer = scheduler.start { Completable.empty() }
    /// XCTAssertEqual(observer.events, [.completed(200)])
    /// ```
    ///
    /// - Parameter create: Makes the sequence under test (any convertible sequence).
    /// - Returns: The observer, with every event it recorded.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}

/// Converts between ``TestScheduler`` ticks and real time at a given resolution.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point in virtual time: a tick count.
    public typealias VirtualTimeUnit = Int
    /// A span of virtual time: a tick count.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    /// The date `virtualTime` ticks after the epoch.
    ///
    /// - Parameter virtualTime: A virtual time.
    /// - Returns: The same moment as a date.
    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The tick of `time`, rounded to the nearest.
    ///
    /// - Parameter time: A time.
    /// - Returns: The same moment in virtual time.
    public func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 / resolution).rounded())
    }

    /// The seconds in `virtualTimeInterval` ticks.
    ///
    /// - Parameter virtualTimeInterval: A virtual time interval.
    /// - Returns: The interval in seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The ticks in `timeInterval` seconds, rounded to the nearest.
    ///
    /// - Parameter timeInterval: A time interval, in seconds.
    /// - Returns: The interval in virtual time units.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        Int((timeInterval / resolution).rounded())
    }

    /// `time` plus `offset` ticks.
    ///
    /// - Parameters:
    ///   - time: A time.
    ///   - offset: The interval to add.
    /// - Returns: `time` moved by `offset`.
    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        time + offset
    }

    /// Compares two ticks.
    ///
    /// - Parameters:
    ///   - lhs: The first time.
    ///   - rhs: The second time.
    /// - Returns: Whether `lhs` is before, at or after `rhs`.
    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}
