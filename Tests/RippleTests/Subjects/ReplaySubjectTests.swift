#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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

        /// See ``ReplayingSubjectChecks/subscriberIsNotKeptDeliveringAnotherThreadsElements(_:_:sourceLocation:)``.
        @Test func aSubscriberReplayingWhileAnotherThreadEmitsIsNotKeptDeliveringItsElements() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            ReplayingSubjectChecks.subscriberIsNotKeptDeliveringAnotherThreadsElements(subject.asObservable(), AnyObserver(subject))
        }

        @Test func anEmitterDoesNotWaitForAReplayOnAnotherThread() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subject.onNext(7)
            ReplayingSubjectChecks.emitterDoesNotWaitForAReplayOnAnotherThread(subject.asObservable(), AnyObserver(subject), replayed: 7)
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
