import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct MergeTests {
        // MARK: Observable.merge(…) of given sources

        /// The three spellings of the static `merge`.
        static var staticMerges: [(String, ([Observable<Int>]) -> Observable<Int>)] { [
            ("variadic", { sources in
                switch sources.count {
                case 0: Observable.merge()
                case 1: Observable.merge(sources[0])
                case 2: Observable.merge(sources[0], sources[1])
                default: Observable.merge(sources[0], sources[1], sources[2])
                }
            }),
            ("array", { Observable.merge($0) }),
            ("collection", { Observable.merge(AnyCollection($0)) }),
        ] }

        @Test func staticMergeSendsElementsAsTheyArriveAndCompletesAfterTheLastSource() {
            for (spelling, merge) in Self.staticMerges {
                let scheduler = TestScheduler(initialClock: 0)
                let a = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)])
                let b = scheduler.createColdObservable([.next(20, 2), .next(50, 5), .completed(70)])
                let c = scheduler.createColdObservable([.next(25, 4), .completed(60)])
                let observer = scheduler.start { merge([a.asObservable(), b.asObservable(), c.asObservable()]) }
                #expect(observer.events == [
                    .next(210, 1), .next(220, 2), .next(225, 4), .next(230, 3), .next(250, 5), .completed(270),
                ], "\(spelling)")
                #expect(a.subscriptions == [Subscription(200, 240)], "\(spelling)")
                #expect(b.subscriptions == [Subscription(200, 270)], "\(spelling)")
                #expect(c.subscriptions == [Subscription(200, 260)], "\(spelling)")
            }
        }

        @Test func staticMergeFailsWithTheFirstErrorAndDisposesTheOtherSources() {
            for (spelling, merge) in Self.staticMerges {
                let scheduler = TestScheduler(initialClock: 0)
                let a = scheduler.createColdObservable([.next(10, 1), .error(25, TestError())])
                let b = scheduler.createColdObservable([.next(20, 2), .next(40, 4), .completed(50)])
                let c = scheduler.createColdObservable([.next(30, 3), .completed(90)])
                let observer = scheduler.start { merge([a.asObservable(), b.asObservable(), c.asObservable()]) }
                #expect(observer.events == [.next(210, 1), .next(220, 2), .error(225, TestError())], "\(spelling)")
                #expect(a.subscriptions == [Subscription(200, 225)], "\(spelling)")
                #expect(b.subscriptions == [Subscription(200, 225)], "\(spelling)")
                #expect(c.subscriptions == [Subscription(200, 225)], "\(spelling)")
            }
        }

        @Test func staticMergeOfNoSourcesCompletesAtOnce() {
            for (spelling, merge) in Self.staticMerges {
                let scheduler = TestScheduler(initialClock: 0)
                let observer = scheduler.start { merge([]) }
                #expect(observer.events == [.completed(200)], "\(spelling)")
            }
        }

        @Test func staticMergeOfEmptySourcesCompletesAtOnce() {
            for (spelling, merge) in Self.staticMerges {
                let scheduler = TestScheduler(initialClock: 0)
                let observer = scheduler.start { merge([.empty(), .empty()]) }
                #expect(observer.events == [.completed(200)], "\(spelling)")
            }
        }

        @Test func staticMergeWaitsForTheSourcesThatAreNotEmpty() {
            for (spelling, merge) in Self.staticMerges {
                let scheduler = TestScheduler(initialClock: 0)
                let b = scheduler.createColdObservable([.next(15, 7), .completed(35)])
                let observer = scheduler.start { merge([.empty(), b.asObservable()]) }
                #expect(observer.events == [.next(215, 7), .completed(235)], "\(spelling)")
                #expect(b.subscriptions == [Subscription(200, 235)], "\(spelling)")
            }
        }

        @Test func disposingTheStaticMergeDisposesEverySource() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let b = scheduler.createColdObservable([.next(20, 2), .next(40, 4), .completed(50)])
            let c = scheduler.createColdObservable([.next(30, 3), .completed(90)])
            let observer = scheduler.start(disposed: 235) { Observable.merge(a.asObservable(), b.asObservable(), c.asObservable()) }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(a.subscriptions == [Subscription(200, 220)])
            #expect(b.subscriptions == [Subscription(200, 235)])
            #expect(c.subscriptions == [Subscription(200, 235)])
        }

        @Test func synchronousSourcesInterleaveThroughTheTrampoline() {
            // `of` sends each element as a step of the current thread's trampoline, so
            // two of them merged take turns, as in RxSwift.
            let events = Observable.merge(Observable.of(1, 2, 3), Observable.of(10, 20, 30)).recordSynchronously()
            #expect(events == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
        }

        @Test func sourcesThatSendDuringSubscriptionComeOneAfterAnother() {
            // `just` sends during its subscription, before the next source is subscribed.
            let events = Observable.merge(Observable.just(1), Observable.of(10, 20), Observable.just(2)).recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(10), .next(20), .completed])
        }

        @Test func aSynchronousErrorStopsSubscribingTheRemainingSources() {
            let scheduler = TestScheduler(initialClock: 0)
            let later = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let observer = scheduler.start { Observable.merge(.just(0), .error(TestError()), later.asObservable()) }
            #expect(observer.events == [.next(200, 0), .error(200, TestError())])
            #expect(later.subscriptions.isEmpty)
        }

        @Test func anElementSentFromInsideTheObserverArrivesAfterTheCurrentOne() {
            // The observer's reaction to 1 makes `a` send 2 on the same thread: the
            // merge is still forwarding 1, so 2 waits for that call to return.
            let a = ManualSource<Int>()
            let b = ManualSource<Int>()
            var received: [Int] = []
            var depth = 0
            var deepest = 0
            let subscription = Observable.merge(a.observable, b.observable).subscribe(onNext: { element in
                depth += 1
                deepest = max(deepest, depth)
                received.append(element)
                if element == 1 {
                    a.onNext(2)
                    b.onNext(3)
                }
                depth -= 1
            })
            a.onNext(1)
            b.onNext(4)
            #expect(received == [1, 2, 3, 4])
            #expect(deepest == 1)
            subscription.dispose()
            a.release()
            b.release()
        }

        @Test func disposingFromInsideTheObserverDisposesEverySource() {
            let a = ManualSource<Int>()
            let b = ManualSource<Int>()
            var received: [Int] = []
            var subscription: Disposable?
            subscription = Observable.merge(a.observable, b.observable).subscribe(onNext: { element in
                received.append(element)
                subscription?.dispose()
            })
            a.onNext(1)
            a.onNext(2)
            b.onNext(3)
            #expect(received == [1])
            #expect(a.disposals.value == 1)
            #expect(b.disposals.value == 1)
            a.release()
            b.release()
        }

        // MARK: merge() of an observable of observables

        @Test func mergeSubscribesEachInnerSequenceAsItArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 11), .next(120, 12), .completed(150)])
            let second = scheduler.createColdObservable([.next(50, 21), .next(60, 22), .completed(250)])
            let outer = scheduler.createHotObservable([.next(300, first), .next(400, second), .completed(600)])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.next(310, 11), .next(420, 12), .next(450, 21), .next(460, 22), .completed(650)])
            #expect(outer.subscriptions == [Subscription(200, 600)])
            #expect(first.subscriptions == [Subscription(300, 450)])
            #expect(second.subscriptions == [Subscription(400, 650)])
        }

        @Test func mergeCompletesWithTheOuterSequenceWhenTheInnerOnesAreDone() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 11), .completed(20)])
            let second = scheduler.createColdObservable([.next(5, 21), .completed(30)])
            let outer = scheduler.createHotObservable([.next(300, first), .next(400, second), .completed(700)])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.next(310, 11), .next(405, 21), .completed(700)])
            #expect(outer.subscriptions == [Subscription(200, 700)])
            #expect(first.subscriptions == [Subscription(300, 320)])
            #expect(second.subscriptions == [Subscription(400, 430)])
        }

        @Test func anInnerErrorEndsTheMergeAndDisposesEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 11), .next(120, 12), .completed(150)])
            let second = scheduler.createColdObservable([.next(10, 21), .error(30, TestError(id: 2))])
            let third = scheduler.createColdObservable([.next(10, 31), .completed(20)])
            let outer = scheduler.createHotObservable([.next(300, first), .next(400, second), .next(500, third), .completed(600)])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.next(310, 11), .next(410, 21), .next(420, 12), .error(430, TestError(id: 2))])
            #expect(outer.subscriptions == [Subscription(200, 430)])
            #expect(first.subscriptions == [Subscription(300, 430)])
            #expect(second.subscriptions == [Subscription(400, 430)])
            #expect(third.subscriptions.isEmpty)
        }

        @Test func anOuterErrorEndsTheMergeAndDisposesTheInnerSequences() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 11), .next(120, 12), .completed(150)])
            let outer = scheduler.createHotObservable([.next(300, first), .error(350, TestError())])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.next(310, 11), .error(350, TestError())])
            #expect(outer.subscriptions == [Subscription(200, 350)])
            #expect(first.subscriptions == [Subscription(300, 350)])
        }

        @Test func disposingTheMergeMidwayDisposesTheOuterAndInnerSequences() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 11), .next(120, 12), .completed(150)])
            let second = scheduler.createColdObservable([.next(50, 21), .completed(250)])
            let outer = scheduler.createHotObservable([.next(300, first), .next(400, second), .completed(600)])
            let observer = scheduler.start(disposed: 430) { outer.merge() }
            #expect(observer.events == [.next(310, 11), .next(420, 12)])
            #expect(outer.subscriptions == [Subscription(200, 430)])
            #expect(first.subscriptions == [Subscription(300, 430)])
            #expect(second.subscriptions == [Subscription(400, 430)])
        }

        @Test func mergeOfAnEmptyOuterSequenceCompletesWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.completed(250, TestableObservable<Int>.self)])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.completed(250)])
            #expect(outer.subscriptions == [Subscription(200, 250)])
        }

        @Test func mergeDoesNotCompleteWhileAnInnerSequenceRuns() {
            let scheduler = TestScheduler(initialClock: 0)
            let endless = scheduler.createColdObservable([.next(10, 1)])
            let outer = scheduler.createHotObservable([.next(300, endless), .completed(400)])
            let observer = scheduler.start { outer.merge() }
            #expect(observer.events == [.next(310, 1)])
            #expect(outer.subscriptions == [Subscription(200, 400)])
            #expect(endless.subscriptions == [Subscription(300, 1000)])
        }

        @Test func mergeOfSynchronousInnerSequencesInterleavesThem() {
            // Trampoline steps: the outer `of` sends `a`, whose subscription queues a's
            // first step behind the outer's next one: [a, outer]. a sends 1: [outer, a].
            // The outer sends `b`: [a, b, outer]. a sends 2, b sends 10, the outer
            // completes, a sends 3, b sends 20, a completes, b sends 30 and completes.
            let events = Observable.of(Observable.of(1, 2, 3), Observable.of(10, 20, 30)).merge().recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(10), .next(3), .next(20), .next(30), .completed])
        }

        // MARK: merge(maxConcurrent:) and concat()

        @Test func mergeWithALimitQueuesInnerSequencesUntilOneCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
            let b = scheduler.createColdObservable([.next(20, 2), .next(80, 3), .completed(100)])
            let c = scheduler.createColdObservable([.next(10, 4), .completed(30)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(220, b), .next(230, c), .completed(240)])
            let observer = scheduler.start { outer.merge(maxConcurrent: 2) }
            #expect(observer.events == [.next(220, 1), .next(240, 2), .next(270, 4), .next(300, 3), .completed(320)])
            #expect(outer.subscriptions == [Subscription(200, 240)])
            #expect(a.subscriptions == [Subscription(210, 260)])
            #expect(b.subscriptions == [Subscription(220, 320)])
            #expect(c.subscriptions == [Subscription(260, 290)])
        }

        @Test func mergeWithALimitCompletesWithALateOuterSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(215, b), .completed(500)])
            let observer = scheduler.start { outer.merge(maxConcurrent: 1) }
            #expect(observer.events == [.next(220, 1), .next(240, 2), .completed(500)])
            #expect(a.subscriptions == [Subscription(210, 230)])
            #expect(b.subscriptions == [Subscription(230, 250)])
        }

        @Test func anInnerErrorWithALimitDisposesTheRunningOnesAndDropsTheQueuedOnes() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .error(30, TestError())])
            let b = scheduler.createColdObservable([.next(10, 2), .completed(100)])
            let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(220, b), .next(225, c), .completed(300)])
            let observer = scheduler.start { outer.merge(maxConcurrent: 2) }
            #expect(observer.events == [.next(220, 1), .next(230, 2), .error(240, TestError())])
            #expect(outer.subscriptions == [Subscription(200, 240)])
            #expect(a.subscriptions == [Subscription(210, 240)])
            #expect(b.subscriptions == [Subscription(220, 240)])
            #expect(c.subscriptions.isEmpty)
        }

        @Test func anOuterErrorWithALimitEndsAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(100)])
            let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(220, b), .error(250, TestError())])
            let observer = scheduler.start { outer.merge(maxConcurrent: 1) }
            #expect(observer.events == [.next(220, 1), .error(250, TestError())])
            #expect(a.subscriptions == [Subscription(210, 250)])
            #expect(b.subscriptions.isEmpty)
        }

        @Test func disposingAMergeWithALimitDisposesTheRunningInnerSequences() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(40)])
            let b = scheduler.createColdObservable([.next(10, 2), .completed(100)])
            let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(220, b), .next(230, c), .completed(300)])
            let observer = scheduler.start(disposed: 265) { outer.merge(maxConcurrent: 1) }
            #expect(observer.events == [.next(220, 1), .next(260, 2)])
            #expect(outer.subscriptions == [Subscription(200, 265)])
            #expect(a.subscriptions == [Subscription(210, 250)])
            #expect(b.subscriptions == [Subscription(250, 265)])
            #expect(c.subscriptions.isEmpty)
        }

        @Test func mergeWithALimitOfAnEmptyOuterSequenceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let outer = scheduler.createHotObservable([.completed(230, TestableObservable<Int>.self)])
            let observer = scheduler.start { outer.merge(maxConcurrent: 3) }
            #expect(observer.events == [.completed(230)])
        }

        @Test func aLimitOfZeroOrLessFailsAtSubscriptionWithoutSubscribing() {
            for limit in [0, -1, Int.min] {
                let scheduler = TestScheduler(initialClock: 0)
                let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
                let outer = scheduler.createHotObservable([.next(210, a), .completed(300)])
                let observer = scheduler.start { outer.merge(maxConcurrent: limit) }
                #expect(observer.events == [.error(200, RxError.argumentOutOfRange)], "limit \(limit)")
                #expect(outer.subscriptions.isEmpty, "limit \(limit)")
            }
        }

        @Test func concatOfAnObservableOfObservablesRunsThemOneAfterAnother() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let b = scheduler.createColdObservable([.next(5, 3), .completed(10)])
            let outer = scheduler.createHotObservable([.next(210, a), .next(215, b), .completed(220)])
            let observer = scheduler.start { outer.concat() }
            #expect(observer.events == [.next(220, 1), .next(230, 2), .next(245, 3), .completed(250)])
            #expect(outer.subscriptions == [Subscription(200, 220)])
            #expect(a.subscriptions == [Subscription(210, 240)])
            #expect(b.subscriptions == [Subscription(240, 250)])
        }

        @Test func synchronousInnerSequencesWithALimitRunInOrder() {
            let events = Observable.of(Observable.of(1, 2), Observable.of(3, 4), Observable.of(5)).concat().recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
        }

        @Test func theNextQueuedInnerSequenceIsSubscribedThroughTheTrampoline() {
            // When `a` completes (a step of the trampoline), the queued `just(3)` is
            // subscribed as a later step of the trampoline, after the merged `of` has
            // sent 40, rather than inside `a`'s completion (RxSwift 6.8, issue #2615).
            let queued = Observable.from([Observable.of(1, 2), Observable.just(3)]).concat()
            let events = Observable.merge(queued, Observable.of(10, 20, 30, 40)).recordSynchronously()
            #expect(events == [.next(10), .next(1), .next(20), .next(2), .next(30), .next(40), .next(3), .completed])
        }

        // MARK: Depth

        static let depth = 100_000

        @Test func mergingManySynchronousSourcesKeepsTheStackFlat() {
            let runs = Flattening.onEveryThread(count: Self.depth) { count in
                Flattening.tally(Observable.merge((0..<count).map { Observable.just($0) }))
            }
            for run in runs {
                #expect(run.result == .completed(with: 0..<run.count), "\(run.thread)")
            }
        }
    }
}
