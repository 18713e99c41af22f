#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct ReplaySubjectTests {
        /// Emits 1…5 at 150, 200, 250, 300, 350 into a subject made at 100, runs
        /// `extra` on the scheduler, and returns the observer subscribed at `subscribeAt`.
        private func replay(
            _ makeSubject: @escaping () -> ReplaySubject<Int>,
            subscribeAt: TestTime,
            extra: (TestScheduler, @escaping () -> ReplaySubject<Int>?) -> Void = { _, _ in }
        ) -> TestableObserver<Int> {
            let scheduler = TestScheduler(initialClock: 0)
            var subject: ReplaySubject<Int>?
            var subscription: Disposable?
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(100) { subject = makeSubject() }
            for (index, time) in [150, 200, 250, 300, 350].enumerated() {
                scheduler.scheduleAt(time) { subject?.onNext(index + 1) }
            }
            scheduler.scheduleAt(subscribeAt) { subscription = subject?.subscribe(observer) }
            extra(scheduler) { subject }
            scheduler.scheduleAt(900) { subscription?.dispose() }
            scheduler.start()
            return observer
        }

        // MARK: RxSwift's scenarios

        @Test func noEventsReplayNothing() {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            #expect(recorder.events == [])
            subscription.dispose()
        }

        @Test func fewerEventsThanTheBufferAreAllReplayed() {
            let scheduler = TestScheduler(initialClock: 0)
            var subject: ReplaySubject<Int>?
            var subscription: Disposable?
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(100) { subject = ReplaySubject.create(bufferSize: 3) }
            scheduler.scheduleAt(150) { subject?.onNext(1) }
            scheduler.scheduleAt(200) { subject?.onNext(2) }
            scheduler.scheduleAt(300) { subscription = subject?.subscribe(observer) }
            scheduler.scheduleAt(400) { subscription?.dispose() }
            scheduler.start()
            #expect(observer.events == [.next(300, 1), .next(300, 2)])
        }

        @Test func moreEventsThanTheBufferReplayTheLastOnes() {
            let observer = replay({ ReplaySubject.create(bufferSize: 3) }, subscribeAt: 400)
            #expect(observer.events == [.next(400, 3), .next(400, 4), .next(400, 5)])
        }

        @Test func earlyAndLateObserversWithASmallBuffer() {
            let scheduler = TestScheduler(initialClock: 0)
            var subject: ReplaySubject<Int>?
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable?] = [nil, nil]
            scheduler.scheduleAt(100) { subject = ReplaySubject.create(bufferSize: 3) }
            scheduler.scheduleAt(150) { subscriptions[0] = subject?.subscribe(early) }
            for (index, time) in [200, 250, 300, 350, 400].enumerated() {
                scheduler.scheduleAt(time) { subject?.onNext(index + 1) }
            }
            scheduler.scheduleAt(450) { subscriptions[1] = subject?.subscribe(late) }
            scheduler.scheduleAt(500) { subject?.onNext(6) }
            scheduler.scheduleAt(550) { subscriptions.forEach { $0?.dispose() } }
            scheduler.start()
            #expect(early.events == [.next(200, 1), .next(250, 2), .next(300, 3), .next(350, 4), .next(400, 5), .next(500, 6)])
            #expect(late.events == [.next(450, 3), .next(450, 4), .next(450, 5), .next(500, 6)])
        }

        @Test func subscribingBeforeCompletion() {
            let observer = replay({ ReplaySubject.create(bufferSize: 3) }, subscribeAt: 400) { scheduler, subject in
                scheduler.scheduleAt(450) { subject()?.onCompleted() }
            }
            #expect(observer.events == [.next(400, 3), .next(400, 4), .next(400, 5), .completed(450)])
        }

        @Test func subscribingAfterCompletionReplaysTheBufferThenCompletes() {
            let observer = replay({ ReplaySubject.create(bufferSize: 3) }, subscribeAt: 450) { scheduler, subject in
                scheduler.scheduleAt(400) { subject()?.onCompleted() }
            }
            #expect(observer.events == [.next(450, 3), .next(450, 4), .next(450, 5), .completed(450)])
        }

        @Test func subscribingBeforeAnError() {
            let observer = replay({ ReplaySubject.create(bufferSize: 3) }, subscribeAt: 400) { scheduler, subject in
                scheduler.scheduleAt(450) { subject()?.onError(TestError()) }
            }
            #expect(observer.events == [.next(400, 3), .next(400, 4), .next(400, 5), .error(450, TestError())])
        }

        @Test func subscribingAfterAnErrorReplaysTheBufferThenFails() {
            let observer = replay({ ReplaySubject.create(bufferSize: 3) }, subscribeAt: 450) { scheduler, subject in
                scheduler.scheduleAt(400) { subject()?.onError(TestError()) }
                scheduler.scheduleAt(420) { subject()?.onNext(9) }
            }
            #expect(observer.events == [.next(450, 3), .next(450, 4), .next(450, 5), .error(450, TestError())])
        }

        @Test func theSubjectScenarioWithABufferOfTwo() {
            let run = SubjectScenario.run(SubjectScenario.finite) { ReplaySubject<Int>.create(bufferSize: 2) }
            #expect(run.first.events == [.next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(400, 4), .next(400, 5), .next(410, 6), .next(520, 7), .completed(630)])
            #expect(run.third.events == [.next(900, 6), .next(900, 7), .completed(900)])
        }

        @Test func theSubjectScenarioWithAnError() {
            let run = SubjectScenario.run(SubjectScenario.failing) { ReplaySubject<Int>.create(bufferSize: 1) }
            #expect(run.second.events == [.next(400, 5), .next(410, 6), .next(520, 7), .error(630, TestError())])
            #expect(run.third.events == [.next(900, 7), .error(900, TestError())])
        }

        // MARK: Buffer sizes

        @Test func anUnboundedSubjectReplaysEverything() {
            let observer = replay({ ReplaySubject.createUnbounded() }, subscribeAt: 400)
            #expect(observer.events == [.next(400, 1), .next(400, 2), .next(400, 3), .next(400, 4), .next(400, 5)])
        }

        @Test func aBufferOfOneReplaysTheLastElement() {
            let observer = replay({ ReplaySubject.create(bufferSize: 1) }, subscribeAt: 400)
            #expect(observer.events == [.next(400, 5)])
        }

        @Test func aBufferOfZeroReplaysOnlyTheTerminalEvent() {
            let observer = replay({ ReplaySubject.create(bufferSize: 0) }, subscribeAt: 450) { scheduler, subject in
                scheduler.scheduleAt(400) { subject()?.onCompleted() }
            }
            #expect(observer.events == [.completed(450)])
        }

        @Test func theRingBufferKeepsOrderAfterWrappingManyTimes() {
            let subject = ReplaySubject<Int>.create(bufferSize: 4)
            for value in 1...1_003 { subject.onNext(value) }
            #expect(subject.recordSynchronously() == [.next(1_000), .next(1_001), .next(1_002), .next(1_003)])
        }

        @Test func aNegativeBufferSizeFailsEverySubscriberWithArgumentOutOfRange() {
            let subject = ReplaySubject<Int>.create(bufferSize: -1)
            subject.onNext(1)
            #expect(subject.recordSynchronously() == [.error(String(describing: RxError.argumentOutOfRange))])
            #expect(!subject.hasObservers)
        }

        // MARK: hasObservers, dispose

        @Test func hasObserversFollowsSubscriptions() {
            #expect(checkHasObservers({ ReplaySubject<Int>.create(bufferSize: 1) }, hasObservers: { $0.hasObservers }) == expectedHasObservers)
        }

        @Test func disposingDropsTheBufferAndRefusesNewSubscribers() {
            let subject = ReplaySubject<Int>.createUnbounded()
            let early = EventRecorder<Int>()
            let subscription = subject.subscribe(early)
            subject.onNext(1)
            subject.dispose()
            subject.onNext(2)
            #expect(early.events == [.next(1)])
            #expect(!subject.hasObservers)
            #expect(subject.recordSynchronously() == [.error(String(describing: RxError.disposed(object: subject)))])
            subscription.dispose()
        }

        // MARK: Reentrancy

        @Test func subscribingFromInsideAnObserverReplaysTheBufferAtOnce() {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            var log: [String] = []
            var inner: Disposable?
            let outer = subject.subscribe(onNext: { value in
                log.append("outer \(value)")
                if value == 3 {
                    inner = subject.subscribe(onNext: { log.append("inner \($0)") })
                    log.append("subscribed")
                }
            })
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            subject.onNext(4)
            #expect(log == ["outer 1", "outer 2", "outer 3", "inner 2", "inner 3", "subscribed", "outer 4", "inner 4"])
            outer.dispose()
            inner?.dispose()
        }

        @Test func anObserverEmittingIntoItsOwnSubjectKeepsOrderAndTheBuffer() {
            let subject = ReplaySubject<Int>.createUnbounded()
            let witness = EventRecorder<Int>()
            let a = subject.subscribe(onNext: { value in
                if value < 3 { subject.onNext(value + 1) }
            })
            let b = subject.subscribe(witness)
            subject.onNext(1)
            #expect(witness.events == [.next(1), .next(2), .next(3)])
            #expect(subject.recordSynchronously() == [.next(1), .next(2), .next(3)])
            a.dispose()
            b.dispose()
        }

        // MARK: Threads

        /// A thread that subscribes while another thread keeps emitting takes the right to
        /// deliver for its replay; it must then deliver only what was queued during the
        /// replay and return, not be kept delivering the emitter's elements for as long
        /// as the emitter runs (found by ripple-soak: a screen's `subscribe` to a
        /// `share(replay: 1)` never returned, its pending queue growing without bound).
        @Test func aSubscriberReplayingWhileAnotherThreadEmitsIsNotKeptDeliveringItsElements() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            let shared = Unchecked(subject)
            let probe = ReplayCaptureProbe()
            // An existing subscriber counts the elements it receives on the subscribing thread.
            let existing = subject.subscribe(onNext: { _ in
                probe.received.wrappingAdd(1, ordering: .relaxed)
                let subscriber = probe.subscribingThread.load(ordering: .acquiring)
                if subscriber != 0, subscriber == ReplayCaptureProbe.currentThread {
                    probe.deliveredOnSubscribingThread.wrappingAdd(1, ordering: .relaxed)
                }
            })
            let producerDone = DispatchSemaphore(value: 0)
            // Serial queues of their own, which get a thread at once (the global queue
            // may make a block wait for a free worker while the other one spins).
            DispatchQueue(label: "emitter").async {
                var index = 0
                while !probe.stop.load(ordering: .relaxed), index < 200_000 {
                    if index == 10 {
                        // Keep going only once the subscribing thread is there.
                        let deadline = ContinuousClock.now + .seconds(5)
                        while probe.subscribingThread.load(ordering: .acquiring) == 0, ContinuousClock.now < deadline {
                            sched_yield()
                        }
                    }
                    probe.attempts.wrappingAdd(1, ordering: .releasing)
                    shared.value.onNext(index)
                    index += 1
                }
                producerDone.signal()
            }
            let subscribed = DispatchSemaphore(value: 0)
            let late = Unchecked(LateSubscription())
            DispatchQueue(label: "subscriber").async {
                let deadline = ContinuousClock.now + .seconds(5)
                while probe.received.load(ordering: .relaxed) < 10, ContinuousClock.now < deadline {
                    sched_yield()
                }
                probe.subscribingThread.store(ReplayCaptureProbe.currentThread, ordering: .releasing)
                late.value.subscription = shared.value.subscribe(onNext: { value in
                    if late.value.values.isEmpty {
                        // The replayed element: let the emitter reach the subject meanwhile
                        // (it queues its element, then, fixed, waits for this replay).
                        let start = probe.attempts.load(ordering: .acquiring)
                        let deadline = ContinuousClock.now + .milliseconds(100)
                        while probe.attempts.load(ordering: .acquiring) < start + 2, ContinuousClock.now < deadline {
                            sched_yield()
                        }
                    }
                    late.value.values.append(value)
                })
                probe.subscribingThread.store(0, ordering: .releasing)
                subscribed.signal()
            }
            // The watchdog: a subscribe kept delivering fails here instead of hanging.
            let returned = subscribed.wait(timeout: .now() + 5) == .success
            probe.stop.store(true, ordering: .relaxed)
            #expect(returned, "subscribe did not return while the other thread kept emitting")
            #expect(producerDone.wait(timeout: .now() + 30) == .success)
            if !returned {
                _ = subscribed.wait(timeout: .now() + 30)
            }
            #expect(probe.deliveredOnSubscribingThread.load(ordering: .relaxed) <= 2)
            // The late subscriber got the replayed element, then every later one in order.
            let values = late.value.values
            #expect(!values.isEmpty)
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 + 1 == $1 })
            late.value.subscription?.dispose()
            existing.dispose()
        }

        @Test func subscribersJoiningWhileOthersEmitGetTheBufferInOrderWithoutGapsOrDuplicates() {
            for _ in 0..<200 {
                let subject = ReplaySubject<Int>.createUnbounded()
                let shared = Unchecked(subject)
                let checkers = Unchecked([OrderChecker(), OrderChecker(), OrderChecker()])
                let subscriptions = DisposableCollector()
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    if thread == 0 {
                        for index in 0..<300 { shared.value.onNext(index) }
                    } else {
                        subscriptions.add(shared.value.subscribe(checkers.value[thread - 1]))
                    }
                }
                subject.onCompleted()
                for checker in checkers.value {
                    // An unbounded replay plus the live elements: every element exactly once.
                    #expect(checker.violationCount == 0)
                    #expect(checker.count == 300)
                    #expect(checker.terminals == 1)
                }
                subscriptions.disposeAll()
            }
        }
    }
}

/// What ``RippleTests/ReplaySubjectTests/aSubscriberReplayingWhileAnotherThreadEmitsIsNotKeptDeliveringItsElements()``
/// shares between its threads.
private final class ReplayCaptureProbe: Sendable {
    let stop = Atomic<Bool>(false)
    let attempts = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let subscribingThread = Atomic<UInt>(0)
    let deliveredOnSubscribingThread = Atomic<Int>(0)

    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

/// The late subscriber's state; touched only by its own deliveries, which a subject
/// serialises, and read by the test after `subscribe` returned and the emitter stopped.
private final class LateSubscription {
    var values: [Int] = []
    var subscription: Disposable?
}
