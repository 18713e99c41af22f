import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct PublishSubjectTests {
        // MARK: Early, late and disposed subscribers (RxSwift's scenario)

        @Test func eachObserverGetsTheElementsSentWhileSubscribed() {
            let run = SubjectScenario.run(SubjectScenario.infinite) { PublishSubject<Int>() }
            #expect(run.first.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(410, 6), .next(520, 7), .next(630, 8)])
            #expect(run.third.events == [.next(940, 11)])
        }

        @Test func completionReachesCurrentObserversAndLaterSubscribersAtOnce() {
            let run = SubjectScenario.run(SubjectScenario.finite) { PublishSubject<Int>() }
            #expect(run.first.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(410, 6), .next(520, 7), .completed(630)])
            #expect(run.third.events == [.completed(900)])
        }

        @Test func anErrorReachesCurrentObserversAndLaterSubscribersAtOnce() {
            let run = SubjectScenario.run(SubjectScenario.failing) { PublishSubject<Int>() }
            #expect(run.first.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
            #expect(run.second.events == [.next(410, 6), .next(520, 7), .error(630, TestError())])
            #expect(run.third.events == [.error(900, TestError())])
        }

        @Test func emptySourceCompletesTheSubject() {
            let run = SubjectScenario.run(SubjectScenario.empty) { PublishSubject<Int>() }
            #expect(run.first.events == [])
            #expect(run.second.events == [.completed(630)])
            #expect(run.third.events == [.completed(900)])
        }

        @Test func elementsSentBeforeSubscribingAreNotReplayed() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = PublishSubject<Int>()
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(100) { subscriptions.append(subject.subscribe(early)) }
            scheduler.scheduleAt(150) { subject.onNext(1) }
            scheduler.scheduleAt(200) { subscriptions.append(subject.subscribe(late)) }
            scheduler.scheduleAt(250) { subject.onNext(2) }
            scheduler.scheduleAt(300) { subject.onCompleted() }
            scheduler.scheduleAt(350) { subject.onNext(3) }
            scheduler.start()
            #expect(early.events == [.next(150, 1), .next(250, 2), .completed(300)])
            #expect(late.events == [.next(250, 2), .completed(300)])
            subscriptions.forEach { $0.dispose() }
        }

        // MARK: hasObservers, dispose

        @Test func hasObserversFollowsSubscriptions() {
            #expect(checkHasObservers({ PublishSubject<Int>() }, hasObservers: { $0.hasObservers }) == expectedHasObservers)
        }

        @Test func hasObserversIsFalseOnceTheSubjectStops() {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onCompleted()
            #expect(!subject.hasObservers)
            subscription.dispose()
        }

        @Test func disposingTheSubjectSilencesObserversAndRefusesNewOnes() {
            let subject = PublishSubject<Int>()
            let early = EventRecorder<Int>()
            let subscription = subject.subscribe(early)
            subject.onNext(1)
            #expect(!subject.isDisposed)
            subject.dispose()
            #expect(subject.isDisposed)
            #expect(!subject.hasObservers)
            subject.onNext(2)
            subject.onCompleted()
            #expect(early.events == [.next(1)])

            let late = EventRecorder<Int>()
            _ = subject.subscribe(late)
            #expect(late.events == [.error(String(describing: RxError.disposed(object: subject)))])
            #expect(late.events.first?.description.contains("PublishSubject") == true)
            subscription.dispose()
        }

        @Test func disposingAStoppedSubjectRefusesLaterSubscribersWithDisposed() {
            let subject = PublishSubject<Int>()
            subject.onError(TestError())
            subject.dispose()
            let late = EventRecorder<Int>()
            _ = subject.subscribe(late)
            #expect(late.events == [.error(String(describing: RxError.disposed(object: subject)))])
        }

        @Test func disposingASubscriptionTwiceIsHarmless() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            subscription.dispose()
            subscription.dispose()
            subject.onNext(1)
            #expect(recorder.events == [])
            #expect(!subject.hasObservers)
        }

        // MARK: The observer side

        @Test func onNextOnAndTheHelpersAreTheSameRoad() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            subject.onNext(1)
            subject.on(.next(2))
            subject.asObserver().onNext(3)
            AnyObserver(subject).onNext(4)
            subject.onCompleted()
            subject.onError(TestError())
            #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
            let observerSide: PublishSubject<Int> = subject.asObserver()
            #expect(ObjectIdentifier(observerSide) == ObjectIdentifier(subject))
            subscription.dispose()
        }

        @Test func everySubjectIsASubjectTypeWhoseObserverIsItself() {
            func sendOneThroughTheObserverSide<Subject: SubjectType>(_ subject: Subject) -> [Recorded<Int>] where Subject.Element == Int, Subject.Observer.Element == Int {
                let recorder = EventRecorder<Int>()
                let subscription = subject.subscribe(recorder)
                subject.asObserver().onNext(1)
                subject.asObserver().onCompleted()
                subscription.dispose()
                return recorder.events
            }
            #expect(sendOneThroughTheObserverSide(PublishSubject<Int>()) == [.next(1), .completed])
            #expect(sendOneThroughTheObserverSide(BehaviorSubject(value: 0)) == [.next(0), .next(1), .completed])
            #expect(sendOneThroughTheObserverSide(ReplaySubject<Int>.create(bufferSize: 1)) == [.next(1), .completed])
            #expect(sendOneThroughTheObserverSide(AsyncSubject<Int>()) == [.next(1), .completed])
        }

        @Test func ripplesOwnSubscribersTakeTheElementRoad() {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var completed = false
            let subscription = subject.asObservable().subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            #expect(received == [1, 2])
            #expect(completed)
            subscription.dispose()
        }

        @Test func aSourceSubscribedToTheSubjectFeedsIt() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            let feed = Observable.of(1, 2, 3).subscribe(subject)
            #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
            feed.dispose()
            subscription.dispose()
        }

        @Test func theSubjectAndItsObserversAreReleasedWithoutDisposing() {
            // The subscription does not keep the subject's observers from being freed
            // with the subject: the suite's resource check fails otherwise.
            var subject: PublishSubject<Int>? = PublishSubject()
            var subscription: Disposable? = subject?.subscribe(onNext: { _ in })
            subject?.onNext(1)
            subject = nil
            subscription = nil
            #expect(subject == nil && subscription == nil)
        }

        // MARK: Reentrancy

        @Test func anObserverEmittingIntoItsOwnSubjectDoesNotDeadlockAndKeepsOrder() {
            let subject = PublishSubject<Int>()
            var first: [String] = []
            var second: [String] = []
            var ranAll = false
            let a = subject.subscribe(onNext: { value in
                first.append("next(\(value))")
                if value == 0 {
                    subject.onNext(1)
                    first.append("after emitting 1")
                } else if value == 1 {
                    subject.onCompleted()
                    ranAll = true
                }
            }, onCompleted: { first.append("completed") })
            let b = subject.subscribe(onNext: { second.append("next(\($0))") }, onCompleted: { second.append("completed") })
            subject.onNext(0)
            #expect(ranAll)
            // The nested 1 waits until 0 has reached every observer.
            #expect(first == ["next(0)", "after emitting 1", "next(1)", "completed"])
            #expect(second == ["next(0)", "next(1)", "completed"])
            a.dispose()
            b.dispose()
        }

        @Test func anObserverEmittingAnErrorIntoItsOwnSubjectEndsIt() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let a = subject.subscribe(onNext: { value in
                if value == 0 { subject.onNext(1) } else { subject.onError(TestError()) }
            }, onError: { _ in })
            let b = subject.subscribe(recorder)
            subject.onNext(0)
            #expect(recorder.events == [.next(0), .next(1), .error(TestError())])
            a.dispose()
            b.dispose()
        }

        @Test func deepReentrancyRunsInALoopNotOnTheStack() {
            let subject = PublishSubject<Int>()
            var count = 0
            let subscription = subject.subscribe(onNext: { value in
                count += 1
                if value < 100_000 { subject.onNext(value + 1) }
            })
            subject.onNext(0)
            #expect(count == 100_001)
            subscription.dispose()
        }

        @Test func anObserverDisposedByAnotherDuringDeliveryHearsNothingMore() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            var second: Disposable?
            let first = subject.subscribe(onNext: { _ in second?.dispose() })
            second = subject.subscribe(recorder)
            subject.onNext(1)
            subject.onNext(2)
            #expect(recorder.events == [])
            first.dispose()
        }

        @Test func anObserverDisposingItselfGetsNoQueuedEvents() {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var subscription: Disposable?
            subscription = subject.subscribe(onNext: { value in
                received.append(value)
                if value == 0 {
                    subject.onNext(1)          // queued until 0 is delivered
                    subscription?.dispose()    // … so this observer never gets it
                }
            })
            let witness = EventRecorder<Int>()
            let other = subject.subscribe(witness)
            subject.onNext(0)
            #expect(received == [0])
            #expect(witness.events == [.next(0), .next(1)])
            other.dispose()
        }

        @Test func anObserverSubscribingDuringDeliveryGetsOnlyLaterEvents() {
            let subject = PublishSubject<Int>()
            let late = EventRecorder<Int>()
            var lateSubscription: Disposable?
            let first = subject.subscribe(onNext: { value in
                if value == 1 { lateSubscription = subject.subscribe(late) }
            })
            subject.onNext(1)
            subject.onNext(2)
            #expect(late.events == [.next(2)])
            first.dispose()
            lateSubscription?.dispose()
        }

        @Test func observersJoiningAndLeavingDuringEveryDeliveryGetExactlyTheirShare() {
            // The first observer, on each element k, adds observer k and removes the
            // oldest once three are live: the list being delivered changes under it.
            let subject = PublishSubject<Int>()
            var received: [Int: [Int]] = [:]
            var live: [Disposable] = []
            let driver = subject.subscribe(onNext: { element in
                live.append(subject.subscribe(onNext: { received[element, default: []].append($0) }))
                if live.count > 2 {
                    live.removeFirst().dispose()
                }
            })
            for element in 0..<1_000 {
                subject.onNext(element)
            }
            // Observer k joined during element k (too late for it), got element k + 1,
            // and was removed during element k + 2 before its turn came.
            #expect((0..<999).allSatisfy { received[$0] == [$0 + 1] })
            #expect(received[999] == nil)
            driver.dispose()
            live.forEach { $0.dispose() }
            #expect(!subject.hasObservers)
        }

        // MARK: Threads

        @Test func emittingFromSeveralThreadsDeliversEverythingInOrderOneAtATime() {
            for _ in 0..<200 {
                let subject = PublishSubject<Int>()
                let checker = OrderChecker()
                let subscription = subject.subscribe(checker)
                let threads = 4
                let perThread = 200
                let shared = Unchecked(subject)
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    for index in 0..<perThread {
                        shared.value.onNext(thread * OrderChecker.stride + index)
                    }
                }
                subject.onCompleted()
                #expect(checker.violationCount == 0)
                #expect(checker.count == threads * perThread)
                #expect(checker.terminals == 1)
                subscription.dispose()
            }
        }

        @Test func subscribingDisposingAndEmittingFromSeveralThreads() {
            for _ in 0..<200 {
                let subject = PublishSubject<Int>()
                let steady = OrderChecker()
                let steadySubscription = subject.subscribe(steady)
                let shared = Unchecked(subject)
                let churned = Counter()
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    if thread < 2 {
                        for index in 0..<100 {
                            shared.value.onNext(thread * OrderChecker.stride + index)
                        }
                    } else {
                        for _ in 0..<50 {
                            let checker = OrderChecker()
                            let subscription = shared.value.subscribe(checker)
                            subscription.dispose()
                            if checker.violationCount > 0 { churned.increment() }
                        }
                    }
                }
                subject.onCompleted()
                #expect(steady.violationCount == 0)
                #expect(steady.count == 200)
                #expect(steady.terminals == 1)
                #expect(churned.value == 0)
                #expect(!subject.hasObservers)
                steadySubscription.dispose()
            }
        }

        @Test func racingTerminalEventsEndTheSubjectOnce() {
            for _ in 0..<300 {
                let subject = PublishSubject<Int>()
                let checker = OrderChecker()
                let subscription = subject.subscribe(checker)
                let shared = Unchecked(subject)
                DispatchQueue.concurrentPerform(iterations: 3) { thread in
                    switch thread {
                    case 0: shared.value.onCompleted()
                    case 1: shared.value.onError(TestError())
                    default: shared.value.onNext(1)
                    }
                }
                #expect(checker.terminals == 1)
                #expect(checker.violationCount == 0)
                subscription.dispose()
            }
        }

        @Test func disposingTheSubjectWhileOthersEmit() {
            for _ in 0..<300 {
                let subject = PublishSubject<Int>()
                let checker = OrderChecker()
                let subscription = subject.subscribe(checker)
                let shared = Unchecked(subject)
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    if thread == 0 {
                        for index in 0..<50 { shared.value.onNext(index) }
                    } else {
                        shared.value.dispose()
                    }
                }
                let countAfterRace = checker.count
                subject.onNext(99)
                #expect(checker.count == countAfterRace)
                #expect(checker.violationCount == 0)
                #expect(subject.isDisposed)
                subscription.dispose()
            }
        }
    }
}
