import Dispatch
@testable import Ripple
import RippleTest

/// The forms of the fixed-arity operators the tests run: a summing `resultSelector`,
/// the tuple form (its tuples summed afterwards), and a `resultSelector` that throws
/// `TestError(id: arity)`.
enum CombiningForm: CaseIterable {
    case sum
    case tuple
    case throwing

    static let succeeding: [CombiningForm] = [.sum, .tuple]
}

/// The recorded events of a sequence whose elements cannot be compared (tuples), with
/// each element turned into something that can.
func recordedEvents<Element, Value>(
    _ observer: TestableObserver<Element>,
    _ transform: (Element) -> Value
) -> [RippleTest.Recorded<Event<Value>>] {
    observer.events.map { RippleTest.Recorded(time: $0.time, value: $0.value.map(transform)) }
}

/// A hot test source per entry of `scripts`, all on `scheduler`.
func hotSources(_ scheduler: TestScheduler, _ scripts: [[RippleTest.Recorded<Event<Int>>]]) -> [TestableObservable<Int>] {
    scripts.map { scheduler.createHotObservable($0) }
}

/// A source for the thread tests: whoever holds it sends into the subscribed observer
/// from any thread; Ripple's operator behind it is what is under test.
final class ThreadedSource: @unchecked Sendable {
    // `@unchecked Sendable`: `observer` is written once during subscribe, before the
    // sending threads start, and cleared by `release()` after they have finished.
    private var observer: AnyObserver<Int>?

    private(set) lazy var observable = Observable<Int>.create { [unowned self] observer in
        self.observer = observer
        return Disposables.create()
    }

    func send(_ element: Int) {
        observer?.onNext(element)
    }

    func complete() {
        observer?.onCompleted()
    }

    func fail(_ error: Swift.Error) {
        observer?.onError(error)
    }

    /// Forgets the observer, so the subscription can be released.
    func release() {
        observer = nil
    }
}

/// Runs each closure on its own thread, all starting together, and waits for them.
func runConcurrently(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for body in bodies {
        group.enter()
        DispatchQueue.global().async {
            start.wait()
            body()
            group.leave()
        }
    }
    for _ in bodies {
        start.signal()
    }
    group.wait()
}

/// An observer for thread tests that records elements and terminal events and counts
/// calls that overlap (which a serialized operator must never make).
final class SerialCheckingObserver<Element>: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: `elements`, `stops` and `afterStop` are used only under
    // `lock`; `inside` and `overlaps` are atomic.
    private let inside = AtomicValue<Bool>(false)
    private let overlapCount = AtomicValue<Int>(0)
    private let lock = Lock()
    private var received: [Element] = []
    private var stops: [Event<Element>] = []
    private var afterStop = 0

    func on(_ event: Event<Element>) {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlapCount.wrappingAdd(1, ordering: .relaxed)
        }
        // Stays a little, so that a concurrent call would be caught inside.
        for _ in 0..<50 where !inside.load(ordering: .relaxed) {
            overlapCount.wrappingAdd(1, ordering: .relaxed)
        }
        lock.withLock {
            if !stops.isEmpty {
                afterStop += 1
            }
            switch event {
            case .next(let element): received.append(element)
            case .error, .completed: stops.append(event)
            }
        }
        inside.store(false, ordering: .releasing)
    }

    var elements: [Element] {
        lock.withLock { received }
    }

    var terminalEvents: [Event<Element>] {
        lock.withLock { stops }
    }

    var eventsAfterTerminal: Int {
        lock.withLock { afterStop }
    }

    var overlaps: Int {
        overlapCount.load(ordering: .relaxed)
    }
}
