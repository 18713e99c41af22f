import Dispatch
import Ripple
import RippleBus
import Testing

// Everyday RxSwift code written in main-actor code (a `@MainActor` view model, or any
// code of a module with default main-actor isolation), whose events come from another
// thread. Its closures are main-actor isolated in the compiler's eyes, so Ripple must
// run them on the main actor: run elsewhere, a closure nested in them that goes to the
// standard library (`users.map { $0.name }`) traps, and state they touch is raced.
//
// Each pattern runs in a child process (an exit test), so a trap fails that test
// alone. Inside, every closure records whether it ran on the main queue, and the
// pattern checks the records and its events with `precondition`.

/// Where the closures of the running pattern ran: `true` for the main queue.
nonisolated let placesSeen = Log<Bool>()

/// Records where the calling closure runs.
nonisolated func recordPlace() {
    placesSeen.append(onMainQueue())
}

/// Stops the child process unless every closure so far ran on the main queue and
/// `seen` holds.
@MainActor
func expectOnMainActor(_ seen: Bool, _ what: String) {
    precondition(seen, "\(what): wrong events")
    precondition(!placesSeen.all.isEmpty, "\(what): no closure ran")
    precondition(placesSeen.all.allSatisfy { $0 }, "\(what): a main-actor closure ran off the main actor")
}

/// Sends `elements` and completes, from a background queue.
nonisolated func fromBackground<Element: Sendable>(_ elements: [Element]) -> Observable<Element> {
    Observable.from(elements, scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
}

/// The view model of the patterns: main-actor state, touched by its closures.
@MainActor
final class IsolatedViewModel {
    var label = ""
    var names: [String] = []
    var total = 0
    let bag = DisposeBag()
    private let counter = Locked(0)

    /// A background `map` whose closure calls the standard library's `map`.
    func namesInBackground(_ users: Observable<[User]>) -> Observable<[String]> {
        users
            .observe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
            .map { users in
                recordPlace()
                return users.map { $0.name }
            }
    }

    /// `filter` with `contains(where:)`, then `subscribe` writing main-actor state.
    func keepAdmins(_ teams: Observable<[User]>) {
        teams
            .filter { team in
                recordPlace()
                return team.contains(where: { $0.name == "admin" })
            }
            .subscribe(onNext: { team in
                recordPlace()
                self.names.append(contentsOf: team.map(\.name))
            })
            .disposed(by: bag)
    }

    /// `do` and `scan` whose closures reduce arrays.
    func runningTotals(_ batches: Observable<[Int]>) {
        batches
            .do(onNext: { batch in
                recordPlace()
                self.label = "\(batch.reduce(0, +))"
            })
            .scan(0) { total, batch in
                recordPlace()
                return total + batch.reduce(0, +)
            }
            .subscribe(onNext: { total in
                recordPlace()
                self.total = total
            })
            .disposed(by: bag)
    }

    /// `flatMap` whose selector sorts.
    func sortedBatches(_ batches: Observable<[Int]>) -> Observable<Int> {
        batches.flatMap { batch in
            recordPlace()
            return Observable.from(batch.sorted { $0 > $1 })
        }
    }

    /// A subject fed from another thread; the subscriber sets a label.
    func follow(_ titles: PublishSubject<String>) {
        titles
            .subscribe(onNext: { title in
                recordPlace()
                self.label = title.split(separator: " ").map { $0.uppercased() }.joined(separator: " ")
            })
            .disposed(by: bag)
    }

    /// A lock used inside a subscriber (``Locked``, where newer code would use `Mutex`).
    func count(_ ticks: Observable<Int>) {
        ticks
            .subscribe(onNext: { tick in
                recordPlace()
                self.counter.withLock { $0 += tick }
                self.total = self.counter.withLock { $0 }
            })
            .disposed(by: bag)
    }

    /// A UI pipeline that stays on the main thread: `observe(on: MainScheduler.instance)`,
    /// then closures, as RxSwift code has always written it.
    func render(_ names: Observable<String>) {
        names
            .observe(on: MainScheduler.instance)
            .map { name in
                recordPlace()
                return name.map { $0.uppercased() }.joined()
            }
            .subscribe(onNext: { name in
                recordPlace()
                self.names.append(name)
            })
            .disposed(by: bag)
    }

    /// A `create` body (it touches `self`) subscribed through `subscribe(on:)` a
    /// background scheduler: the body still runs on the main actor.
    func greetings() -> Observable<String> {
        Observable<String>.create { observer in
            recordPlace()
            observer.onNext(self.label.isEmpty ? "hello" : self.label)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .utility))
    }
}

/// An event on the bus.
struct TitleChanged: Sendable {
    var words: [String]
}

/// More of the view model: traits, Driver and Signal, bindings, the bus, selectors.
extension IsolatedViewModel {
    /// A `Single` made on a background queue; its callback touches main-actor state.
    func loadUser(_ fetch: Single<User>) {
        fetch
            .subscribe(onSuccess: { user in
                recordPlace()
                self.label = user.name.map { $0.uppercased() }.joined()
            })
            .disposed(by: bag)
    }

    /// `drive` and `emit` from main-actor code, whose sources start on a background queue.
    func show(_ names: Observable<String>, taps: PublishRelay<Int>) {
        names
            .asDriver(onErrorJustReturn: "")
            .map { name in
                recordPlace()
                return name.split(separator: "-").joined(separator: " ")
            }
            .drive(onNext: { name in
                recordPlace()
                self.names.append(name)
            })
            .disposed(by: bag)
        taps.asSignal()
            .emit(onNext: { tap in
                recordPlace()
                self.total += [tap].reduce(0, +)
            })
            .disposed(by: bag)
    }

    /// `bind(onNext:)` from a relay fed on a background queue.
    func bindTitles(_ titles: PublishRelay<String>) {
        titles
            .bind(onNext: { title in
                recordPlace()
                self.label = title.filter { $0 != " " }
            })
            .disposed(by: bag)
    }

    /// `combineLatest` and `withLatestFrom` with selectors, and `catch`.
    func combine(_ first: Observable<Int>, _ second: Observable<Int>) {
        Observable.combineLatest(first, second) { a, b in
            recordPlace()
            return [a, b].max(by: <) ?? 0
        }
        .withLatestFrom(second) { latest, other in
            recordPlace()
            return [latest, other].reduce(0, +)
        }
        .catch { error in
            recordPlace()
            return .just([-1].reduce(0, +))
        }
        .subscribe(onNext: { value in
            recordPlace()
            self.total = value
        })
        .disposed(by: bag)
    }

    /// The bus: a handler on any thread (`@Sendable`, so nonisolated and checked by the
    /// compiler), and one on the main actor.
    func listen(on bus: EventBus) {
        bus.subscribe(TitleChanged.self) { event in
            // Nonisolated: runs on the bus's queue; the nested closure must not trap.
            _ = event.words.map { $0.uppercased() }
        }
        .disposed(by: bag)
        bus.subscribeOnMain(TitleChanged.self) { event in
            recordPlace()
            self.label = event.words.map { $0.capitalized }.joined(separator: " ")
        }
        .disposed(by: bag)
    }
}

/// The patterns, each run by one exit test.
@MainActor
enum IsolationPattern {
    static func backgroundMap() async {
        let model = IsolatedViewModel()
        let users = fromBackground([[User(name: "ada"), User(name: "grace")]])
        let result = Log<[String]>()
        model.namesInBackground(users).subscribe(onNext: { result.append($0) }).disposed(by: model.bag)
        expectOnMainActor(await eventually { result.all == [["ada", "grace"]] }, "map")
    }

    static func backgroundFilter() async {
        let model = IsolatedViewModel()
        model.keepAdmins(fromBackground([[User(name: "bob")], [User(name: "admin"), User(name: "eve")]]))
        expectOnMainActor(await eventually { model.names == ["admin", "eve"] }, "filter")
    }

    static func doAndScan() async {
        let model = IsolatedViewModel()
        model.runningTotals(fromBackground([[1, 2], [3], [4, 5]]))
        expectOnMainActor(await eventually { model.total == 15 && model.label == "9" }, "do + scan")
    }

    static func flatMap() async {
        let model = IsolatedViewModel()
        let result = Log<Int>()
        model.sortedBatches(fromBackground([[1, 3, 2]])).subscribe(onNext: { result.append($0) }).disposed(by: model.bag)
        expectOnMainActor(await eventually { result.all == [3, 2, 1] }, "flatMap")
    }

    static func subjectFedFromAnotherThread() async {
        let model = IsolatedViewModel()
        let titles = PublishSubject<String>()
        model.follow(titles)
        DispatchQueue.global().async {
            titles.onNext("first title")
            titles.onNext("second title")
        }
        expectOnMainActor(await eventually { model.label == "SECOND TITLE" }, "subject")
    }

    static func mutexInASubscriber() async {
        let model = IsolatedViewModel()
        model.count(fromBackground([1, 2, 3]))
        expectOnMainActor(await eventually { model.total == 6 }, "Locked")
    }

    static func pipelineOnTheMainThread() async {
        let model = IsolatedViewModel()
        let names = PublishSubject<String>()
        model.render(names)
        // Sent on the main actor: delivered at once, before onNext returns.
        names.onNext("ab")
        precondition(model.names == ["AB"], "a main-actor pipeline fed on the main actor must deliver synchronously")
        DispatchQueue.global().async { names.onNext("cd") }
        expectOnMainActor(await eventually { model.names == ["AB", "CD"] }, "UI pipeline")
    }

    static func createSubscribedOnABackgroundScheduler() async {
        let model = IsolatedViewModel()
        model.label = "hi"
        let result = Log<String>()
        model.greetings().subscribe(onNext: { result.append($0) }).disposed(by: model.bag)
        expectOnMainActor(await eventually { result.all == ["hi"] }, "create + subscribe(on:)")
    }
}

extension IsolationPattern {
    static func singleCallback() async {
        let model = IsolatedViewModel()
        model.loadUser(Single.just(User(name: "ada")).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .utility)))
        expectOnMainActor(await eventually { model.label == "ADA" }, "Single")
    }

    static func driveAndEmit() async {
        let model = IsolatedViewModel()
        let taps = PublishRelay<Int>()
        model.show(fromBackground(["a-b", "c-d"]), taps: taps)
        DispatchQueue.global().async { taps.accept(5) }
        expectOnMainActor(await eventually { model.names == ["a b", "c d"] && model.total == 5 }, "drive + emit")
    }

    static func bindOnNext() async {
        let model = IsolatedViewModel()
        let titles = PublishRelay<String>()
        model.bindTitles(titles)
        DispatchQueue.global().async { titles.accept("a b c") }
        expectOnMainActor(await eventually { model.label == "abc" }, "bind(onNext:)")
    }

    static func selectorsAndCatch() async {
        let model = IsolatedViewModel()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        model.combine(first, second)
        DispatchQueue.global().async {
            first.onNext(1)
            second.onNext(2)
            first.onNext(3)
            first.onError(TestFailure())
        }
        expectOnMainActor(await eventually { model.total == -1 }, "combineLatest + withLatestFrom + catch")
    }

    static func busHandlers() async {
        let model = IsolatedViewModel()
        let bus = EventBus()
        model.listen(on: bus)
        DispatchQueue.global().async { bus.publish(TitleChanged(words: ["hello", "bus"])) }
        expectOnMainActor(await eventually { model.label == "Hello Bus" }, "bus")
    }
}

/// An error a pattern sends.
struct TestFailure: Error {}

@Suite(clientPatterns) struct IsolationPatterns {
    @Test func singleCallbackFromABackgroundQueue() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.singleCallback() }
    }

    @Test func driveAndEmitWithMainActorClosures() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.driveAndEmit() }
    }

    @Test func bindOnNextFedFromABackgroundQueue() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.bindOnNext() }
    }

    @Test func combiningSelectorsAndCatch() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.selectorsAndCatch() }
    }

    @Test func busHandlersFromMainActorCode() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.busHandlers() }
    }

    @Test func backgroundMapWithANestedStandardLibraryClosure() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.backgroundMap() }
    }

    @Test func filterWithContainsWhere() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.backgroundFilter() }
    }

    @Test func doAndScanReducingArrays() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.doAndScan() }
    }

    @Test func flatMapWithASortingSelector() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.flatMap() }
    }

    @Test func subjectFedFromAnotherThread() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.subjectFedFromAnotherThread() }
    }

    @Test func mutexInASubscriber() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.mutexInASubscriber() }
    }

    @Test func pipelineThatStaysOnTheMainThread() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.pipelineOnTheMainThread() }
    }

    @Test func createBodySubscribedOnABackgroundScheduler() async {
        await #expect(processExitsWith: .success) { await IsolationPattern.createSubscribedOnABackgroundScheduler() }
    }
}
