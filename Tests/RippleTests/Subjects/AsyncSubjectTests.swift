import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct AsyncSubjectTests {
        // MARK: Early, late and disposed subscribers (RxSwift's scenario)

        @Test func nothingIsSentBeforeTheEnd() {
            let run = SubjectScenario.run(SubjectScenario.infinite) { AsyncSubject<Int>() }
            #expect(run.first.events == [])
            #expect(run.second.events == [])
            #expect(run.third.events == [])
        }

        @Test func completionSendsTheLastElementThenCompletesAndLaterSubscribersGetTheSame() {
            let run = SubjectScenario.run(SubjectScenario.finite) { AsyncSubject<Int>() }
            #expect(run.first.events == [])
            #expect(run.second.events == [.next(630, 7), .completed(630)])
            #expect(run.third.events == [.next(900, 7), .completed(900)])
        }

        @Test func anErrorIsSentAloneAndLaterSubscribersGetIt() {
            let run = SubjectScenario.run(SubjectScenario.failing) { AsyncSubject<Int>() }
            #expect(run.first.events == [])
            #expect(run.second.events == [.error(630, TestError())])
            #expect(run.third.events == [.error(900, TestError())])
        }

        @Test func completionWithoutElementsJustCompletes() {
            let run = SubjectScenario.run(SubjectScenario.empty) { AsyncSubject<Int>() }
            #expect(run.first.events == [])
            #expect(run.second.events == [.completed(630)])
            #expect(run.third.events == [.completed(900)])
        }

        @Test func everyObserverGetsTheLastElementBeforeAnyCompletion() {
            // Event by event, as RxSwift: the element to everyone, then completion.
            let subject = AsyncSubject<Int>()
            var log: [String] = []
            let a = subject.subscribe(onNext: { log.append("a \($0)") }, onCompleted: { log.append("a completed") })
            let b = subject.subscribe(onNext: { log.append("b \($0)") }, onCompleted: { log.append("b completed") })
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            #expect(log == ["a 2", "b 2", "a completed", "b completed"])
            a.dispose()
            b.dispose()
        }

        // MARK: hasObservers

        @Test func hasObserversFollowsSubscriptions() {
            #expect(checkHasObservers({ AsyncSubject<Int>() }, hasObservers: { $0.hasObservers }) == expectedHasObservers)
        }

        @Test func aDisposedSubscriptionGetsNothingAtTheEnd() {
            let subject = AsyncSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            subject.onNext(1)
            subscription.dispose()
            #expect(!subject.hasObservers)
            subject.onCompleted()
            #expect(recorder.events == [])
        }

        // MARK: The observer side and reentrancy

        @Test func onNextAndOnAreTheSameRoad() {
            let subject = AsyncSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            subject.onNext(1)
            subject.on(.next(2))
            subject.asObserver().on(.completed)
            subject.onNext(3)
            #expect(recorder.events == [.next(2), .completed])
            let observerSide: AsyncSubject<Int> = subject.asObserver()
            #expect(ObjectIdentifier(observerSide) == ObjectIdentifier(subject))
            subscription.dispose()
        }

        @Test func anObserverSubscribingAtTheEndGetsTheOutcomeAtOnce() {
            let subject = AsyncSubject<Int>()
            var log: [String] = []
            var inner: Disposable?
            let outer = subject.subscribe(onCompleted: {
                inner = subject.subscribe(onNext: { log.append("inner \($0)") }, onCompleted: { log.append("inner completed") })
                log.append("subscribed")
            })
            subject.onNext(5)
            subject.onCompleted()
            #expect(log == ["inner 5", "inner completed", "subscribed"])
            outer.dispose()
            inner?.dispose()
        }

        // MARK: Threads

        @Test func elementsFromSeveralThreadsThenCompletionSendOneLastElement() {
            for _ in 0..<200 {
                let subject = AsyncSubject<Int>()
                let checker = OrderChecker()
                let subscription = subject.subscribe(checker)
                let shared = Unchecked(subject)
                let subscriptions = DisposableCollector()
                DispatchQueue.concurrentPerform(iterations: 3) { thread in
                    if thread < 2 {
                        for index in 0..<100 { shared.value.onNext(thread * OrderChecker.stride + index) }
                    } else {
                        subscriptions.add(shared.value.subscribe(onNext: { _ in }))
                    }
                }
                subject.onCompleted()
                #expect(checker.count == 1)
                #expect(checker.terminals == 1)
                #expect(checker.violationCount == 0)
                subscription.dispose()
                subscriptions.disposeAll()
            }
        }
    }
}
