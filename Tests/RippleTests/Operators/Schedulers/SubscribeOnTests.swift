import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SubscribeOnTests {
        // MARK: Virtual time: subscribing and disposing are each scheduled, one tick later.

        @Test func subscribesOneTickLaterAndUnsubscribesOneTickAfterDisposal() {
            let scheduler = TestScheduler(initialClock: 0)
            var subscribedAt: TestTime?
            var disposedAt: TestTime?
            let source = Observable<Int>.create { _ in
                subscribedAt = scheduler.clock
                return Disposables.create { disposedAt = scheduler.clock }
            }
            let observer = scheduler.start { source.subscribe(on: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(subscribedAt == 201)
            #expect(disposedAt == 1001)
        }

        @Test func completionPassesThroughAndUnsubscribesOnTheScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.completed(300, Int.self)])
            let observer = scheduler.start { source.subscribe(on: scheduler) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(201, 301)])
        }

        @Test func errorPassesThroughAndUnsubscribesOnTheScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.error(300, TestError(id: 4), Int.self)])
            let observer = scheduler.start { source.subscribe(on: scheduler) }
            #expect(observer.events == [.error(300, TestError(id: 4))])
            #expect(source.subscriptions == [Subscription(201, 301)])
        }

        @Test func elementsPassThroughAtTheirOwnTimes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
            let observer = scheduler.start { source.subscribe(on: scheduler) }
            #expect(observer.events == [.next(210, 2)])
            #expect(source.subscriptions == [Subscription(201, 1001)])
        }

        @Test func disposingBeforeTheScheduledSubscriptionCancelsIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1)])
            let observer = scheduler.start(disposed: 200) { source.subscribe(on: scheduler) }
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions.isEmpty)
        }

        // MARK: Dispatch queues

        @Test func subscriptionAndDisposalRunOnTheSchedulersQueue() {
            let queue = MarkedQueue("ripple.tests.subscribe-on")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.subscribe-on.serial")
            let log = ValueLog<String>()
            let subscribed = DispatchSemaphore(value: 0)
            let disposed = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                log.append("subscribed on queue \(queue.isCurrent)")
                observer.onNext(1)
                subscribed.signal()
                return Disposables.create {
                    log.append("disposed on queue \(queue.isCurrent)")
                    disposed.signal()
                }
            }
            let subscription = source.subscribe(on: scheduler).subscribe(onNext: { log.append("next \($0)") })
            #expect(waitFor(subscribed))
            subscription.dispose()
            #expect(waitFor(disposed))
            #expect(log.all == ["subscribed on queue true", "next 1", "disposed on queue true"])
        }

        @Test func completionDisposesTheSourceOnTheSchedulersQueue() {
            let queue = MarkedQueue("ripple.tests.subscribe-on.complete")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.subscribe-on.complete.serial")
            let log = ValueLog<String>()
            let disposed = DispatchSemaphore(value: 0)
            let source = Observable<String>.create { observer in
                observer.onNext("a")
                observer.onNext("b")
                observer.onCompleted()
                return Disposables.create {
                    log.append("disposed on queue \(queue.isCurrent)")
                    disposed.signal()
                }
            }
            let recorder = EventRecorder<String>()
            _ = source.subscribe(on: scheduler).subscribe(recorder)
            #expect(waitFor(disposed))
            #expect(recorder.events == [.next("a"), .next("b"), .completed])
            #expect(log.all == ["disposed on queue true"])
        }

        @Test func disposingBeforeTheQueueGetsToItNeverSubscribes() {
            let queue = MarkedQueue("ripple.tests.subscribe-on.cancel")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.subscribe-on.cancel.serial")
            let subscriptions = Counter()
            let source = Observable<Int>.create { _ in
                subscriptions.increment()
                return Disposables.create()
            }
            let gate = Gate()
            #expect(gate.block(queue.queue))
            let subscription = source.subscribe(on: scheduler).subscribe()
            subscription.dispose()
            gate.open()
            #expect(queue.flush())
            #expect(subscriptions.value == 0)
        }

        @Test func subscribingOnAQueueThenObservingOnAnotherMovesEachPart() {
            let subscribeQueue = MarkedQueue("ripple.tests.subscribe-side")
            let observeQueue = MarkedQueue("ripple.tests.observe-side")
            let log = ValueLog<String>()
            let completed = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                log.append("subscribe on subscribe queue \(subscribeQueue.isCurrent)")
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            _ = source
                .subscribe(on: ConcurrentDispatchQueueScheduler(queue: subscribeQueue.queue))
                .observe(on: SerialDispatchQueueScheduler(queue: observeQueue.queue, internalSerialQueueName: "ripple.tests.observe-side.serial"))
                .subscribe(
                    onNext: { log.append("next \($0) on observe queue \(observeQueue.isCurrent)") },
                    onCompleted: {
                        log.append("completed on observe queue \(observeQueue.isCurrent)")
                        completed.signal()
                    }
                )
            #expect(waitFor(completed))
            #expect(subscribeQueue.flush())
            #expect(log.all == [
                "subscribe on subscribe queue true",
                "next 1 on observe queue true",
                "completed on observe queue true",
            ])
        }

        @Test func onTheCurrentThreadSchedulerItSubscribesSynchronously() {
            let events = Observable.of(1, 2, 3).subscribe(on: CurrentThreadScheduler.instance).recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
        }
    }
}
