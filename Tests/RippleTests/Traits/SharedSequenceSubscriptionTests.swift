import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct SharedSequenceSubscriptionTests {
        @Test func driveToRelaysOfOptionals() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let scheduler = TestScheduler(initialClock: 0)
                SharingScheduler.mock(scheduler: scheduler) {
                    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)]).asDriver(onErrorJustReturn: -1)
                    let behaviors = [BehaviorRelay<Int?>(value: nil), BehaviorRelay<Int?>(value: nil)]
                    let replay = ReplayRelay<Int?>.createUnbounded()
                    let publish = PublishRelay<Int?>()
                    let bag = DisposeBag()
                    publish.subscribe(onNext: { log.append("publish \(String(describing: $0)) at \(scheduler.clock)") }).disposed(by: bag)
                    source.drive(behaviors[0], behaviors[1]).disposed(by: bag)
                    source.drive(replay).disposed(by: bag)
                    source.drive(publish).disposed(by: bag)
                    scheduler.start()
                    log.append("behaviors \(behaviors.map { String(describing: $0.value) })")
                    replay.subscribe(onNext: { log.append("replay \(String(describing: $0))") }).disposed(by: bag)
                }
            })
            #expect(log.all == [
                "publish Optional(1) at 211", "publish Optional(2) at 221",
                "behaviors [\"Optional(2)\", \"Optional(2)\"]",
                "replay Optional(1)", "replay Optional(2)",
            ])
        }

        @Test func emitToRelaysOfOptionals() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let scheduler = TestScheduler(initialClock: 0)
                SharingScheduler.mock(scheduler: scheduler) {
                    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)]).asSignal(onErrorJustReturn: -1)
                    let behavior = BehaviorRelay<Int?>(value: nil)
                    let replays = [ReplayRelay<Int?>.create(bufferSize: 1), ReplayRelay<Int?>.create(bufferSize: 1)]
                    let publish = PublishRelay<Int?>()
                    let bag = DisposeBag()
                    publish.subscribe(onNext: { log.append("publish \(String(describing: $0)) at \(scheduler.clock)") }).disposed(by: bag)
                    source.emit(to: behavior).disposed(by: bag)
                    source.emit(to: replays[0], replays[1]).disposed(by: bag)
                    source.emit(to: publish).disposed(by: bag)
                    scheduler.start()
                    log.append("behavior \(String(describing: behavior.value))")
                    for replay in replays {
                        replay.subscribe(onNext: { log.append("replay \(String(describing: $0))") }).disposed(by: bag)
                    }
                }
            })
            #expect(log.all == [
                "publish Optional(1) at 211", "publish Optional(2) at 221",
                "behavior Optional(2)",
                "replay Optional(2)", "replay Optional(2)",
            ])
        }

        @Test func driveWithATransformationAndACurriedArgument() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let driver = Driver<Int>.never().startWith(1)
                func show(_ values: Observable<Int>) -> Disposable {
                    values.subscribe(onNext: { log.append("shown \($0)") })
                }
                func prefixed(_ values: Observable<Int>) -> (String) -> Disposable {
                    { prefix in values.subscribe(onNext: { log.append("\(prefix)\($0)") }) }
                }
                let shown: Disposable = driver.drive(show)
                let curried: Disposable = driver.drive(prefixed, curriedArgument: "value ")
                shown.dispose()
                curried.dispose()
            })
            #expect(log.all == ["shown 1", "value 1"])
        }

        @Test func driveAndEmitWithNothingSubscribeAndKeepTheWorkRunning() {
            let subscriptions = Counter()
            let disposals = Counter()
            #expect(onMainQueue {
                let driver = Driver<Int>.never().do(onSubscribe: { subscriptions.increment() }, onDispose: { disposals.increment() })
                let signal = Signal<Int>.never().do(onSubscribe: { subscriptions.increment() }, onDispose: { disposals.increment() })
                let driving = driver.drive()
                let emitting = signal.emit()
                driving.dispose()
                emitting.dispose()
            })
            #expect(subscriptions.value == 2)
            #expect(disposals.value == 2)
        }

        @Test func infallibleBindToABinderFunction() {
            var log: [String] = []
            let names = Infallible.of("a", "b")
            let binding = names.bind(to: { (names: Infallible<String>) -> Disposable in
                names.subscribe(onNext: { log.append($0) })
            })
            let curried = names.bind(to: { (names: Infallible<String>) in
                { (prefix: String) -> Disposable in names.subscribe(onNext: { log.append(prefix + $0) }) }
            }, curriedArgument: "name ")
            binding.dispose()
            curried.dispose()
            #expect(log == ["a", "b", "name a", "name b"])
        }
    }
}
