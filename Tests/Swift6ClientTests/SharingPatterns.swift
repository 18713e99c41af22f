import Dispatch
import Ripple
import Testing

// Everyday client code: disposables, subjects and relays,
// and sequences shared between queues, tasks and actors.

/// Subjects and relays kept in `static let`s: they are `Sendable` (for `Sendable`
/// elements), so a global needs no annotation.
nonisolated enum AppEvents {
    static let loggedIn = PublishSubject<String>()
    static let theme = BehaviorRelay<String>(value: "light")
    static let messages = PublishRelay<Int>()
    static let history = ReplaySubject<Int>.create(bufferSize: 2)
}

/// Pattern 6's idiomatic form: a shared sequence in a `static let` isolated to the main
/// actor (an `Observable` is not `Sendable`).
@MainActor
enum Clock {
    static let ticks = Observable<Int>.interval(.milliseconds(5), scheduler: MainScheduler.instance)
        .take(3)
        .share(replay: 1)
}

/// A `DisposeBag` owned by an actor.
actor Recorder {
    private let bag = DisposeBag()
    private let seen = Log<Int>()

    func record(_ numbers: PublishRelay<Int>) {
        numbers.subscribe(onNext: { [seen] in seen.append($0) }).disposed(by: bag)
    }

    nonisolated var values: [Int] { seen.all }
}

@Suite(clientPatterns) struct SharingPatterns {
    /// Pattern 4: the disposable `subscribe` returns, disposed on another queue.
    @Test func disposeFromAnotherQueue() async {
        let source = PublishSubject<Int>()
        let log = Log<Int>()
        let s = source.subscribe(onNext: { log.append($0) })
        source.onNext(1)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { s.dispose() }
        #expect(await eventually { !source.hasObservers })
        source.onNext(2)
        #expect(log.all == [1])
    }

    /// Pattern 4 with the disposables of `bind(to:)`, `drive` and `Disposables.create`,
    /// disposed from a task. (On the main actor: a Driver is driven from the main queue.)
    @MainActor
    @Test func disposeFromATask() async {
        let relay = BehaviorRelay(value: 0)
        let target = PublishRelay<Int>()
        let log = Log<String>()
        let bound = relay.bind(to: target)
        let driven = relay.asDriver().drive(onNext: { _ in })
        let custom = Disposables.create { log.append("custom") }
        let single = Single.just(1).subscribe(onSuccess: { _ in })
        await Task.detached {
            bound.dispose()
            driven.dispose()
            custom.dispose()
            single.dispose()
        }.value
        #expect(log.all == ["custom"])
    }

    /// Subjects and relays in `static let`s, used from several queues.
    @Test func subjectsAndRelaysInStaticLets() async {
        let log = Log<String>()
        let bag = DisposeBag()
        AppEvents.loggedIn.subscribe(onNext: { log.append("user \($0)") }).disposed(by: bag)
        AppEvents.theme.skip(1).subscribe(onNext: { log.append("theme \($0)") }).disposed(by: bag)
        AppEvents.messages.subscribe(onNext: { log.append("message \($0)") }).disposed(by: bag)
        DispatchQueue.global().async {
            AppEvents.loggedIn.onNext("ada")
            AppEvents.theme.accept("dark")
            AppEvents.messages.accept(1)
        }
        #expect(await eventually { log.all.count == 3 })
        #expect(log.all == ["user ada", "theme dark", "message 1"])
        #expect(AppEvents.theme.value == "dark")
        AppEvents.history.onNext(1)
        AppEvents.history.onNext(2)
        AppEvents.history.onNext(3)
        let replayed = Log<Int>()
        AppEvents.history.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        #expect(replayed.all == [2, 3])
    }

    /// `bind(to:)` fed from a background queue into a relay.
    @Test func bindToARelayFromABackgroundQueue() async {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let bag = DisposeBag()
        subject.map { $0 * 10 }.bind(to: relay).disposed(by: bag)
        DispatchQueue.global().async { subject.onNext(4) }
        #expect(await eventually { relay.value == 40 })
    }

    /// A `DisposeBag` in an actor. The subscriber, written in the actor, is isolated to
    /// it, so an element sent from outside reaches it on the actor, a moment later.
    @Test func disposeBagInAnActor() async {
        let recorder = Recorder()
        let numbers = PublishRelay<Int>()
        await recorder.record(numbers)
        numbers.accept(5)
        #expect(await eventually { recorder.values == [5] })
    }

    /// Pattern 6, idiomatic form: the sequence is made inside the task.
    @Test func makeTheSequenceInsideTheTask() async throws {
        let total = try await Task.detached {
            var sum = 0
            for try await value in Observable.of(1, 2, 3).map({ $0 * 2 }).values {
                sum += value
            }
            return sum
        }.value
        #expect(total == 12)
    }

    /// Pattern 6, idiomatic form: hand the task a `Sendable` source (a relay) and build
    /// the chain inside it.
    @Test func handTheTaskASendableSource() async {
        let relay = BehaviorRelay(value: 1)
        let log = Log<Int>()
        let subscription = await Task {
            relay.map { $0 + 1 }.subscribe(onNext: { log.append($0) })
        }.value
        relay.accept(2)
        subscription.dispose()
        #expect(log.all == [2, 3])
    }

    /// Pattern 6, idiomatic form: a shared sequence in a `@MainActor static let`.
    @MainActor
    @Test func aSharedSequenceInAMainActorStaticLet() async {
        let log = Log<Int>()
        let bag = DisposeBag()
        Clock.ticks.subscribe(onNext: { log.append($0) }).disposed(by: bag)
        #expect(await eventually { log.all == [0, 1, 2] })
    }
}
