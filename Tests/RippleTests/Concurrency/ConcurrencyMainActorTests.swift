import Dispatch
import Testing
@testable import Ripple

/// State only main-actor code may touch, standing for a view or a view model.
@MainActor
private final class Screen {
    var shown: [Int] = []
}

/// A plain, non-`Sendable` class, like most view models.
private final class Tally {
    private(set) var total = 0
    func add(_ value: Int) { total += value }
}

extension RippleTests {
    /// Main-actor code using Ripple in a Swift 6 client (this test target is compiled
    /// in the Swift 6 language mode): closures written in main-actor code, run by
    /// Ripple on other threads or on the main queue.
    @Suite struct ConcurrencyMainActorTests {
        /// The RxSwift crash: with RxSwift (a Swift 5 module) this closure traps in
        /// `_dispatch_assert_queue_fail` when `observe(on:)` runs it on the background
        /// queue, because Swift 6 checks the main-actor isolation it infers for it.
        /// Ripple is a Swift 6 module, so no such check is inserted: the closure runs on
        /// the scheduler's queue and every value arrives.
        @MainActor
        @Test func aClosureFromMainActorCodeRunsAfterObserveOnABackgroundQueue() async {
            let baseline = Resources.total
            do {
                let received = ValueLog<Int>()
                let onMain = ValueLog<Bool>()
                let subscription = Observable.of(1, 2, 3)
                    .observe(on: SerialDispatchQueueScheduler(qos: .default))
                    .subscribe(onNext: { value in
                        onMain.append(onMainQueueNow())
                        received.append(value)
                    })
                #expect(await eventually { received.all == [1, 2, 3] })
                #expect(onMain.all == [false, false, false])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// The same with every closure `subscribe` takes, and with `subscribe(on:)`.
        @MainActor
        @Test func allSubscribeClosuresFromMainActorCodeRunOffTheMainQueue() async {
            let baseline = Resources.total
            do {
                let log = ValueLog<String>()
                let subscription = Observable.of(1)
                    .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                    .observe(on: SerialDispatchQueueScheduler(qos: .default))
                    .subscribe(
                        onNext: { log.append("next \($0) main=\(onMainQueueNow())") },
                        onError: { log.append("error \($0)") },
                        onCompleted: { log.append("completed main=\(onMainQueueNow())") },
                        onDisposed: { log.append("disposed") }
                    )
                #expect(await eventually { log.count == 3 })
                #expect(log.all == ["next 1 main=false", "completed main=false", "disposed"])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Back on the main queue with `observe(on: MainScheduler.instance)`, a closure
        /// from main-actor code may touch main-actor state: it runs where the main actor
        /// runs.
        @MainActor
        @Test func observeOnMainSchedulerBringsTheClosureBackToTheMainActor() async {
            let baseline = Resources.total
            do {
                let screen = Screen()
                let subscription = Observable.of(1, 2, 3)
                    .observe(on: SerialDispatchQueueScheduler(qos: .default))
                    .map { $0 * 10 }
                    .observe(on: MainScheduler.instance)
                    .subscribe(onNext: { value in
                        #expect(onMainQueueNow())
                        screen.shown.append(value)
                    })
                #expect(await eventually { screen.shown == [10, 20, 30] })
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// `drive` keeps RxSwift's plain closures (so nonisolated callers and closures
        /// capturing local state keep compiling), and a Driver delivers on the main
        /// queue, so a closure written in main-actor code may touch main-actor state.
        @MainActor
        @Test func driveFromMainActorCodeTouchesMainActorState() async {
            let baseline = Resources.total
            do {
                let screen = Screen()
                var count = 0
                let subscription = Observable.of(1, 2, 3)
                    .observe(on: SerialDispatchQueueScheduler(qos: .default))
                    .asDriver(onErrorJustReturn: -1)
                    .drive(onNext: { value in
                        #expect(onMainQueueNow())
                        screen.shown.append(value)
                        count += 1
                    })
                #expect(await eventually { screen.shown == [1, 2, 3] })
                #expect(count == 3)
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// RxSwift forms that a `@MainActor` closure parameter would reject keep
        /// compiling with `drive`: a closure value held in a variable, and a method of a
        /// non-`Sendable` object.
        @MainActor
        @Test func driveTakesClosureValuesAndMethodReferences() async {
            let baseline = Resources.total
            do {
                let tally = Tally()
                let handler: (Int) -> Void = { tally.add($0) }
                let first = Driver.of(1, 2).drive(onNext: handler)
                let second = Driver.of(3).drive(onNext: tally.add)
                #expect(await eventually { tally.total == 6 })
                first.dispose()
                second.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// RxSwift-style synchronous code in a nonisolated function still compiles and
        /// runs: closures capture and mutate local state, with no `@Sendable` demanded.
        @Test func closuresCapturingLocalMutableStateStillCompile() {
            var sum = 0
            var completed = false
            let subscription = Observable.of(1, 2, 3)
                .map { $0 * 2 }
                .subscribe(onNext: { sum += $0 }, onCompleted: { completed = true })
            subscription.dispose()
            #expect(sum == 12)
            #expect(completed)
        }
    }
}
