import Dispatch
import Testing
@testable import Ripple
import RippleTest

// Virtual-time tests of the shared-sequence operators: every Driver and Signal is
// built inside `SharingScheduler.mock(scheduler:)`, so it delivers on the test
// scheduler. Hot sources turned into Drivers are delivered one tick late (their
// `observe(on:)` hop runs at now + 1, as in RxTest), which the expected times show.

extension RippleTests {
    @Suite struct SharedSequenceOperatorTests {
        /// Runs `body` with a fresh test scheduler as the sharing scheduler.
        private func mocked(_ body: (TestScheduler) -> Void) {
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) { body(scheduler) }
        }

        /// A Driver of a hot source with `events`.
        private func hotDriver(_ scheduler: TestScheduler, _ events: [RippleTest.Recorded<Event<Int>>]) -> Driver<Int> {
            scheduler.createHotObservable(events).asDriver(onErrorJustReturn: -1)
        }

        /// A Driver of a cold source: `events` relative to each subscription.
        private func coldDriver(_ scheduler: TestScheduler, _ events: [RippleTest.Recorded<Event<Int>>]) -> Driver<Int> {
            scheduler.createColdObservable(events).asDriver(onErrorJustReturn: -1)
        }

        // MARK: zip and combineLatest of collections

        @Test func zipOfACollectionPairsElementsByIndex() {
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(150, 0), .next(210, 1), .next(240, 3), .next(250, 5), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 10), .next(260, 30), .completed(300)])
                let summed = scheduler.start { Driver.zip([a, b]) { $0.reduce(0, +) } }
                #expect(summed.events == [.next(221, 11), .next(261, 33), .completed(301)])
            }
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(240, 3), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 10), .next(260, 30), .completed(300)])
                let arrays = scheduler.start { Signal.zip([a.asSignal(), b.asSignal()]) }
                #expect(arrays.events == [.next(221, [1, 10]), .next(261, [3, 30]), .completed(301)])
            }
        }

        @Test func withLatestFromTakesASecondSequenceOfAnotherStrategy() {
            mocked { scheduler in
                let taps = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
                let text = hotDriver(scheduler, [.next(220, 10), .next(240, 20)]).asSignal()
                let sampled: Driver<Int> = taps.withLatestFrom(text)
                let observer = scheduler.start { sampled }
                #expect(observer.events == [.next(231, 10), .next(251, 20), .completed(301)])
            }
        }

        @Test func combineLatestOfACollectionSendsTheLatestOfEach() {
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 10), .next(240, 20), .completed(350)])
                let summed = scheduler.start { Driver.combineLatest([a, b]) { $0.reduce(0, +) } }
                #expect(summed.events == [.next(221, 11), .next(231, 12), .next(241, 22), .completed(351)])
            }
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 10), .completed(350)])
                let arrays = scheduler.start { Driver.combineLatest([a, b]) }
                #expect(arrays.events == [.next(221, [1, 10]), .next(231, [2, 10]), .completed(351)])
            }
        }

        @Test func aThrowingResultSelectorEndsTheSequenceWithItsError() {
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 10), .completed(300)])
                let failing = scheduler.start {
                    Driver.combineLatest([a, b]) { latest -> Int in
                        if latest[0] == 2 { throw TestError(id: 2) }
                        return latest[0]
                    }
                }
                #expect(failing.events == [.next(221, 1), .error(231, TestError(id: 2))])
            }
        }

        // MARK: merge, concat, switchLatest

        /// A Driver of two inner Drivers: A arrives at 211, B at 226, the outer one
        /// completes at 301. A sends 1 and 2 ten and twenty ticks after it is
        /// subscribed, then completes; B sends 10 after 7 ticks and 20 after 30.
        private func driverOfDrivers(_ scheduler: TestScheduler) -> Driver<Driver<Int>> {
            let innerA = coldDriver(scheduler, [.next(10, 1), .next(20, 2), .completed(30)])
            let innerB = coldDriver(scheduler, [.next(7, 10), .next(30, 20), .completed(40)])
            return scheduler.createHotObservable([.next(210, innerA), .next(225, innerB), .completed(300)])
                .asDriver(onErrorJustReturn: .empty())
        }

        @Test func mergeOfInnerSequencesSendsAllAsTheyArrive() {
            mocked { scheduler in
                let merged = scheduler.start { driverOfDrivers(scheduler).merge() }
                #expect(merged.events == [.next(222, 1), .next(232, 2), .next(234, 10), .next(257, 20), .completed(301)])
            }
        }

        @Test func mergeWithMaxConcurrentAndConcatWaitForTheRunningInner() {
            let expected: [RippleTest.Recorded<Event<Int>>] = [.next(222, 1), .next(232, 2), .next(250, 10), .next(273, 20), .completed(301)]
            mocked { scheduler in
                let merged = scheduler.start { driverOfDrivers(scheduler).merge(maxConcurrent: 1) }
                #expect(merged.events == expected)
            }
            mocked { scheduler in
                let concatenated = scheduler.start { driverOfDrivers(scheduler).concat() }
                #expect(concatenated.events == expected)
            }
        }

        @Test func switchLatestDropsTheInnerItReplaces() {
            mocked { scheduler in
                let switched = scheduler.start { driverOfDrivers(scheduler).switchLatest() }
                #expect(switched.events == [.next(222, 1), .next(234, 10), .next(257, 20), .completed(301)])
            }
        }

        @Test func staticMergeOfAnArrayAVariadicListAndAnyCollection() {
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 3), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 2), .completed(320)])
                let expected: [RippleTest.Recorded<Event<Int>>] = [.next(211, 1), .next(221, 2), .next(231, 3), .completed(321)]
                #expect(scheduler.start { Driver.merge([a, b]) }.events == expected)
            }
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 3), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 2), .completed(320)])
                #expect(scheduler.start { Driver.merge(a, b) }.events == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(321)])
            }
            mocked { scheduler in
                let a = hotDriver(scheduler, [.next(210, 1), .next(230, 3), .completed(300)])
                let b = hotDriver(scheduler, [.next(220, 2), .completed(320)])
                let slice: ArraySlice<Driver<Int>> = [a, b][...]
                #expect(scheduler.start { Driver.merge(slice) }.events == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(321)])
            }
        }

        @Test func staticConcatOfASequenceAndOfACollection() {
            mocked { scheduler in
                let first = coldDriver(scheduler, [.next(10, 1), .completed(20)])
                let second = coldDriver(scheduler, [.next(5, 2), .completed(10)])
                // Subscribed at 200: 1 at 211, first completes at 221, then second
                // (subscribed at 221) sends 2 at 227 and completes at 232.
                let expected: [RippleTest.Recorded<Event<Int>>] = [.next(211, 1), .next(227, 2), .completed(232)]
                #expect(scheduler.start { Driver.concat([first, second]) }.events == expected)
            }
            mocked { scheduler in
                let first = coldDriver(scheduler, [.next(10, 1), .completed(20)])
                let second = coldDriver(scheduler, [.next(5, 2), .completed(10)])
                let lazily = scheduler.start { Driver.concat(AnySequence([first, second])) }
                #expect(lazily.events == [.next(211, 1), .next(227, 2), .completed(232)])
            }
        }

        // MARK: the flatMap family

        /// A hot source sending 1, 2 and 3, delivered at 211, 221 and 261; completes at 301.
        private func numbers(_ scheduler: TestScheduler) -> Driver<Int> {
            hotDriver(scheduler, [.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        }

        /// For `x`: x·10 after ten ticks, x·10 + 1 after twenty, completes after thirty.
        private func inner(_ scheduler: TestScheduler, _ x: Int) -> Driver<Int> {
            coldDriver(scheduler, [.next(10, x * 10), .next(20, x * 10 + 1), .completed(30)])
        }

        @Test func flatMapFirstIgnoresElementsWhileAnInnerRuns() {
            mocked { scheduler in
                let firsts = scheduler.start { numbers(scheduler).flatMapFirst { inner(scheduler, $0) } }
                #expect(firsts.events == [.next(222, 10), .next(232, 11), .next(272, 30), .next(282, 31), .completed(301)])
            }
        }

        @Test func flatMapAndFlatMapLatestWithInnersOfTheSameKind() {
            mocked { scheduler in
                let all = scheduler.start { numbers(scheduler).flatMap { inner(scheduler, $0) } }
                #expect(all.events == [
                    .next(222, 10), .next(232, 11), .next(232, 20), .next(242, 21), .next(272, 30), .next(282, 31), .completed(301),
                ])
            }
            mocked { scheduler in
                let latest = scheduler.start { numbers(scheduler).flatMapLatest { inner(scheduler, $0) } }
                // 10 leaves the first inner at 221 and is still on its way through the
                // inner Driver's hop to the scheduler when 2 arrives (also at 221) and
                // switches away: it is dropped with the inner it came from.
                #expect(latest.events == [.next(232, 20), .next(242, 21), .next(272, 30), .next(282, 31), .completed(301)])
            }
        }

        @Test func aDriverFlatMapsToSignals() {
            mocked { scheduler in
                // `Signal.just` sends on the sharing scheduler: one tick after it is subscribed.
                let merged: Signal<Int> = numbers(scheduler).flatMap { Signal.just($0 * 10) }
                #expect(scheduler.start { merged }.events == [.next(212, 10), .next(222, 20), .next(262, 30), .completed(301)])
            }
            mocked { scheduler in
                let latest: Signal<Int> = numbers(scheduler).flatMapLatest { Signal.just($0 * 10) }
                #expect(scheduler.start { latest }.events == [.next(212, 10), .next(222, 20), .next(262, 30), .completed(301)])
            }
            mocked { scheduler in
                let firsts: Signal<Int> = numbers(scheduler).flatMapFirst { Signal.just($0 * 10) }
                #expect(scheduler.start { firsts }.events == [.next(212, 10), .next(222, 20), .next(262, 30), .completed(301)])
            }
        }

        // MARK: do, debug, distinctUntilChanged, skip, delay

        @Test func doRunsEveryActionInOrder() {
            mocked { scheduler in
                let log = SideEffectLog()
                let source = hotDriver(scheduler, [.next(210, 1), .completed(250)])
                let observer = scheduler.start {
                    source.do(
                        onNext: { log.append("onNext(\($0)) at \(scheduler.clock)") },
                        afterNext: { log.append("afterNext(\($0))") },
                        onCompleted: { log.append("onCompleted at \(scheduler.clock)") },
                        afterCompleted: { log.append("afterCompleted") },
                        onSubscribe: { log.append("onSubscribe at \(scheduler.clock)") },
                        onSubscribed: { log.append("onSubscribed") },
                        onDispose: { log.append("onDispose") }
                    )
                }
                #expect(observer.events == [.next(211, 1), .completed(251)])
                // The Driver's sharing releases its upstream subscription (running
                // `onDispose`) before it forwards the completion, so `onDispose` comes
                // between `onCompleted` and `afterCompleted`, as in RxCocoa.
                #expect(log.all == [
                    "onSubscribe at 200", "onSubscribed",
                    "onNext(1) at 211", "afterNext(1)",
                    "onCompleted at 251", "onDispose", "afterCompleted",
                ])
            }
        }

        @Test func debugPassesEventsThrough() {
            mocked { scheduler in
                let source = hotDriver(scheduler, [.next(210, 1), .next(220, 2), .completed(250)])
                let debugged: Driver<Int> = source.debug("shared", trimOutput: true)
                #expect(scheduler.start { debugged }.events == [.next(211, 1), .next(221, 2), .completed(251)])
            }
        }

        @Test func distinctUntilChangedWithAComparerAndWithAKeyAndComparer() {
            mocked { scheduler in
                let source = hotDriver(scheduler, [.next(210, 1), .next(220, 3), .next(230, 4), .next(240, 6), .next(250, 7), .completed(300)])
                let parity = scheduler.start { source.distinctUntilChanged { $0 % 2 == $1 % 2 } }
                #expect(parity.events == [.next(211, 1), .next(231, 4), .next(251, 7), .completed(301)])
            }
            mocked { scheduler in
                let words = scheduler.createHotObservable([
                    .next(210, "Oslo"), .next(220, "OSLO"), .next(230, "Rome"), .completed(300),
                ]).asDriver(onErrorJustReturn: "")
                let cities = scheduler.start {
                    words.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
                }
                #expect(cities.events == [.next(211, "Oslo"), .next(231, "Rome"), .completed(301)])
            }
        }

        @Test func skipDropsTheFirstElementsAndANegativeCountDropsNone() {
            mocked { scheduler in
                let source = hotDriver(scheduler, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
                #expect(scheduler.start { source.skip(2) }.events == [.next(231, 3), .completed(301)])
            }
            mocked { scheduler in
                let source = hotDriver(scheduler, [.next(210, 1), .next(220, 2), .completed(300)])
                #expect(scheduler.start { source.skip(-1) }.events == [.next(211, 1), .next(221, 2), .completed(301)])
            }
        }

        @Test func delayShiftsEveryEventOnTheSharingScheduler() {
            mocked { scheduler in
                let source = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .completed(250)])
                #expect(scheduler.start { source.delay(.seconds(20)) }.events == [.next(231, 1), .next(251, 2), .completed(271)])
            }
        }

        @Test func signalWithUnretainedCompletesOnceTheObjectIsGone() {
            final class Owner {
                let name = "owner"
            }
            mocked { scheduler in
                var owner: Owner? = Owner()
                let source = hotDriver(scheduler, [.next(210, 1), .next(230, 2), .completed(300)]).asSignal()
                let paired = source.withUnretained(owner!) { "\($0.name) \($1)" }
                let tuples = source.withUnretained(owner!).map { "\($0.name)+\($1)" }
                scheduler.scheduleAt(220) { owner = nil }
                let observer = scheduler.createObserver(String.self)
                let bag = DisposeBag()
                scheduler.scheduleAt(200) {
                    paired.asObservable().subscribe(observer).disposed(by: bag)
                    tuples.asObservable().subscribe(observer).disposed(by: bag)
                }
                scheduler.start()
                #expect(observer.events == [.next(211, "owner 1"), .next(211, "owner+1"), .completed(231), .completed(231)])
            }
        }

        // MARK: creation

        @Test func intervalAndTimerTickOnTheSharingScheduler() {
            mocked { scheduler in
                let ticks = scheduler.start(disposed: 245) { Driver<Int>.interval(.seconds(10)) }
                #expect(ticks.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
            }
            mocked { scheduler in
                let ticks = scheduler.start(disposed: 240) { Signal<Int>.timer(.seconds(5), period: .seconds(10)) }
                #expect(ticks.events == [.next(205, 0), .next(215, 1), .next(225, 2), .next(235, 3)])
            }
        }

        @Test func fromAnySequenceAndFromAnOptional() {
            mocked { scheduler in
                let range = scheduler.start { Driver.from(1...3) }
                #expect(range.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
            }
            mocked { scheduler in
                #expect(scheduler.start { Driver.from(optional: 7) }.events == [.next(201, 7), .completed(202)])
            }
            mocked { scheduler in
                #expect(scheduler.start { Signal<Int>.from(optional: nil) }.events == [.completed(201)])
            }
        }

        // MARK: conversions

        @Test func infallibleAsDriver() {
            mocked { scheduler in
                let infallible = scheduler.createHotObservable([.next(210, 1), .completed(250)]).asInfallible(onErrorJustReturn: -1)
                #expect(scheduler.start { infallible.asDriver() }.events == [.next(211, 1), .completed(251)])
            }
        }

        @Test func asSharedSequenceWithEachFallback() {
            let failing: [RippleTest.Recorded<Event<Int>>] = [.next(210, 1), .error(220, TestError(id: 3))]
            mocked { scheduler in
                let source = scheduler.createHotObservable(failing)
                let driver = scheduler.start { source.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: 0) }
                #expect(driver.events == [.next(211, 1), .next(221, 0), .completed(221)])
            }
            mocked { scheduler in
                let source = scheduler.createHotObservable(failing)
                let signal = scheduler.start { () -> Signal<Int> in source.asSharedSequence(onErrorDriveWith: .just(5)) }
                #expect(signal.events == [.next(211, 1), .next(222, 5), .completed(222)])
            }
            mocked { scheduler in
                let source = scheduler.createHotObservable(failing)
                let recovered = scheduler.start {
                    source.asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorRecover: { error in
                        .just((error as? TestError)?.id ?? -1)
                    })
                }
                #expect(recovered.events == [.next(211, 1), .next(222, 3), .completed(222)])
            }
        }
    }
}
