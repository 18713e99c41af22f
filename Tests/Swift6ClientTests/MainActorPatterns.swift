import Dispatch
import Ripple
import Testing

// Everyday client code: main-actor code (view models, UI
// classes, which are `@MainActor` in Swift 6) using Ripple.

/// A user record crossing from a service to a view model.
struct User: Equatable, Sendable {
    var name: String
}

/// A service a view model calls; it knows nothing of actors.
final class UserService {
    func fetchUser() -> Single<User> {
        Single.create { single in
            DispatchQueue.global().async { single(.success(User(name: "Ada"))) }
            return Disposables.create()
        }
    }

    func cachedUser() -> Maybe<User> {
        .just(User(name: "cached"))
    }

    func save(_ user: User) -> Completable {
        .empty()
    }

    func names() -> Observable<String> {
        .of("a", "b", "c")
    }
}

/// A non-`Sendable` element: a class, like most model objects.
final class Draft {
    var text: String
    init(_ text: String) { self.text = text }
}

/// The view model our Concurrency Model article recommends writing.
@MainActor
final class ProfileViewModel {
    private let service = UserService()
    var title = ""
    var saved = false
    var names: [String] = []
    var drafts: [String] = []

    /// Pattern 3: `await` a Single on the main actor.
    func load() async throws {
        let user = try await service.fetchUser().value
        title = user.name
    }

    /// Pattern 3 for Maybe and Completable.
    func loadCachedThenSave() async throws {
        if let cached = try await service.cachedUser().value {
            title = cached.name
        }
        try await service.save(User(name: title)).value
        saved = true
    }

    /// `values` read and iterated on the main actor.
    func collectNames() async throws {
        for try await name in service.names().values {
            names.append(name)
        }
    }

    /// `values` of a sequence of non-`Sendable` elements, on the main actor.
    func collectDrafts(_ drafts: Observable<Draft>) async throws {
        for try await draft in drafts.values {
            self.drafts.append(draft.text)
        }
    }

    func show(_ name: String) {
        names.append(name)
    }
}

/// A UI class: `@MainActor`, as UIKit's and AppKit's are in Swift 6.
@MainActor
final class MyLabel {
    var text = ""
    var isEnabled = true
    var onTap: (() -> Void)?
    var onEdit: ((String) -> Void)?

    nonisolated init() {}

    func tap() { onTap?() }
    func edit(_ text: String) {
        self.text = text
        onEdit?(text)
    }
}

extension MyLabel: ReactiveCompatible {}

// Pattern 5: RxCocoa-style extensions on a main-actor class, written as in RxSwift.
extension Reactive where Base: MyLabel {
    var text: Binder<String> {
        Binder(base) { label, value in label.text = value }
    }

    var isEnabled: Binder<Bool> {
        Binder(base) { label, enabled in label.isEnabled = enabled }
    }

    /// A `ControlProperty` wired to the control's callbacks: `@MainActor`, because
    /// wiring touches the control (RxCocoa's UIKit extensions are main-actor code too).
    @MainActor var edits: ControlProperty<String> {
        let field = base
        let values = Observable<String>.create { observer in
            field.onEdit = { observer.onNext($0) }
            return Disposables.create()
        }
        return ControlProperty(values: values, valueSink: text)
    }

    /// A `ControlEvent` wired the same way.
    @MainActor var tap: ControlEvent<Void> {
        let field = base
        return ControlEvent(events: Observable.create { observer in
            field.onTap = { observer.onNext(()) }
            return Disposables.create()
        })
    }
}

@Suite(clientPatterns) struct MainActorPatterns {
    /// Pattern 3: `try await fetchUser().value` in a `@MainActor` view model.
    @MainActor
    @Test func awaitSingleValueOnTheMainActor() async throws {
        let model = ProfileViewModel()
        try await model.load()
        #expect(model.title == "Ada")
    }

    /// Pattern 3 for Maybe and Completable.
    @MainActor
    @Test func awaitMaybeAndCompletableOnTheMainActor() async throws {
        let model = ProfileViewModel()
        try await model.loadCachedThenSave()
        #expect(model.title == "cached")
        #expect(model.saved)
    }

    /// `for try await` over `values`, on the main actor.
    @MainActor
    @Test func iterateValuesOnTheMainActor() async throws {
        let model = ProfileViewModel()
        try await model.collectNames()
        #expect(model.names == ["a", "b", "c"])
    }

    /// The same with non-`Sendable` elements.
    @MainActor
    @Test func iterateNonSendableValuesOnTheMainActor() async throws {
        let model = ProfileViewModel()
        try await model.collectDrafts(.of(Draft("x"), Draft("y")))
        #expect(model.drafts == ["x", "y"])
    }

    /// Pattern 5: a Binder on a `@MainActor` class, fed from a background queue; the
    /// binding runs on the main queue, and nothing traps.
    @MainActor
    @Test func binderOnAMainActorClassFedFromABackgroundQueue() async {
        let label = MyLabel()
        let relay = PublishRelay<String>()
        let enabled = PublishRelay<Bool>()
        let bag = DisposeBag()
        relay.bind(to: label.rx.text).disposed(by: bag)
        enabled.bind(to: label.rx.isEnabled).disposed(by: bag)
        DispatchQueue.global().async {
            relay.accept("one")
            relay.accept("two")
            enabled.accept(false)
        }
        #expect(await eventually { label.text == "two" && !label.isEnabled })
    }

    /// Pattern 5 from nonisolated code: the binder is made and fed off the main actor.
    @Test func binderMadeInNonisolatedCode() async {
        let label = MyLabel()
        let text = label.rx.text
        let subscription = Observable.of("x", "y").subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default)).bind(to: text)
        #expect(await onMainActorEventually { label.text == "y" })
        subscription.dispose()
    }

    /// `drive(onNext:)` with a method of a `@MainActor` class.
    @MainActor
    @Test func driveWithAMethodOfAMainActorClass() async {
        let model = ProfileViewModel()
        let bag = DisposeBag()
        Observable.of("x", "y")
            .asDriver(onErrorJustReturn: "")
            .drive(onNext: model.show)
            .disposed(by: bag)
        #expect(await eventually { model.names == ["x", "y"] })
    }

    /// `emit(onNext:)` touching main-actor state, written in main-actor code.
    @MainActor
    @Test func emitTouchingMainActorState() async {
        let label = MyLabel()
        let taps = PublishRelay<Void>()
        let bag = DisposeBag()
        var count = 0
        taps.asSignal()
            .emit(onNext: {
                count += 1
                label.text = "tapped \(count)"
            })
            .disposed(by: bag)
        DispatchQueue.global().async { taps.accept(()) }
        #expect(await eventually { label.text == "tapped 1" })
    }

    /// `subscribe(with:)` on a main-actor owner, after `observe(on: MainScheduler.instance)`.
    @MainActor
    @Test func subscribeWithAMainActorOwner() async {
        let model = ProfileViewModel()
        let bag = DisposeBag()
        let names = PublishSubject<String>()
        names
            .observe(on: MainScheduler.instance)
            .subscribe(with: model, onNext: { model, name in model.show(name) })
            .disposed(by: bag)
        DispatchQueue.global().async {
            names.onNext("p")
            names.onNext("q")
        }
        #expect(await eventually { model.names == ["p", "q"] })
    }

    /// A `ControlProperty` and a `ControlEvent` made from a main-actor control, bound
    /// both ways.
    @MainActor
    @Test func controlPropertyAndEventFromAMainActorControl() async {
        let field = MyLabel()
        let bag = DisposeBag()
        let text = field.rx.edits
        let taps = field.rx.tap
        let seen = Log<String>()
        text.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
        taps.subscribe(onNext: { seen.append("tap") }).disposed(by: bag)
        field.edit("typed")
        field.tap()
        Observable.just("set").bind(to: text).disposed(by: bag)
        #expect(await eventually { field.text == "set" })
        #expect(seen.all == ["typed", "tap"])
    }
}
