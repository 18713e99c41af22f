import Dispatch
import Testing
@testable import Ripple
import RippleTest

/// A source that never emits and counts how many subscriptions to it are open and how
/// many were ever made, from any thread.
final class ConnectionProbe: @unchecked Sendable {
    // `@unchecked Sendable`: the only state is atomics.
    private let openCount = AtomicValue<Int>(0)
    private let madeCount = AtomicValue<Int>(0)

    var open: Int { openCount.load(ordering: .acquiring) }
    var made: Int { madeCount.load(ordering: .acquiring) }

    /// A source that sends `elements` synchronously on subscription, then nothing.
    func makeSource(emitting elements: [Int] = []) -> Observable<Int> {
        Observable<Int>.create { observer in
            self.madeCount.wrappingAdd(1, ordering: .acquiringAndReleasing)
            self.openCount.wrappingAdd(1, ordering: .acquiringAndReleasing)
            for element in elements {
                observer.onNext(element)
            }
            return Disposables.create {
                self.openCount.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            }
        }
    }
}

/// Subscribes and disposes `rounds` times on each of `threads` threads at once.
func churn(_ shared: Observable<Int>, threads: Int = 4, rounds: Int = 1500) {
    let box = Unchecked(shared)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<rounds {
            box.value.subscribe(onNext: { _ in }).dispose()
        }
    }
}

extension RippleTests {
    @Suite struct RefCountTests {
        @Test func connectsOnTheFirstObserverAndDisconnectsAfterTheLast() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(270, 7),
            ])
            let shared = source.publish().refCount()
            let (first, second, third) = scheduler.startObservers(of: shared, (215, 245), (225, 235), (260, 280))
            #expect(first.events == [.next(220, 2), .next(230, 3), .next(240, 4)])
            #expect(second.events == [.next(230, 3)])
            #expect(third.events == [.next(270, 7)])
            #expect(source.subscriptions == [Subscription(215, 245), Subscription(260, 280)])
        }

        @Test func completionDisconnectsAndALaterObserverConnectsAgain() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let shared = source.publish().refCount()
            let (first, second) = scheduler.startObservers(of: shared, (200, 1000), (300, 1000))
            #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(second.events == [.next(310, 1), .next(320, 2), .completed(330)])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(300, 330)])
        }

        @Test func anErrorDisconnectsAndALaterObserverConnectsAgain() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 7))])
            let shared = source.publish().refCount()
            let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
            #expect(observer.events == [
                .next(210, 1), .error(220, TestError(id: 7)), .next(310, 1), .error(320, TestError(id: 7)),
            ])
            #expect(source.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
        }

        @Test func aStoppedSubjectAnswersWithoutConnecting() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = source.multicast(PublishSubject<Int>()).refCount()
            let observer = scheduler.startObserver(of: shared, staying: (200, 1000), (300, 1000))
            #expect(observer.events == [.next(210, 1), .completed(220), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func anEmptySourceCompletesEachObserver() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.publish().refCount() }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayDisconnects() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
            let observer = scheduler.start(disposed: 220) { source.publish().refCount() }
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aSynchronousSourceCanEndInsideConnect() {
            let made = Counter()
            let source = Observable<Int>.create { observer in
                made.increment()
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            let shared = source.publish().refCount()
            #expect(shared.recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(shared.recordSynchronously() == [.next(1), .next(2), .completed])
            #expect(made.value == 2)
        }

        @Test func anObserverLeavingInsideConnectDisconnects() {
            let probe = ConnectionProbe()
            let shared = probe.makeSource(emitting: [1, 2]).publish().refCount()
            #expect(shared.take(1).recordSynchronously() == [.next(1), .completed])
            #expect(probe.open == 0)
            #expect(probe.made == 1)
        }

        @Test func concurrentObserversKeepTheOnlyConnectionWhileOneRemains() {
            let probe = ConnectionProbe()
            let shared = probe.makeSource().publish().refCount()
            let keeper = shared.subscribe(onNext: { _ in })
            churn(shared)
            // Never disconnected while the keeper stayed, so never reconnected.
            #expect(probe.made == 1)
            #expect(probe.open == 1)
            keeper.dispose()
            #expect(probe.open == 0)
        }

        @Test func concurrentObserversNeverLeaveTheSourceConnectedWithNobody() {
            let probe = ConnectionProbe()
            let shared = probe.makeSource().multicast(PublishSubject<Int>()).refCount()
            churn(shared)
            #expect(probe.open == 0)
            let again = shared.subscribe(onNext: { _ in })
            #expect(probe.open == 1)
            again.dispose()
            #expect(probe.open == 0)
        }

        @Test func concurrentConnectAndDisconnectOfAConnectable() {
            let probe = ConnectionProbe()
            let connectable = Unchecked(probe.makeSource().publish())
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<1500 {
                    let subscription = connectable.value.subscribe(onNext: { _ in })
                    connectable.value.connect().dispose()
                    subscription.dispose()
                }
            }
            #expect(probe.open == 0)
        }
    }
}
