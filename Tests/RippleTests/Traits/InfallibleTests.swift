import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct InfallibleTests {
        /// Everything an infallible sequence sends, synchronously.
        private func record<Element: Equatable>(_ infallible: Infallible<Element>) -> [Recorded<Element>] {
            infallible.asObservable().recordSynchronously()
        }

        @Test func createSendsElementsAndCompletionAndIgnoresLaterEvents() {
            let disposals = Counter()
            let infallible = Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
                observer(.next(3))
                return Disposables.create { disposals.increment() }
            }
            #expect(record(infallible) == [.next(1), .next(2), .completed])
            #expect(disposals.value == 1)
        }

        @Test func onErrorJustReturnReplacesTheErrorWithOneElement() {
            let failing = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError())
                return Disposables.create()
            }
            #expect(record(failing.asInfallible(onErrorJustReturn: 0)) == [.next(1), .next(0), .completed])
            #expect(record(Observable.of(1, 2).asInfallible(onErrorJustReturn: 0)) == [.next(1), .next(2), .completed])
        }

        @Test func onErrorFallbackToContinuesWithTheFallback() {
            let failing = Observable<Int>.concat(.just(1), .error(TestError()))
            #expect(record(failing.asInfallible(onErrorFallbackTo: .of(7, 8))) == [.next(1), .next(7), .next(8), .completed])
        }

        @Test func onErrorRecoverSeesTheError() {
            let failing = Observable<Int>.concat(.just(1), .error(TestError(id: 4)))
            let recovered = failing.asInfallible(onErrorRecover: { error in
                .just((error as? TestError)?.id ?? -1)
            })
            #expect(record(recovered) == [.next(1), .next(4), .completed])
        }

        @Test func subscribeClosuresRunInOrderAndOnDisposedOnce() {
            var log: [String] = []
            let subscription = Infallible.of(1, 2).subscribe(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            subscription.dispose()
            #expect(log == ["next 1", "next 2", "completed", "disposed"])
        }

        @Test func disposingMidwayStopsElementsAndRunsOnDisposed() {
            var log: [String] = []
            let relay = PublishRelay<Int>()
            let subscription = relay.asInfallible().subscribe(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            relay.accept(1)
            subscription.dispose()
            relay.accept(2)
            #expect(log == ["next 1", "disposed"])
        }

        @Test func subscribeWithHoldsTheObjectWeakly() {
            final class Owner {
                var seen: [Int] = []
            }
            var owner: Owner? = Owner()
            weak let weakOwner = owner
            let relay = BehaviorRelay(value: 1)
            let subscription = relay.asInfallible().subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
            relay.accept(2)
            #expect(owner?.seen == [1, 2])
            owner = nil
            #expect(weakOwner == nil)
            relay.accept(3)
            subscription.dispose()
        }

        @Test func creationFunctions() {
            #expect(record(Infallible.just(1)) == [.next(1), .completed])
            #expect(record(Infallible.of(1, 2)) == [.next(1), .next(2), .completed])
            #expect(record(Infallible.from([3, 4])) == [.next(3), .next(4), .completed])
            #expect(record(Infallible.from(optional: Int?.none)) == [.completed])
            #expect(record(Infallible<Int>.empty()) == [.completed])
            #expect(record(Infallible<Int>.never()) == [])
            let calls = Counter()
            let deferred = Infallible.deferred { Infallible.just(calls.increment()) }
            #expect(record(deferred) == [.next(1), .completed])
            #expect(record(deferred) == [.next(2), .completed])
        }

        @Test func elementOperators() {
            let numbers = Infallible.of(1, 2, 2, 3, 4)
            #expect(record(numbers.map { $0 * 10 }) == [.next(10), .next(20), .next(20), .next(30), .next(40), .completed])
            #expect(record(numbers.compactMap { $0 == 2 ? nil : $0 }) == [.next(1), .next(3), .next(4), .completed])
            #expect(record(numbers.filter { $0.isMultiple(of: 2) }) == [.next(2), .next(2), .next(4), .completed])
            #expect(record(numbers.distinctUntilChanged()) == [.next(1), .next(2), .next(3), .next(4), .completed])
            #expect(record(numbers.distinctUntilChanged { $0 / 2 }) == [.next(1), .next(2), .next(4), .completed])
            #expect(record(numbers.startWith(0)) == [.next(0), .next(1), .next(2), .next(2), .next(3), .next(4), .completed])
            #expect(record(numbers.scan(0, accumulator: +)) == [.next(1), .next(3), .next(5), .next(8), .next(12), .completed])
            #expect(record(numbers.take(2)) == [.next(1), .next(2), .completed])
            #expect(record(numbers.take(-1)) == [.completed])
            #expect(record(numbers.skip(3)) == [.next(3), .next(4), .completed])
            #expect(record(numbers.skip(-1)) == [.next(1), .next(2), .next(2), .next(3), .next(4), .completed])
            #expect(record(Infallible.of(1).concat(Infallible.of(2))) == [.next(1), .next(2), .completed])
        }

        @Test func flatteningOperators() {
            let numbers = Infallible.of(1, 2)
            #expect(record(numbers.flatMap { Infallible.of($0, $0 * 10) }) == [.next(1), .next(10), .next(2), .next(20), .completed])
            #expect(record(numbers.concatMap { Infallible.of($0, $0 * 10) }) == [.next(1), .next(10), .next(2), .next(20), .completed])
            let inners = [PublishRelay<Int>(), PublishRelay<Int>()]
            let outer = PublishRelay<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = outer.asInfallible().flatMapLatest { inners[$0].asInfallible() }.asObservable().subscribe(recorder)
            outer.accept(0)
            inners[0].accept(1)
            outer.accept(1)
            inners[0].accept(2)
            inners[1].accept(3)
            subscription.dispose()
            #expect(recorder.events == [.next(1), .next(3)])
        }

        @Test func combiningOperators() {
            let a = BehaviorRelay(value: 1)
            let b = BehaviorRelay(value: "x")
            let recorder = EventRecorder<String>()
            let subscription = Infallible.combineLatest(a.asInfallible(), b.asInfallible()) { "\($0)\($1)" }.asObservable().subscribe(recorder)
            a.accept(2)
            b.accept("y")
            subscription.dispose()
            #expect(recorder.events == [.next("1x"), .next("2x"), .next("2y")])
            #expect(record(Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b")) { "\($0)\($1)" }) == [.next("1a"), .next("2b"), .completed])
            #expect(record(Infallible.combineLatest(Infallible.just(1), Infallible.just(2)).map { $0 + $1 }) == [.next(3), .completed])
            #expect(record(Infallible.of(1, 2).withLatestFrom(b.asInfallible()) { "\($0)\($1)" }) == [.next("1y"), .next("2y"), .completed])
            #expect(record(Infallible.merge(.just(1), .just(2))) == [.next(1), .next(2), .completed])
        }

        @Test func timeOperatorsInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("-abc------d---|")
            let observer = scheduler.start {
                source.asInfallible(onErrorJustReturn: "?").debounce(.seconds(20), scheduler: scheduler).asObservable()
            }
            // c arrives at 230 and is sent 20 ticks later, at 250 (column 5).
            #expect(observer.events.marbles == "-----c------d-|")
        }

        @Test func shareSubscribesOnceAndBindSendsToRelays() {
            let subscriptions = Counter()
            let shared = Infallible<Int>.create { observer in
                subscriptions.increment()
                observer(.next(1))
                return Disposables.create()
            }.share(replay: 1)
            let first = EventRecorder<Int>()
            let second = EventRecorder<Int>()
            let s1 = shared.asObservable().subscribe(first)
            let s2 = shared.asObservable().subscribe(second)
            #expect(subscriptions.value == 1)
            #expect(first.events == [.next(1)])
            #expect(second.events == [.next(1)])
            s1.dispose()
            s2.dispose()
            let target = BehaviorRelay(value: 0)
            Infallible.of(4, 5).bind(to: target).dispose()
            #expect(target.value == 5)
        }
    }
}
