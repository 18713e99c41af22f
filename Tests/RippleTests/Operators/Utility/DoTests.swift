import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DoTests {
        /// `do` with every action logging into `log`.
        static func logging<Element>(_ source: Observable<Element>, into log: SideEffectLog) -> Observable<Element> {
            source.do(
                onNext: { log.append("onNext(\($0))") },
                afterNext: { log.append("afterNext(\($0))") },
                onError: { log.append("onError(\($0))") },
                afterError: { log.append("afterError(\($0))") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
        }

        @Test func onNextSeesEveryElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            var seen: [Int] = []
            let observer = scheduler.start { source.asObservable().do(onNext: { seen.append($0) }) }
            #expect(seen == [2, 3, 4, 5])
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func onCompletedRunsOnCompletionOnly() {
            let scheduler = TestScheduler(initialClock: 0)
            let completing = scheduler.createHotObservable([.next(210, 2), .completed(250)])
            var completions = 0
            var errors = 0
            let observer = scheduler.start {
                completing.asObservable().do(onError: { _ in errors += 1 }, onCompleted: { completions += 1 })
            }
            #expect(completions == 1)
            #expect(errors == 0)
            #expect(observer.events == [.next(210, 2), .completed(250)])
        }

        @Test func nothingRunsForASourceThatNeverEnds() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([])
            var calls = 0
            let observer = scheduler.start {
                source.asObservable().do(onNext: { _ in calls += 1 }, onCompleted: { calls += 1 })
            }
            #expect(calls == 0)
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }

        @Test func anEmptySourceRunsOnlyTheCompletionActions() {
            let log = SideEffectLog()
            let events = Self.logging(Observable<Int>.empty(), into: log).recordSynchronously()
            #expect(events == [.completed])
            #expect(log.all == ["onSubscribe", "onCompleted", "afterCompleted", "onSubscribed", "onDispose"])
        }

        @Test func onErrorSeesTheError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError(id: 1))])
            var errors: [String] = []
            var completions = 0
            let observer = scheduler.start {
                source.asObservable().do(onError: { errors.append("\($0)") }, onCompleted: { completions += 1 })
            }
            #expect(errors == ["TestError(1)"])
            #expect(completions == 0)
            #expect(observer.events == [.next(210, 2), .error(250, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingOnNextFailsInsteadOfSendingTheElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            var calls = 0
            let observer = scheduler.start {
                source.asObservable().do(onNext: { _ in
                    if calls > 2 {
                        throw TestError(id: 1)
                    }
                    calls += 1
                })
            }
            #expect(calls == 3)
            #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .error(240, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func aThrowingAfterNextFailsAfterTheElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
            let observer = scheduler.start {
                source.asObservable().do(afterNext: { if $0 == 3 { throw TestError(id: 1) } })
            }
            #expect(observer.events == [.next(210, 2), .next(220, 3), .error(220, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aThrowingOnErrorReplacesTheError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError(id: 1))])
            var afterErrors = 0
            let observer = scheduler.start {
                source.asObservable().do(onError: { _ in throw TestError(id: 2) }, afterError: { _ in afterErrors += 1 })
            }
            #expect(observer.events == [.next(210, 2), .error(250, TestError(id: 2))])
            #expect(afterErrors == 0)
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingOnCompletedFailsInsteadOfCompleting() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
            var afterCompletions = 0
            let observer = scheduler.start {
                source.asObservable().do(onCompleted: { throw TestError(id: 1) }, afterCompleted: { afterCompletions += 1 })
            }
            #expect(observer.events == [.next(210, 2), .error(250, TestError(id: 1))])
            #expect(afterCompletions == 0)
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func errorsThrownAfterTheTerminalEventGoToTheUnhandledErrorHook() {
            let saved = Hooks.defaultErrorHandler
            defer { Hooks.defaultErrorHandler = saved }
            var unhandled: [String] = []
            Hooks.defaultErrorHandler = { _, error in unhandled.append("\(error)") }

            let completed = Observable.of(1)
                .do(afterCompleted: { throw TestError(id: 1) })
                .recordSynchronously()
            #expect(completed == [.next(1), .completed])
            let failed = Observable<Int>.error(TestError(id: 2))
                .do(afterError: { _ in throw TestError(id: 3) })
                .recordSynchronously()
            #expect(failed == [.error(TestError(id: 2))])
            #expect(unhandled == ["TestError(1)", "TestError(3)"])
        }

        @Test func theOrderOfActionsAndEventsForASynchronousSource() {
            let log = SideEffectLog()
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(0)
                observer.onCompleted()
                return Disposables.create { log.append("source disposed") }
            }
            Self.logging(source, into: log).subscribe(log.observer()).dispose()
            #expect(log.all == [
                "onSubscribe", "source subscribed",
                "onNext(0)", "observer: next(0)", "afterNext(0)",
                "onCompleted", "observer: completed", "afterCompleted",
                "source disposed", "onSubscribed", "onDispose",
            ])
        }

        @Test func theOrderOfActionsAndEventsForALaterSource() {
            let log = SideEffectLog()
            let scheduler = TestScheduler(initialClock: 0)
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                scheduler.scheduleAt(300) {
                    observer.onNext(0)
                    observer.onCompleted()
                }
                return Disposables.create { log.append("source disposed") }
            }
            var subscription: Disposable?
            scheduler.scheduleAt(200) { subscription = Self.logging(source, into: log).subscribe(log.observer()) }
            scheduler.scheduleAt(400) { subscription?.dispose() }
            scheduler.start()
            #expect(log.all == [
                "onSubscribe", "source subscribed", "onSubscribed",
                "onNext(0)", "observer: next(0)", "afterNext(0)",
                "onCompleted", "observer: completed", "afterCompleted",
                "source disposed", "onDispose",
            ])
        }

        @Test func theOrderOfActionsAndEventsForAnError() {
            let log = SideEffectLog()
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(0)
                observer.onError(TestError(id: 1))
                return Disposables.create { log.append("source disposed") }
            }
            Self.logging(source, into: log).subscribe(log.observer()).dispose()
            #expect(log.all == [
                "onSubscribe", "source subscribed",
                "onNext(0)", "observer: next(0)", "afterNext(0)",
                "onError(TestError(1))", "observer: error(TestError(1))", "afterError(TestError(1))",
                "source disposed", "onSubscribed", "onDispose",
            ])
        }

        @Test func theOrderOfActionsWhenTheSubscriberDisposes() {
            let log = SideEffectLog()
            let source = Observable<Int>.create { observer in
                log.append("source subscribed")
                observer.onNext(0)
                return Disposables.create { log.append("source disposed") }
            }
            let subscription = Self.logging(source, into: log).subscribe(log.observer())
            log.append("subscribe returned")
            subscription.dispose()
            subscription.dispose()
            #expect(log.all == [
                "onSubscribe", "source subscribed",
                "onNext(0)", "observer: next(0)", "afterNext(0)",
                "onSubscribed", "subscribe returned", "source disposed", "onDispose",
            ])
        }

        @Test func disposingMidwayRunsOnDisposeOnceAndStopsTheActions() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
            var seen: [Int] = []
            var disposals: [Int] = []
            let observer = scheduler.start(disposed: 235) {
                source.asObservable().do(onNext: { seen.append($0) }, onDispose: { disposals.append(scheduler.clock) })
            }
            #expect(seen == [1])
            #expect(disposals == [235])
            #expect(observer.events == [.next(210, 1)])
            #expect(source.subscriptions == [Subscription(200, 235)])
        }

        @Test func onDisposeRunsOnceWhenTheSequenceEnds() {
            let scheduler = TestScheduler(initialClock: 0)
            let completing = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let failing = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 1))])
            let completingObserver = scheduler.createObserver(Int.self)
            let failingObserver = scheduler.createObserver(Int.self)
            var disposals: [String] = []
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) {
                subscriptions.append(completing.asObservable()
                    .do(onDispose: { disposals.append("completing at \(scheduler.clock)") })
                    .subscribe(completingObserver))
                subscriptions.append(failing.asObservable()
                    .do(onDispose: { disposals.append("failing at \(scheduler.clock)") })
                    .subscribe(failingObserver))
            }
            scheduler.scheduleAt(300) {
                subscriptions.forEach { $0.dispose() }
            }
            scheduler.start()
            #expect(disposals == ["completing at 220", "failing at 230"])
            #expect(completingObserver.events == [.next(210, 1), .completed(220)])
            #expect(failingObserver.events == [.next(210, 1), .error(230, TestError(id: 1))])
        }

        @Test func noActionsPassesEverythingThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError(id: 1))])
            let observer = scheduler.start { source.asObservable().do() }
            #expect(observer.events == [.next(210, 1), .next(220, 2), .error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }
    }
}
