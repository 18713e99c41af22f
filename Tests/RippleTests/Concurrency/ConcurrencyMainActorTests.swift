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

/// Sends `elements` from a background thread (and completes, if asked), and returns
/// once they are sent. It blocks the caller meanwhile: called on the main actor, every
/// element bound for a main-actor closure is then waiting for the main actor.
private func sendFromBackground(_ subject: PublishSubject<Int>, _ elements: ClosedRange<Int>, complete: Bool = true) {
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        for element in elements { subject.onNext(element) }
        if complete { subject.onCompleted() }
        sent.signal()
    }
    sent.wait()
}

/// Closures written in nonisolated code: they run where the event is sent.
private func nonisolatedPipeline(_ source: Observable<Int>, places: ValueLog<Bool>, values: ValueLog<Int>) -> any Disposable & Sendable {
    source
        .map { value in
            places.append(onMainQueueNow())
            return value * 2
        }
        .subscribe(onNext: { value in
            places.append(onMainQueueNow())
            values.append(value)
        })
}

/// What the re-entrancy test's subscriber logs when written in nonisolated code.
private func reentrantLogWithoutIsolation() -> [String] {
    let subject = PublishSubject<Int>()
    let log = ValueLog<String>()
    let subscription = subject.subscribe(onNext: { value in
        log.append("in \(value)")
        if value == 1 { subject.onNext(2) }
        log.append("out \(value)")
    })
    subject.onNext(1)
    subscription.dispose()
    return log.all
}

/// An actor whose closures must run on it; it records whether they did.
private actor IsolatedCounter {
    private var values: [Int] = []
    private var offActor = 0
    private let bag = DisposeBag()

    func follow(_ source: Observable<Int>) {
        source
            .map { value in
                // Only this actor's code may call `note`; from anywhere else the test
                // would have to `await` it, which a synchronous closure cannot do.
                self.note()
                return value + 100
            }
            .subscribe(onNext: { value in
                self.values.append(value)
            })
            .disposed(by: bag)
    }

    private func note() {
        if IsolationExecutor.runningActor != ObjectIdentifier(self) {
            offActor += 1
        }
    }

    var seen: [Int] { values }
    var closuresOffTheActor: Int { offActor }
}

extension RippleTests {
    /// Closures written in main-actor code (this target is compiled in the Swift 6
    /// language mode) run on the main actor, wherever their events come from; closures
    /// written in nonisolated code run where the events are sent, as in RxSwift.
    @Suite struct ConcurrencyMainActorTests {
        /// The RxSwift crash, which used to be a silent off-main call here: after
        /// `observe(on:)` a background queue, a closure from main-actor code runs on the
        /// main queue, every value in order.
        @MainActor
        @Test func aClosureFromMainActorCodeRunsOnTheMainActorAfterObserveOnABackgroundQueue() async {
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
                #expect(onMain.all == [true, true, true])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Every closure `subscribe` takes, and `subscribe(on:)`: elements, then the
        /// completion, then `onDisposed`, all on the main queue.
        @MainActor
        @Test func allSubscribeClosuresFromMainActorCodeRunOnTheMainQueue() async {
            let baseline = Resources.total
            do {
                let log = ValueLog<String>()
                let subscription = Observable.of(1, 2)
                    .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                    .observe(on: SerialDispatchQueueScheduler(qos: .default))
                    .subscribe(
                        onNext: { log.append("next \($0) main=\(onMainQueueNow())") },
                        onError: { log.append("error \($0)") },
                        onCompleted: { log.append("completed main=\(onMainQueueNow())") },
                        onDisposed: { log.append("disposed main=\(onMainQueueNow())") }
                    )
                #expect(await eventually { log.count == 4 })
                #expect(log.all == ["next 1 main=true", "next 2 main=true", "completed main=true", "disposed main=true"])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// An error ends the sequence on the main queue too, after the elements.
        @MainActor
        @Test func theErrorFollowsTheElementsOnTheMainQueue() async {
            let baseline = Resources.total
            do {
                let log = ValueLog<String>()
                let subject = PublishSubject<Int>()
                let subscription = subject.subscribe(
                    onNext: { log.append("next \($0) main=\(onMainQueueNow())") },
                    onError: { _ in log.append("error main=\(onMainQueueNow())") }
                )
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().async {
                        subject.onNext(1)
                        subject.onError(TestError())
                        done.resume()
                    }
                }
                #expect(await eventually { log.count == 2 })
                #expect(log.all == ["next 1 main=true", "error main=true"])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Order across the hop: elements sent from a background thread and from the
        /// main actor, interleaved, arrive in the order they were sent.
        @MainActor
        @Test func elementsKeepTheirOrderAcrossTheHop() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let received = ValueLog<Int>()
                let subscription = subject.map { $0 }.subscribe(onNext: { received.append($0) })
                subject.onNext(0)                                  // on the main actor: at once
                #expect(received.all == [0])
                sendFromBackground(subject, 1...500, complete: false)   // queued for the main actor
                subject.onNext(501)                                // behind the queued ones
                #expect(received.all == [0])
                #expect(await eventually { received.count == 502 })
                #expect(received.all == Array(0...501))
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Disposal: once `dispose()` has returned on the main actor, nothing that was
        /// waiting to hop is delivered.
        @MainActor
        @Test func nothingWaitingIsDeliveredAfterDisposeReturnsOnTheMainActor() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let received = ValueLog<Int>()
                let disposed = ValueLog<Bool>()
                let subscription = subject.subscribe(onNext: { received.append($0) }, onDisposed: { disposed.append(onMainQueueNow()) })
                // The main actor is busy in this test until it disposes, so every element
                // sent meanwhile is waiting for it.
                sendFromBackground(subject, 1...100, complete: false)
                subscription.dispose()
                #expect(disposed.all == [true])
                let settled = ValueLog<Bool>()
                DispatchQueue.main.async { settled.append(true) }
                #expect(await eventually { settled.count == 1 })
                #expect(received.all.isEmpty)
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// `onDisposed` written in main-actor code, disposed from a background thread,
        /// runs on the main queue.
        @MainActor
        @Test func onDisposedRunsOnTheMainActorWhenDisposedElsewhere() async {
            let baseline = Resources.total
            do {
                let disposed = ValueLog<Bool>()
                let subscription = Observable<Int>.never().subscribe(onDisposed: { disposed.append(onMainQueueNow()) })
                DispatchQueue.global().async { subscription.dispose() }
                #expect(await eventually { disposed.count == 1 })
                #expect(disposed.all == [true])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Re-entrancy on the main actor: a subscriber that sends into its own source is
        /// served exactly as in a nonisolated pipeline (the subject delivers the nested
        /// element once the current one returns), with no hop in between.
        @MainActor
        @Test func reentrantSendsOnTheMainActorBehaveAsWithoutIsolation() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let log = ValueLog<String>()
                let subscription = subject.subscribe(onNext: { value in
                    log.append("in \(value)")
                    if value == 1 { subject.onNext(2) }
                    log.append("out \(value)")
                })
                subject.onNext(1)
                #expect(log.all == reentrantLogWithoutIsolation())
                #expect(log.all == ["in 1", "out 1", "in 2", "out 2"])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Re-entrancy during a drain: a subscriber that sends into its source while the
        /// hop is delivering queued elements gets it after them, in order.
        @MainActor
        @Test func reentrantSendsDuringADrainQueueBehindTheWaitingElements() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let received = ValueLog<Int>()
                let subscription = subject.subscribe(onNext: { value in
                    received.append(value)
                    if value == 1 { subject.onNext(10) }
                })
                sendFromBackground(subject, 1...3, complete: false)
                #expect(await eventually { received.count == 4 })
                #expect(received.all == [1, 2, 3, 10])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// A chain of main-actor closures hops once: the operators after the first
        /// hop are marked as delivering on the main actor, so they add no hop of their own.
        @MainActor
        @Test func aChainOfMainActorClosuresHopsOnce() async {
            let subject = PublishSubject<Int>()
            let mapped = subject.map { $0 + 1 }
            let filtered = mapped.filter { $0 > 0 }
            #expect((mapped as? Producer<Int>)?.deliversOnMainActor == true)
            #expect(mapped.delivering(to: MainActor.shared) === mapped)
            #expect((filtered as? Producer<Int>)?.deliversOnMainActor == true)
            let observed = subject.observe(on: MainScheduler.instance)
            #expect(observed.delivering(to: MainActor.shared) === observed)
            #expect(subject.delivering(to: nil) === subject)
            #expect(subject.delivering(to: MainActor.shared) !== subject.asObservable())
        }

        /// A nonisolated caller's closures run on the thread that sends, as in RxSwift,
        /// and no hop is added.
        @MainActor
        @Test func closuresFromNonisolatedCodeRunWhereTheEventIsSent() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let places = ValueLog<Bool>()
                let values = ValueLog<Int>()
                let subscription = nonisolatedPipeline(subject.asObservable(), places: places, values: values)
                sendFromBackground(subject, 1...3)
                #expect(values.all == [2, 4, 6])
                #expect(places.all == [false, false, false, false, false, false])
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// A custom actor's closures run on that actor: in order, by a task on it, when
        /// their events come from elsewhere.
        @Test func aCustomActorsClosuresRunOnThatActor() async {
            let baseline = Resources.total
            do {
                let counter = IsolatedCounter()
                let subject = PublishSubject<Int>()
                await counter.follow(subject.asObservable())
                sendFromBackground(subject, 1...50, complete: false)
                var seen: [Int] = []
                for _ in 0..<500 {
                    seen = await counter.seen
                    if seen.count == 50 { break }
                    try? await Task.sleep(nanoseconds: 10_000_000)
                }
                #expect(seen == Array(101...150))
                #expect(await counter.closuresOffTheActor == 0)
                subject.onCompleted()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// A synchronous source subscribed by a custom actor delivers to its closures at
        /// once, inside `subscribe`: the subscription runs on the actor.
        @Test func aCustomActorsSynchronousSubscriptionDeliversAtOnce() async {
            let counter = IsolatedCounter()
            await counter.follow(Observable.of(1, 2, 3))
            #expect(await counter.seen == [101, 102, 103])
            #expect(await counter.closuresOffTheActor == 0)
        }

        /// A `create` body written in main-actor code runs on the main actor even when
        /// `subscribe(on:)` moves the subscription to a background queue; so does the
        /// disposable it returns.
        @MainActor
        @Test func aMainActorCreateBodyIsSubscribedAndDisposedOnTheMainActor() async {
            let baseline = Resources.total
            do {
                let log = ValueLog<String>()
                let source = Observable<Int>.create { observer in
                    log.append("subscribe main=\(onMainQueueNow())")
                    observer.onNext(1)
                    return Disposables.create { log.append("dispose main=\(onMainQueueNow())") }
                }
                let subscription = source
                    .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                    .subscribe(onNext: { log.append("next \($0) main=\(onMainQueueNow())") })
                #expect(await eventually { log.count == 2 })
                DispatchQueue.global().async { subscription.dispose() }
                #expect(await eventually { log.count == 3 })
                #expect(log.all == ["subscribe main=true", "next 1 main=true", "dispose main=true"])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Subscribed on the main actor, a main-actor `create` body runs at once, inside
        /// `subscribe`, as before.
        @MainActor
        @Test func aMainActorCreateBodySubscribedOnTheMainActorRunsAtOnce() {
            var received: [Int] = []
            let subscription = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            .subscribe(onNext: { received.append($0) })
            #expect(received == [1])
            subscription.dispose()
        }

        /// Back on the main queue with `observe(on: MainScheduler.instance)`, as RxSwift
        /// code writes it: the closures after it run there, with no second hop.
        @MainActor
        @Test func observeOnMainSchedulerStillWorks() async {
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

        /// `drive` with closures from main-actor code touching main-actor state.
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
