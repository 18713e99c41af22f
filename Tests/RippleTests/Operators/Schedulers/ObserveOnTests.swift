import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ObserveOnTests {
        // MARK: Virtual time: each event is scheduled, so it arrives one tick later.

        @Test func eachEventArrivesOneTickLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
            ])
            let observer = scheduler.start { source.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 2), .next(221, 3), .completed(301)])
            // As in RxSwift, `observe(on:)` subscribes to `source.asObservable()`, whose
            // sink unsubscribes from the test source as soon as it passes the terminal
            // event on, at 300, one tick before it is delivered.
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func anErrorArrivesOneTickLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .error(250, TestError(id: 1))])
            let observer = scheduler.start { source.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 2), .error(251, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func eventsOfTheSameTickAreDeliveredOneStepApart() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
            let observer = scheduler.start { source.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(212, 2), .completed(213)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func coldSourceEventsArriveOneTickAfterTheirTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
            let observer = scheduler.start { source.observe(on: scheduler) }
            #expect(observer.events == [.next(211, "a"), .next(221, "b"), .completed(231)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposalDropsTheEventsNotYetDelivered() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
            let observer = scheduler.start(disposed: 220) { source.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 2)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func synchronousSourcesReleaseEverythingOnceDelivered() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.createObserver(Int.self)
            _ = Observable.just(1).observe(on: scheduler).subscribe(observer)
            _ = Observable<Int>.error(TestError()).observe(on: scheduler).subscribe(observer)
            scheduler.start()
            #expect(observer.events == [.next(1, 1), .error(1, TestError()), .completed(2)])
        }

        // MARK: Which implementation runs

        @Test func onlySerialDispatchQueueSchedulersTakeTheFastPath() {
            let before = Resources.numberOfSerialDispatchQueueObservables
            let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.fast-path")
            withExtendedLifetime(Observable.just(0).observe(on: serial)) {
                #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
            }
            withExtendedLifetime(Observable.just(0).observe(on: MainScheduler.asyncInstance)) {
                #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
            }
            withExtendedLifetime(Observable.just(0).observe(on: MainScheduler.instance)) {
                #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
            }
            let others = [
                Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default)),
                Observable.just(0).observe(on: ConcurrentMainScheduler.instance),
                Observable.just(0).observe(on: TestScheduler(initialClock: 0)),
                Observable.just(0).observe(on: CurrentThreadScheduler.instance),
            ]
            withExtendedLifetime(others) {
                #expect(Resources.numberOfSerialDispatchQueueObservables == before)
            }
            #expect(Resources.numberOfSerialDispatchQueueObservables == before)
        }

        // MARK: Serial dispatch queue

        @Test func deliversEveryElementInOrderOnTheQueueAndEndsOnce() {
            let queue = MarkedQueue("ripple.tests.observe")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.observe.serial")
            let count = 10_000
            let elements = ValueLog<Int>()
            let offQueue = Counter()
            let terminals = Counter()
            let completed = DispatchSemaphore(value: 0)
            let subscription = Observable.range(start: 0, count: count)
                .observe(on: scheduler)
                .subscribe(
                    onNext: { element in
                        if !queue.isCurrent {
                            offQueue.increment()
                        }
                        elements.append(element)
                    },
                    onError: { _ in terminals.increment() },
                    onCompleted: {
                        if !queue.isCurrent {
                            offQueue.increment()
                        }
                        terminals.increment()
                        completed.signal()
                    }
                )
            #expect(waitFor(completed))
            #expect(queue.flush())
            #expect(elements.all == Array(0..<count))
            #expect(offQueue.value == 0)
            #expect(terminals.value == 1)
            subscription.dispose()
        }

        @Test func errorsAreDeliveredOnTheQueueAfterTheElements() {
            let queue = MarkedQueue("ripple.tests.observe.error")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.observe.error.serial")
            let events = ValueLog<String>()
            let failed = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onError(TestError(id: 3))
                return Disposables.create()
            }
            _ = source.observe(on: scheduler).subscribe(
                onNext: { events.append("next \($0)") },
                onError: { error in
                    events.append("\(error) on queue \(queue.isCurrent)")
                    failed.signal()
                }
            )
            #expect(waitFor(failed))
            #expect(queue.flush())
            #expect(events.all == ["next 1", "next 2", "TestError(3) on queue true"])
        }

        @Test func eventsArrivingWhileTheQueueIsBusyShareOneScheduledDrain() {
            let queue = MarkedQueue("ripple.tests.batch")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.batch.serial")
            let source = ManualSource<Int>()
            let elements = ValueLog<Int>()
            let completed = DispatchSemaphore(value: 0)
            let subscription = source.observable.observe(on: scheduler).subscribe(
                onNext: { elements.append($0) },
                onCompleted: { completed.signal() }
            )
            let gate = Gate()
            #expect(gate.block(queue.queue))
            let before = Resources.total
            for element in 0..<1_000 {
                source.onNext(element)
            }
            // One scheduled drain (and its one disposable) for the whole burst, not one
            // piece of work per element.
            let scheduledObjects = Resources.total - before
            #expect(scheduledObjects <= 2)
            source.onCompleted()
            gate.open()
            #expect(waitFor(completed))
            #expect(elements.all == Array(0..<1_000))
            subscription.dispose()
            source.release()
        }

        @Test(arguments: ["elements", "completed", "error"])
        func nothingQueuedIsDeliveredOnceDisposeHasReturned(queued: String) {
            // The observer is busy with element 0 on the queue while more events queue
            // up; the subscription is disposed from this thread; then the observer
            // returns. Nothing queued behind it may be delivered.
            let queue = MarkedQueue("ripple.tests.dispose")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.dispose.serial")
            let source = ManualSource<Int>()
            let events = ValueLog<String>()
            let gate = Gate()
            let subscription = source.observable.observe(on: scheduler).subscribe(
                onNext: { element in
                    if element == 0 {
                        gate.pass()
                    }
                    events.append("next \(element)")
                },
                onError: { _ in events.append("error") },
                onCompleted: { events.append("completed") }
            )
            source.onNext(0)
            #expect(gate.waitUntilEntered())
            switch queued {
            case "elements":
                for element in 1...100 {
                    source.onNext(element)
                }
            case "completed":
                source.onNext(1)
                source.onCompleted()
            default:
                source.onNext(1)
                source.onError(TestError())
            }
            subscription.dispose()
            gate.open()
            #expect(queue.flush())
            #expect(events.all == ["next 0"])
            #expect(source.disposals.value == 1)
            source.release()
        }

        @Test func disposingFromTheObserverStopsDeliveryAtOnce() {
            let queue = MarkedQueue("ripple.tests.dispose.inside")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.dispose.inside.serial")
            let source = ManualSource<Int>()
            let elements = ValueLog<Int>()
            let subscription = SingleAssignmentDisposable()
            let gate = Gate()
            #expect(gate.block(queue.queue))
            subscription.setDisposable(source.observable.observe(on: scheduler).subscribe(onNext: { element in
                elements.append(element)
                if element == 10 {
                    subscription.dispose()
                }
            }))
            // All queued before the drain starts, so they are in the one batch it takes.
            for element in 0..<100 {
                source.onNext(element)
            }
            gate.open()
            #expect(queue.flush())
            #expect(elements.all == Array(0...10))
            source.release()
        }

        @Test func misbehavingSourcesStillGetOneTerminalEventAndNothingAfterIt() {
            let queue = MarkedQueue("ripple.tests.grammar")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.grammar.serial")
            let source = RawSource<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = source.observe(on: scheduler).subscribe(recorder)
            source.on(.next(1))
            source.on(.completed)
            source.on(.error(TestError()))
            source.on(.next(2))
            source.on(.completed)
            #expect(queue.flush())
            #expect(recorder.events == [.next(1), .completed])
            subscription.dispose()
            source.release()
        }

        @Test func racingTerminalEventsDeliverExactlyOne() {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.terminal.race")
            var failures = 0
            for _ in 0..<500 {
                let source = RawSource<Int>()
                let terminals = Counter()
                let subscription = source.observe(on: scheduler).subscribe(
                    onError: { _ in terminals.increment() },
                    onCompleted: { terminals.increment() }
                )
                let raw = Unchecked(source)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    raw.value.on(index == 0 ? .completed : .error(TestError()))
                }
                if !flushQueue(scheduler.configuration.queue) || terminals.value != 1 {
                    failures += 1
                }
                subscription.dispose()
                source.release()
            }
            #expect(failures == 0)
        }

        @Test func disposeRacingEmissionDeliversAnInOrderPrefixAndNothingQueuedAfterwards() {
            // Thousands of rounds: one thread emits, another disposes. Per round, what
            // arrives is 0, 1, 2, … in order, on the queue; at most the one delivery
            // already under way when `dispose` returned may still arrive; and after
            // that nothing, not even events sent later.
            let queue = MarkedQueue("ripple.tests.race")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.race.serial")
            var failures: [String] = []
            for round in 0..<2_000 {
                let source = ManualSource<Int>()
                let elements = ValueLog<Int>()
                let offQueue = Counter()
                let lateStarts = Counter()
                let disposeReturned = Flag()
                let subscription = Unchecked(source.observable.observe(on: scheduler).subscribe(onNext: { element in
                    if disposeReturned.isSet {
                        lateStarts.increment()
                    }
                    if !queue.isCurrent {
                        offQueue.increment()
                    }
                    elements.append(element)
                }))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        for element in 0..<50 {
                            source.onNext(element)
                        }
                    } else {
                        for _ in 0..<(round % 64) {
                            _ = disposeReturned.isSet
                        }
                        subscription.value.dispose()
                        disposeReturned.set()
                    }
                }
                guard queue.flush() else {
                    failures.append("round \(round): the queue did not drain")
                    break
                }
                let delivered = elements.count
                source.onNext(1_000)
                source.onCompleted()
                guard queue.flush() else {
                    failures.append("round \(round): the queue did not drain")
                    break
                }
                let all = elements.all
                if all != Array(0..<all.count) {
                    failures.append("round \(round): out of order \(all)")
                }
                if all.count != delivered {
                    failures.append("round \(round): \(all.count - delivered) delivered after the sink was disposed")
                }
                if lateStarts.value > 1 {
                    failures.append("round \(round): \(lateStarts.value) deliveries began after dispose returned")
                }
                if offQueue.value != 0 {
                    failures.append("round \(round): delivered off the queue")
                }
                if source.disposals.value != 1 {
                    failures.append("round \(round): upstream disposed \(source.disposals.value) times")
                }
                source.release()
            }
            #expect(failures.isEmpty, "\(failures.prefix(5))")
        }

        // MARK: Other schedulers: one scheduled step per event

        @Test func concurrentSchedulerDeliversInOrderOneAtATimeOnItsQueue() {
            let queue = MarkedQueue("ripple.tests.observe.concurrent", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue)
            let overlap = OverlapDetector()
            let elements = ValueLog<Int>()
            let offQueue = Counter()
            let completed = DispatchSemaphore(value: 0)
            let subscription = Observable.range(start: 0, count: 2_000)
                .observe(on: scheduler)
                .subscribe(
                    onNext: { element in
                        overlap.enter()
                        if !queue.isCurrent {
                            offQueue.increment()
                        }
                        elements.append(element)
                        overlap.leave()
                    },
                    onCompleted: { completed.signal() }
                )
            #expect(waitFor(completed))
            #expect(queue.flush())
            #expect(elements.all == Array(0..<2_000))
            #expect(overlap.maximum == 1)
            #expect(offQueue.value == 0)
            subscription.dispose()
        }

        @Test func concurrentSchedulerDeliversNothingQueuedOnceDisposed() {
            let queue = MarkedQueue("ripple.tests.observe.concurrent.dispose", attributes: .concurrent)
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue.queue)
            let source = ManualSource<Int>()
            let elements = ValueLog<Int>()
            let gate = Gate()
            let subscription = source.observable.observe(on: scheduler).subscribe(onNext: { element in
                if element == 0 {
                    gate.pass()
                }
                elements.append(element)
            })
            source.onNext(0)
            #expect(gate.waitUntilEntered())
            for element in 1...20 {
                source.onNext(element)
            }
            source.onCompleted()
            subscription.dispose()
            gate.open()
            #expect(queue.flush())
            #expect(elements.all == [0])
            source.release()
        }
    }
}
