import Dispatch
@testable import Ripple
import RippleTest

/// The virtual-time scenario RxSwift's subject tests use: a hot source feeds the
/// subject from 200 to 1000, and three observers subscribe at different times.
///
/// ```
/// subject created:   100
/// source → subject:  200 … 1000
/// observer 1:        300 … 600
/// observer 2:        400 … 700
/// observer 3:        900 … 950
/// ```
struct SubjectScenario {
    let first: TestableObserver<Int>
    let second: TestableObserver<Int>
    let third: TestableObserver<Int>

    /// Runs the scenario with `events` as the source and a subject made by `makeSubject`.
    static func run<Subject: ObservableType & ObserverType>(
        _ events: [RippleTest.Recorded<Event<Int>>],
        makeSubject: @escaping () -> Subject
    ) -> SubjectScenario where Subject.Element == Int {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(events)
        var subject: Subject?
        var feed: Disposable?
        let observers = (scheduler.createObserver(Int.self), scheduler.createObserver(Int.self), scheduler.createObserver(Int.self))
        var subscriptions: [Disposable?] = [nil, nil, nil]

        scheduler.scheduleAt(100) { subject = makeSubject() }
        scheduler.scheduleAt(200) { feed = source.subscribe(subject!) }
        scheduler.scheduleAt(1000) { feed?.dispose() }

        scheduler.scheduleAt(300) { subscriptions[0] = subject!.subscribe(observers.0) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject!.subscribe(observers.1) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject!.subscribe(observers.2) }

        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(800) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }

        scheduler.start()
        return SubjectScenario(first: observers.0, second: observers.1, third: observers.2)
    }

    /// A source that never ends: elements before, during and after the subject's feed.
    static let infinite: [RippleTest.Recorded<Event<Int>>] = [
        .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
        .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
    ]

    /// A source that completes at 630, then misbehaves (events after the end).
    static let finite: [RippleTest.Recorded<Event<Int>>] = [
        .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
        .next(520, 7), .completed(630), .next(640, 9), .completed(650), .error(660, TestError()),
    ]

    /// A source that fails at 630, then misbehaves (events after the end).
    static let failing: [RippleTest.Recorded<Event<Int>>] = [
        .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
        .next(520, 7), .error(630, TestError()), .next(640, 9), .completed(650), .error(660, TestError()),
    ]

    /// A source that completes at 630 without any element while the subject listens.
    static let empty: [RippleTest.Recorded<Event<Int>>] = [
        .completed(630), .next(640, 9), .completed(650), .error(660, TestError()),
    ]
}

/// Checks `hasObservers` as RxSwift's tests do: none, then one, then three observers
/// leaving one by one.
func checkHasObservers<Subject: ObservableType>(_ makeSubject: () -> Subject, hasObservers: (Subject) -> Bool) -> [Bool] where Subject.Element == Int {
    let subject = makeSubject()
    var seen = [hasObservers(subject)]
    let first = subject.subscribe(onNext: { _ in })
    seen.append(hasObservers(subject))
    let second = subject.subscribe(onNext: { _ in })
    let third = subject.subscribe(onNext: { _ in })
    seen.append(hasObservers(subject))
    first.dispose()
    seen.append(hasObservers(subject))
    second.dispose()
    seen.append(hasObservers(subject))
    third.dispose()
    seen.append(hasObservers(subject))
    return seen
}

/// What `checkHasObservers` must see.
let expectedHasObservers = [false, true, true, true, true, false]

/// An observer that checks, from any thread, that it is never called concurrently nor
/// reentrantly, and that the elements of each emitting thread arrive in order.
///
/// Elements are `thread * stride + index`.
final class OrderChecker: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: `busy` is atomic; `lastIndex`, `count` and `terminals`
    // are touched only while `busy` is held, which is the property under test, and
    // read after the threads are joined.
    typealias Element = Int

    static let stride = 1_000_000

    private let busy = AtomicValue<Bool>(false)
    private let violations = AtomicValue<Int>(0)
    private var lastIndex: [Int: Int] = [:]
    private(set) var count = 0
    private(set) var terminals = 0

    func on(_ event: Event<Int>) {
        if busy.exchange(true, ordering: .acquiringAndReleasing) {
            violations.wrappingAdd(1, ordering: .relaxed)
            return
        }
        switch event {
        case .next(let value):
            if terminals > 0 {
                violations.wrappingAdd(1, ordering: .relaxed)
            }
            let thread = value / Self.stride
            let index = value % Self.stride
            if let last = lastIndex[thread], last >= index {
                violations.wrappingAdd(1, ordering: .relaxed)
            }
            lastIndex[thread] = index
            count += 1
        case .error, .completed:
            terminals += 1
        }
        busy.store(false, ordering: .releasing)
    }

    /// Calls that overlapped another call, elements out of order, or after the end.
    var violationCount: Int {
        violations.load(ordering: .relaxed)
    }
}

/// Collects subscriptions made on several threads, to dispose them at the end.
final class DisposableCollector: @unchecked Sendable {
    // `@unchecked Sendable`: `disposables` is read and written only under `mutex`.
    private let mutex = Lock()
    private var disposables: [Disposable] = []

    func add(_ disposable: Disposable) {
        mutex.withLock { disposables.append(disposable) }
    }

    func disposeAll() {
        var taken: [Disposable] = []
        mutex.withLock {
            taken = disposables
            disposables = []
        }
        taken.forEach { $0.dispose() }
    }
}
