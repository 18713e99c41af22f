import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct TraitConversionTests {
        @Test func asSingleSendsTheOneElementAtCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
            let observer = scheduler.start { source.asObservable().asSingle().asObservable() }
            #expect(observer.events == [.next(250, 1), .completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func asSingleOfAnEmptySourceFailsWithNoElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([RippleTest.Recorded<Event<Int>>.completed(250)])
            let observer = scheduler.start { source.asObservable().asSingle().asObservable() }
            #expect(observer.events == [.error(250, RxError.noElements)])
        }

        @Test func asSingleFailsAtTheSecondElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let observer = scheduler.start { source.asObservable().asSingle().asObservable() }
            #expect(observer.events == [.error(220, RxError.moreThanOneElement)])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func asSingleForwardsAnErrorAndDisposesMidway() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
            #expect(scheduler.start { failing.asObservable().asSingle().asObservable() }.events == [.error(230, TestError())])
            let other = TestScheduler(initialClock: 0)
            let slow = other.createHotObservable([.next(210, 1), .completed(300)])
            #expect(other.start(disposed: 250) { slow.asObservable().asSingle().asObservable() }.events.isEmpty)
            #expect(slow.subscriptions == [Subscription(200, 250)])
        }

        @Test func asMaybeAllowsEmptyButNotTwo() {
            #expect(Observable<Int>.empty().asMaybe().asObservable().recordSynchronously() == [.completed])
            #expect(Observable.of(4).asMaybe().asObservable().recordSynchronously() == [.next(4), .completed])
            #expect(Observable.of(4, 5).asMaybe().asObservable().recordSynchronously() == [.error(String(describing: RxError.moreThanOneElement))])
            #expect(Observable<Int>.error(TestError()).asMaybe().asObservable().recordSynchronously() == [.error(TestError())])
        }

        @Test func anOptionalNilElementCountsAsAnElement() {
            #expect(Observable<Int?>.of(nil).asSingle().asObservable().recordSynchronously() == [.next(nil), .completed])
            #expect(Observable<Int?>.of(nil, nil).asSingle().asObservable().recordSynchronously() == [.error(String(describing: RxError.moreThanOneElement))])
        }

        @Test func singleAsMaybeAndObservableTraitReturningOperators() {
            #expect(Single.just(1).asMaybe().asObservable().recordSynchronously() == [.next(1), .completed])
            var results: [String] = []
            _ = Observable.of(1, 2).toArray().subscribe(onSuccess: { results.append("\($0)") })
            _ = Observable<Int>.empty().first().subscribe(onSuccess: { results.append("\(String(describing: $0))") })
            #expect(results == ["[1, 2]", "nil"])
        }

        // MARK: types that implement only asSharedSequence()

        @Test func aTypeThatGivesOnlyItsDriverIsAnObservableAndADriver() {
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) {
                let source = scheduler.createHotObservable([.next(210, true), .next(220, false), .completed(230)])
                let indicator = LoadingIndicator(loading: source.asDriver(onErrorJustReturn: false))
                let observed = scheduler.start { indicator.asObservable() }
                #expect(observed.events == [.next(211, true), .next(221, false), .completed(231)])
                let driver: Driver<Bool> = indicator.asDriver()
                #expect(driver.asObservable() === indicator.loading.asObservable())
            }
        }

        @Test func aTypeThatGivesOnlyItsSignalIsAnObservableAndASignal() {
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) {
                let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
                let taps = TapSource(taps: source.asSignal(onErrorJustReturn: -1))
                let observed = scheduler.start { taps.asObservable() }
                #expect(observed.events == [.next(211, 1), .next(221, 2), .completed(231)])
                let signal: Signal<Int> = taps.asSignal()
                #expect(signal.asObservable() === taps.taps.asObservable())
            }
        }
    }
}

/// A type that is a Driver only through `asSharedSequence()`, as RxExample's
/// `ActivityIndicator` is.
private struct LoadingIndicator: SharedSequenceConvertibleType {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy
    let loading: Driver<Bool>

    func asSharedSequence() -> Driver<Bool> {
        loading
    }
}

/// A type that is a Signal only through `asSharedSequence()`.
private struct TapSource: SharedSequenceConvertibleType {
    typealias Element = Int
    typealias SharingStrategy = SignalSharingStrategy
    let taps: Signal<Int>

    func asSharedSequence() -> Signal<Int> {
        taps
    }
}
