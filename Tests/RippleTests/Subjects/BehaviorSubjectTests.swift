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
    @Suite struct BehaviorSubjectTests {
        // MARK: Early, late and disposed subscribers (RxSwift's scenario)

        @Test func eachSubscriberGetsTheCurrentValueThenLaterElements() {
            let run = SubjectScenario.run(SubjectScenario.infinite) { BehaviorSubject(value: 100) }
            #expect(run.first.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8)])
            #expect(run.third.events == [.next(900, 10), .next(940, 11)])
        }

        @Test func afterCompletionLateSubscribersGetOnlyTheCompletion() {
            let run = SubjectScenario.run(SubjectScenario.finite) { BehaviorSubject(value: 100) }
            #expect(run.first.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(400, 5), .next(410, 6), .next(520, 7), .completed(630)])
            #expect(run.third.events == [.completed(900)])
        }

        @Test func afterAnErrorLateSubscribersGetOnlyTheError() {
            let run = SubjectScenario.run(SubjectScenario.failing) { BehaviorSubject(value: 100) }
            #expect(run.first.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(400, 5), .next(410, 6), .next(520, 7), .error(630, TestError())])
            #expect(run.third.events == [.error(900, TestError())])
        }

        @Test func withoutElementsSubscribersGetTheInitialValue() {
            let run = SubjectScenario.run(SubjectScenario.empty) { BehaviorSubject(value: 100) }
            #expect(run.first.events == [.next(300, 100)])
            #expect(run.second.events == [.next(400, 100), .completed(630)])
            #expect(run.third.events == [.completed(900)])
        }

        // MARK: value()

        @Test func valueIsTheInitialValueThenTheLastElement() throws {
            let subject = BehaviorSubject(value: 1)
            #expect(try subject.value() == 1)
            subject.onNext(2)
            #expect(try subject.value() == 2)
            subject.on(.next(3))
            #expect(try subject.value() == 3)
        }

        @Test func valueKeepsTheLastElementAfterCompletion() throws {
            let subject = BehaviorSubject(value: 1)
            subject.onNext(2)
            subject.onCompleted()
            subject.onNext(3)
            #expect(try subject.value() == 2)
        }

        @Test func valueThrowsTheErrorAfterAnError() {
            let subject = BehaviorSubject(value: 1)
            subject.onError(TestError(id: 7))
            do {
                _ = try subject.value()
                Issue.record("value() returned after an error")
            } catch {
                #expect(error as? TestError == TestError(id: 7))
            }
        }

        @Test func valueThrowsDisposedAfterDispose() {
            let subject = BehaviorSubject(value: 1)
            subject.dispose()
            #expect(subject.isDisposed)
            do {
                _ = try subject.value()
                Issue.record("value() returned after dispose")
            } catch let error as RxError {
                guard case .disposed(let object) = error else {
                    Issue.record("expected RxError.disposed, got \(error)")
                    return
                }
                #expect(ObjectIdentifier(object) == ObjectIdentifier(subject))
            } catch {
                Issue.record("expected RxError.disposed, got \(error)")
            }
        }

        // MARK: hasObservers, dispose

        @Test func hasObserversFollowsSubscriptions() {
            #expect(checkHasObservers({ BehaviorSubject(value: 0) }, hasObservers: { $0.hasObservers }) == expectedHasObservers)
        }

        @Test func disposingSilencesObserversAndRefusesNewOnes() {
            let subject = BehaviorSubject(value: 1)
            let early = EventRecorder<Int>()
            let subscription = subject.subscribe(early)
            subject.dispose()
            subject.onNext(2)
            #expect(early.events == [.next(1)])
            #expect(!subject.hasObservers)
            let late = EventRecorder<Int>()
            _ = subject.subscribe(late)
            #expect(late.events == [.error(String(describing: RxError.disposed(object: subject)))])
            subscription.dispose()
        }

        // MARK: Reentrancy

        @Test func anObserverEmittingIntoItsOwnSubjectKeepsOrderForEveryone() throws {
            let subject = BehaviorSubject(value: 0)
            var first: [Int] = []
            let a = subject.subscribe(onNext: { value in
                first.append(value)
                if value == 1 { subject.onNext(2) }
            })
            let witness = EventRecorder<Int>()
            let b = subject.subscribe(witness)
            subject.onNext(1)
            #expect(first == [0, 1, 2])
            #expect(witness.events == [.next(0), .next(1), .next(2)])
            #expect(try subject.value() == 2)
            a.dispose()
            b.dispose()
        }

        @Test func subscribingFromInsideAnObserverReplaysTheValueAtOnce() {
            // As in RxSwift: the new subscriber gets the current value inside `subscribe`.
            let subject = BehaviorSubject(value: 0)
            var log: [String] = []
            var inner: Disposable?
            let outer = subject.subscribe(onNext: { value in
                log.append("outer \(value)")
                if value == 1 {
                    inner = subject.subscribe(onNext: { log.append("inner \($0)") })
                    log.append("subscribed")
                }
            })
            subject.onNext(1)
            subject.onNext(2)
            #expect(log == ["outer 0", "outer 1", "inner 1", "subscribed", "outer 2", "inner 2"])
            outer.dispose()
            inner?.dispose()
        }

        @Test func subscribingInsideAnObserverAfterANestedEmissionReplaysTheNewestValueOnce() {
            let subject = BehaviorSubject(value: 0)
            let inner = EventRecorder<Int>()
            var innerSubscription: Disposable?
            let outer = subject.subscribe(onNext: { value in
                if value == 1 {
                    subject.onNext(2)                           // queued: delivered after 1
                    innerSubscription = subject.subscribe(inner)  // sees 2 as the value
                }
            })
            subject.onNext(1)
            subject.onNext(3)
            #expect(inner.events == [.next(2), .next(3)])
            outer.dispose()
            innerSubscription?.dispose()
        }

        // MARK: Threads
        /// The subject's value is replayed like ReplaySubject's buffer: see
        /// ``ReplayingSubjectChecks/subscriberIsNotKeptDeliveringAnotherThreadsElements(_:_:sourceLocation:)``.
        @Test func aSubscriberGettingTheValueWhileAnotherThreadEmitsIsNotKeptDeliveringItsElements() {
            let subject = BehaviorSubject(value: -1)
            ReplayingSubjectChecks.subscriberIsNotKeptDeliveringAnotherThreadsElements(subject.asObservable(), AnyObserver(subject))
        }

        @Test func anEmitterDoesNotWaitForAReplayOnAnotherThread() {
            let subject = BehaviorSubject(value: 7)
            ReplayingSubjectChecks.emitterDoesNotWaitForAReplayOnAnotherThread(subject.asObservable(), AnyObserver(subject), replayed: 7)
        }


        @Test func aSubscriberJoiningWhileOthersEmitGetsTheValueFirstAndNoDuplicates() {
            for _ in 0..<200 {
                let subject = BehaviorSubject(value: 0)
                let shared = Unchecked(subject)
                let checkers = Unchecked([OrderChecker(), OrderChecker(), OrderChecker()])
                let subscriptions = DisposableCollector()
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    if thread == 0 {
                        for index in 1...300 { shared.value.onNext(index) }
                    } else {
                        subscriptions.add(shared.value.subscribe(checkers.value[thread - 1]))
                    }
                }
                subject.onCompleted()
                for checker in checkers.value {
                    // Ordered (no element older than one already received) and complete.
                    #expect(checker.violationCount == 0)
                    #expect(checker.terminals == 1)
                    #expect(checker.count >= 1)
                }
                subscriptions.disposeAll()
            }
        }

        @Test func emittingFromSeveralThreadsKeepsTheLastAcceptedValue() throws {
            let subject = BehaviorSubject(value: -1)
            let checker = OrderChecker()
            let subscription = subject.subscribe(checker)
            let shared = Unchecked(subject)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<500 { shared.value.onNext(thread * OrderChecker.stride + index) }
            }
            #expect(checker.violationCount == 0)
            #expect(checker.count == 1 + 4 * 500)
            #expect(try subject.value() % OrderChecker.stride == 499)
            subscription.dispose()
        }
    }
}
