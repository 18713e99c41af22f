import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SharedSequenceTests {
        @Test func driverReplaysTheLatestToASecondSubscriberWithOneUpstreamSubscription() {
            let log = ValueLog<String>()
            let subscriptions = Counter()
            #expect(onMainQueue {
                let relay = PublishRelay<Int>()
                let upstream = relay.asObservable().do(onSubscribe: { subscriptions.increment() })
                let driver = upstream.asDriver(onErrorJustReturn: -1)
                let first = driver.drive(onNext: { log.append("first \($0)") })
                relay.accept(1)
                let second = driver.drive(onNext: { log.append("second \($0)") })
                relay.accept(2)
                first.dispose()
                second.dispose()
            })
            #expect(subscriptions.value == 1)
            #expect(log.all == ["first 1", "second 1", "first 2", "second 2"])
        }

        @Test func driverForgetsTheLatestOnceDisconnected() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let relay = BehaviorRelay(value: 0)
                let driver = relay.asDriver()
                let first = driver.drive(onNext: { log.append("first \($0)") })
                relay.accept(1)
                first.dispose()
                relay.accept(2)
                // A fresh connection: the relay's current value, not the old replay.
                driver.drive(onNext: { log.append("second \($0)") }).dispose()
            })
            #expect(log.all == ["first 0", "first 1", "second 2"])
        }

        @Test func signalDoesNotReplay() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let relay = PublishRelay<Int>()
                let signal = relay.asSignal()
                let first = signal.emit(onNext: { log.append("first \($0)") })
                relay.accept(1)
                let second = signal.emit(onNext: { log.append("second \($0)") })
                relay.accept(2)
                first.dispose()
                second.dispose()
            })
            #expect(log.all == ["first 1", "first 2", "second 2"])
        }

        @Test func elementsFromAnotherQueueAreDeliveredOnTheMainQueue() {
            let onMain = ValueLog<Bool>()
            let relay = Unchecked(PublishRelay<Int>())
            let received = DispatchSemaphore(value: 0)
            let subscription = DisposableBox()
            #expect(onMainQueue {
                subscription.set(relay.value.asDriver(onErrorJustReturn: 0).drive(onNext: { _ in
                    onMain.append(DispatchQueue.isMain)
                    received.signal()
                }))
            })
            DispatchQueue(label: "ripple.tests.producer").async { relay.value.accept(1) }
            #expect(waitFor(received))
            #expect(onMain.all == [true])
            #expect(onMainQueue { subscription.dispose() })
        }

        @Test func errorsBecomeTheFallbacks() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let failing = Observable<Int>.concat(.just(1), .error(TestError(id: 5)))
                _ = failing.asDriver(onErrorJustReturn: 0).drive(onNext: { log.append("just \($0)") }, onCompleted: { log.append("completed") })
                _ = failing.asDriver(onErrorDriveWith: .of(7, 8)).drive(onNext: { log.append("driveWith \($0)") })
                _ = failing.asDriver(onErrorRecover: { .just(($0 as? TestError)?.id ?? -1) }).drive(onNext: { log.append("recover \($0)") })
                _ = failing.asSignal(onErrorJustReturn: 0).emit(onNext: { log.append("signal \($0)") })
                _ = failing.asSignal(onErrorSignalWith: .just(9)).emit(onNext: { log.append("signalWith \($0)") })
                _ = failing.asSignal(onErrorRecover: { _ in .empty() }).emit(onCompleted: { log.append("signal recovered") })
            })
            #expect(onMainQueue {})
            #expect(log.all == [
                "just 1", "just 0", "completed",
                "driveWith 1", "driveWith 7",
                "recover 1", "recover 5",
                "signal 1", "signal 0",
                "signalWith 1", "signalWith 9",
                "signal recovered",
                // `Driver.of` sends each element after the first from a new main-queue
                // block (recursive scheduling on the main scheduler), as in RxSwift.
                "driveWith 8",
            ])
        }

        @Test func driveToObserversAndRelays() {
            let results = ValueLog<String>()
            #expect(onMainQueue {
                let source = BehaviorRelay(value: 1)
                let driver = source.asDriver()
                let behavior = BehaviorRelay(value: 0)
                let optional = BehaviorRelay<Int?>(value: nil)
                let replay = ReplayRelay<Int>.createUnbounded()
                let subject = PublishSubject<Int>()
                let recorder = EventRecorder<Int>()
                let bag = DisposeBag()
                subject.subscribe(recorder).disposed(by: bag)
                driver.drive(behavior).disposed(by: bag)
                driver.drive(optional).disposed(by: bag)
                driver.drive(replay).disposed(by: bag)
                driver.drive(subject).disposed(by: bag)
                source.accept(2)
                results.append("behavior \(behavior.value)")
                results.append("optional \(String(describing: optional.value))")
                replay.subscribe(onNext: { results.append("replay \($0)") }).dispose()
                results.append("observer \(recorder.events)")
            })
            #expect(results.all == ["behavior 2", "optional Optional(2)", "replay 1", "replay 2", "observer [next(1), next(2)]"])
        }

        @Test func emitToRelays() {
            let results = ValueLog<String>()
            #expect(onMainQueue {
                let taps = PublishRelay<Int>()
                let target = PublishRelay<Int>()
                let behavior = BehaviorRelay(value: 0)
                let bag = DisposeBag()
                target.subscribe(onNext: { results.append("target \($0)") }).disposed(by: bag)
                taps.asSignal().emit(to: target).disposed(by: bag)
                taps.asSignal().emit(to: behavior).disposed(by: bag)
                taps.accept(3)
                results.append("behavior \(behavior.value)")
            })
            #expect(results.all == ["target 3", "behavior 3"])
        }

        @Test func creationAndOperators() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let bag = DisposeBag()
                Driver.just(1).drive(onNext: { log.append("just \($0)") }).disposed(by: bag)
                Observable.of(1, 2, 2, 3).asDriver(onErrorJustReturn: 0).distinctUntilChanged().map { $0 * 10 }.filter { $0 > 10 }
                    .drive(onNext: { log.append("ops \($0)") }).disposed(by: bag)
                Driver<Int>.empty().drive(onCompleted: { log.append("empty completed") }).disposed(by: bag)
                Driver<Int>.never().drive(onNext: { _ in log.append("never sent") }).disposed(by: bag)
                Driver.of(5).startWith(4).drive(onNext: { log.append("startWith \($0)") }).disposed(by: bag)
                let a = BehaviorRelay(value: 1)
                let b = BehaviorRelay(value: "x")
                let c = BehaviorRelay(value: true)
                Driver.combineLatest(a.asDriver(), b.asDriver()) { "\($0)\($1)" }
                    .drive(onNext: { log.append("combine2 \($0)") }).disposed(by: bag)
                Driver.combineLatest(a.asDriver(), b.asDriver(), c.asDriver()).map { "\($0)\($1)\($2)" }
                    .drive(onNext: { log.append("combine3 \($0)") }).disposed(by: bag)
                let taps = PublishRelay<Void>()
                taps.asSignal().withLatestFrom(b.asDriver().asSignal()).emit(onNext: { log.append("latest \($0)") }).disposed(by: bag)
                let inners = [BehaviorRelay(value: "i0"), BehaviorRelay(value: "j0")]
                let outer = BehaviorRelay(value: 0)
                outer.asDriver().flatMapLatest { inners[$0].asDriver() }.drive(onNext: { log.append("latestInner \($0)") }).disposed(by: bag)
                b.accept("y")
                taps.accept(())
                outer.accept(1)
                inners[0].accept("i1")
            })
            #expect(log.all == [
                "just 1",
                "ops 20", "ops 30",
                "empty completed",
                "startWith 4", "startWith 5",
                "combine2 1x",
                "combine3 1xtrue",
                "latestInner i0",
                "combine2 1y", "combine3 1ytrue",
                "latest y",
                "latestInner j0",
            ])
        }

        @Test func ofSendsEveryElementOnTheMainQueueOneBlockAtATime() {
            let log = ValueLog<String>()
            let completed = DispatchSemaphore(value: 0)
            let subscription = DisposableBox()
            #expect(onMainQueue {
                subscription.set(Driver.of(1, 2, 3).drive(
                    onNext: { log.append("\($0) on main \(DispatchQueue.isMain)") },
                    onCompleted: { completed.signal() }
                ))
                log.append("drive returned")
            })
            #expect(waitFor(completed))
            #expect(log.all == ["1 on main true", "drive returned", "2 on main true", "3 on main true"])
            #expect(onMainQueue { subscription.dispose() })
        }

        @Test func driveOffTheMainQueueStopsTheProgramInDebugBuilds() async {
            await #expect(processExitsWith: .failure) {
                DispatchQueue(label: "ripple.tests.background").sync {
                    _ = Driver.just(1).drive(onNext: { _ in })
                }
            }
        }

        @Test func emitOffTheMainQueueStopsTheProgramInDebugBuilds() async {
            await #expect(processExitsWith: .failure) {
                DispatchQueue(label: "ripple.tests.background").sync {
                    _ = Signal.just(1).emit(onNext: { _ in })
                }
            }
        }
    }
}

/// Holds one disposable made on one queue and disposed from another.
final class DisposableBox: @unchecked Sendable {
    // `@unchecked Sendable`: `disposable` is read and written only under `lock`.
    private let lock = Lock()
    private var disposable: Disposable?

    func set(_ disposable: Disposable) {
        lock.withLock { self.disposable = disposable }
    }

    func dispose() {
        let current: Disposable? = lock.withLock {
            defer { disposable = nil }
            return disposable
        }
        current?.dispose()
    }
}
