import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct UsingTests {
        /// A resource that records the virtual times it was made and disposed at.
        final class Resource: Disposable {
            private let scheduler: TestScheduler
            private(set) var ticks: [Int]

            init(scheduler: TestScheduler) {
                self.scheduler = scheduler
                self.ticks = [scheduler.clock]
            }

            func dispose() {
                ticks.append(scheduler.clock)
            }
        }

        /// A resource that logs when it is made and disposed.
        final class LoggedResource: Disposable {
            private let log: SideEffectLog
            private let name: String

            init(_ name: String, log: SideEffectLog) {
                self.name = name
                self.log = log
                log.append("\(name) made")
            }

            func dispose() {
                log.append("\(name) disposed")
            }
        }

        /// What ``runUsing(_:)`` saw.
        struct UsingRun {
            let observer: TestableObserver<Int>
            let source: TestableObservable<Int>?
            let resources: [Resource]
            let received: [Resource]
        }

        /// Runs `using` from 200 to 1000 with a factory of ``Resource``s and an
        /// observable factory that records the resource it gets and returns a cold source
        /// of `events(clock)`, `clock` being the time of the subscription.
        static func runUsing(_ events: @escaping (_ clock: Int) -> [RippleTest.Recorded<Event<Int>>]) -> UsingRun {
            let scheduler = TestScheduler(initialClock: 0)
            var resources: [Resource] = []
            var received: [Resource] = []
            var source: TestableObservable<Int>?
            let observer = scheduler.start {
                Observable.using({ () -> Resource in
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                }, observableFactory: { resource in
                    received.append(resource)
                    let cold = scheduler.createColdObservable(events(scheduler.clock))
                    source = cold
                    return cold.asObservable()
                })
            }
            return UsingRun(observer: observer, source: source, resources: resources, received: received)
        }

        @Test func theResourceLivesUntilTheSequenceCompletes() {
            let run = Self.runUsing { clock in [.next(100, clock), .completed(200)] }
            #expect(run.resources.count == 1)
            #expect(run.received.count == 1 && run.received.first === run.resources.first)
            #expect(run.observer.events == [.next(300, 200), .completed(400)])
            #expect(run.source?.subscriptions == [Subscription(200, 400)])
            #expect(run.resources.first?.ticks == [200, 400])
        }

        @Test func theResourceLivesUntilTheSequenceFails() {
            let run = Self.runUsing { clock in [.next(100, clock), .error(200, TestError(id: 1))] }
            #expect(run.observer.events == [.next(300, 200), .error(400, TestError(id: 1))])
            #expect(run.source?.subscriptions == [Subscription(200, 400)])
            #expect(run.resources.map(\.ticks) == [[200, 400]])
        }

        @Test func theResourceIsDisposedWithTheSubscription() {
            let run = Self.runUsing { clock in [.next(100, clock), .next(1000, clock + 1)] }
            #expect(run.observer.events == [.next(300, 200)])
            #expect(run.source?.subscriptions == [Subscription(200, 1000)])
            #expect(run.resources.map(\.ticks) == [[200, 1000]])
        }

        @Test func aThrowingResourceFactoryFails() {
            let scheduler = TestScheduler(initialClock: 0)
            var resourceCalls = 0
            var observableCalls = 0
            let observer = scheduler.start {
                Observable<Int>.using({ () -> Resource in
                    resourceCalls += 1
                    throw TestError(id: 1)
                }, observableFactory: { _ in
                    observableCalls += 1
                    return Observable.never()
                })
            }
            #expect(observer.events == [.error(200, TestError(id: 1))])
            #expect(resourceCalls == 1)
            #expect(observableCalls == 0)
        }

        @Test func aThrowingObservableFactoryFailsAndDisposesTheResource() {
            let scheduler = TestScheduler(initialClock: 0)
            var resources: [Resource] = []
            var observableCalls = 0
            let observer = scheduler.start {
                Observable<Int>.using({ () -> Resource in
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                }, observableFactory: { _ in
                    observableCalls += 1
                    throw TestError(id: 1)
                })
            }
            #expect(observer.events == [.error(200, TestError(id: 1))])
            #expect(observableCalls == 1)
            #expect(resources.map(\.ticks) == [[200, 200]])
        }

        @Test func theResourceIsDisposedAfterTheObserverHearsTheEnd() {
            let log = SideEffectLog()
            let completing = Observable.using({ LoggedResource("resource", log: log) }, observableFactory: { _ in
                Observable.of(1)
            })
            completing.subscribe(log.observer()).dispose()
            let failing = Observable<Int>.using({ LoggedResource("resource", log: log) }, observableFactory: { _ in
                Observable.error(TestError(id: 1))
            })
            failing.subscribe(log.observer()).dispose()
            #expect(log.all == [
                "resource made", "observer: next(1)", "observer: completed", "resource disposed",
                "resource made", "observer: error(TestError(1))", "resource disposed",
            ])
        }

        @Test func theResourceIsDisposedExactlyOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let spies = [DisposalSpy("a"), DisposalSpy("b"), DisposalSpy("c")]
            let completing = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let never: TestableObservable<Int> = scheduler.createColdObservable([])
            let completedSubscription = Observable.using({ spies[0] }, observableFactory: { _ in completing.asObservable() })
                .subscribe()
            let failedSubscription = Observable<Int>.using({ spies[1] }, observableFactory: { _ in Observable.error(TestError()) })
                .subscribe(onError: { _ in })
            let disposedSubscription = Observable.using({ spies[2] }, observableFactory: { _ in never.asObservable() })
                .subscribe()
            scheduler.scheduleAt(50) { disposedSubscription.dispose() }
            scheduler.start()
            completedSubscription.dispose()
            failedSubscription.dispose()
            disposedSubscription.dispose()
            #expect(spies.map(\.disposeCount) == [1, 1, 1])
            #expect(never.subscriptions == [Subscription(0, 50)])
        }

        @Test func eachSubscriptionMakesItsOwnResource() {
            let log = SideEffectLog()
            var made = 0
            let sequence = Observable.using({ () -> LoggedResource in
                made += 1
                return LoggedResource("resource \(made)", log: log)
            }, observableFactory: { _ in Observable.of(made) })
            #expect(sequence.recordSynchronously() == [.next(1), .completed])
            #expect(sequence.recordSynchronously() == [.next(2), .completed])
            #expect(log.all == ["resource 1 made", "resource 1 disposed", "resource 2 made", "resource 2 disposed"])
        }

        @Test func anEmptySequenceCompletesAndDisposesTheResource() {
            let spy = DisposalSpy()
            let events = Observable<Int>.using({ spy }, observableFactory: { _ in Observable.empty() }).recordSynchronously()
            #expect(events == [.completed])
            #expect(spy.disposeCount == 1)
        }
    }
}
