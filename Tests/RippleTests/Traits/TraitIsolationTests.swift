import Dispatch
import Testing
@testable import Ripple

/// One trait API given closures written in main-actor code, its events (and, where the
/// closure runs at subscription, its subscription) coming from a background queue.
struct TraitIsolationCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The notes the closures take, in order.
    let expected: [String]
    let run: @MainActor @Sendable (IsolationProbe, SerialDispatchQueueScheduler) -> Disposable

    init(_ name: String, _ expected: [String], run: @escaping @MainActor @Sendable (IsolationProbe, SerialDispatchQueueScheduler) -> Disposable) {
        self.name = name
        self.expected = expected
        self.run = run
    }

    var testDescription: String { name }
}

/// Builds shared sequences that deliver on `scheduler` (a background queue) instead of
/// the main queue, so that main-actor closures given to them must hop.
@MainActor
private func delivering(on scheduler: SerialDispatchQueueScheduler, _ build: () -> Disposable) -> Disposable {
    var built: Disposable?
    SharingScheduler.mock(scheduler: scheduler) {
        built = build()
    }
    return built ?? Disposables.create()
}

private let failure = TestError(id: 7)

private func singleCases() -> [TraitIsolationCase] {
    var cases: [TraitIsolationCase] = []
    cases.append(TraitIsolationCase("Single.create", ["create", "success 1", "create's disposal"]) { probe, background in
        Single<Int>.create { observer in
            probe.note("create")
            observer(.success(1))
            return Disposables.create { probe.note("create's disposal") }
        }
        .subscribe(on: background)
        .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.subscribe(_:)", ["success(1)"]) { probe, background in
        Single.just(1).observe(on: background).subscribe { probe.note("\($0)") }
    })
    cases.append(TraitIsolationCase("Single.subscribe(onSuccess:onFailure:onDisposed:)", ["success 1", "disposed"]) { probe, background in
        Single.just(1).observe(on: background).subscribe(
            onSuccess: { probe.note("success \($0)") },
            onFailure: { _ in probe.note("failure") },
            onDisposed: { probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Single.subscribe(onFailure:)", ["failure", "disposed"]) { probe, background in
        Single<Int>.error(failure).observe(on: background).subscribe(
            onFailure: { _ in probe.note("failure") },
            onDisposed: { probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Single.subscribe(with:)", ["success 1", "disposed"]) { probe, background in
        Single.just(1).observe(on: background).subscribe(
            with: probe,
            onSuccess: { probe, value in probe.note("success \(value)") },
            onDisposed: { probe in probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Single.map", ["map 1", "success 2"]) { probe, background in
        Single.just(1).observe(on: background)
            .map { probe.note("map \($0)"); return $0 + 1 }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.filter", ["filter 1", "success 1"]) { probe, background in
        Single.just(1).observe(on: background)
            .filter { probe.note("filter \($0)"); return true }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.compactMap", ["compactMap 1", "success 1"]) { probe, background in
        Single.just(1).observe(on: background)
            .compactMap { probe.note("compactMap \($0)"); return $0 }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.flatMap", ["flatMap 1", "success 2"]) { probe, background in
        Single.just(1).observe(on: background)
            .flatMap { probe.note("flatMap \($0)"); return Single.just($0 + 1) }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.flatMapMaybe", ["flatMapMaybe 1", "success 2"]) { probe, background in
        Single.just(1).observe(on: background)
            .flatMapMaybe { probe.note("flatMapMaybe \($0)"); return Maybe.just($0 + 1) }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.flatMapCompletable", ["flatMapCompletable 1", "completed"]) { probe, background in
        Single.just(1).observe(on: background)
            .flatMapCompletable { probe.note("flatMapCompletable \($0)"); return Completable.empty() }
            .subscribe(onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Single.catch", ["catch", "success 0"]) { probe, background in
        Single<Int>.error(failure).observe(on: background)
            .catch { _ in probe.note("catch"); return .just(0) }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.do", ["onSubscribe", "onSubscribed", "onSuccess 1", "success 1", "afterSuccess 1", "onDispose"]) { probe, background in
        Single.just(1).observe(on: background)
            .do(
                onSuccess: { probe.note("onSuccess \($0)") },
                afterSuccess: { probe.note("afterSuccess \($0)") },
                onSubscribe: { probe.note("onSubscribe") },
                onSubscribed: { probe.note("onSubscribed") },
                onDispose: { probe.note("onDispose") }
            )
            .subscribe(on: background)
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.deferred", ["deferred", "success 1"]) { probe, background in
        Single.deferred { probe.note("deferred"); return Single.just(1) }
            .subscribe(on: background)
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.using", ["resource", "factory", "success 1"]) { probe, background in
        Single<Int>.using({ probe.note("resource"); return BooleanDisposable() }, primitiveSequenceFactory: { _ in probe.note("factory"); return Single.just(1) })
            .subscribe(on: background)
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.retry(when:)", ["handler", "success 1"]) { probe, background in
        Single.just(1).observe(on: background)
            .retry(when: { (errors: Observable<Error>) in probe.note("handler"); return errors })
            .subscribe(on: background)
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Single.zip(_:resultSelector:)", ["zip [1, 2]", "success 3"]) { probe, background in
        Single.zip([Single.just(1).observe(on: background), Single.just(2).observe(on: background)]) { values in
            probe.note("zip \(values)")
            return values.reduce(0, +)
        }
        .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    return cases
}

private func maybeCases() -> [TraitIsolationCase] {
    var cases: [TraitIsolationCase] = []
    cases.append(TraitIsolationCase("Maybe.create", ["create", "completed"]) { probe, background in
        Maybe<Int>.create { observer in
            probe.note("create")
            observer(.completed)
            return Disposables.create()
        }
        .subscribe(on: background)
        .subscribe(onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Maybe.subscribe(_:)", ["completed"]) { probe, background in
        Maybe<Int>.empty().observe(on: background).subscribe { probe.note("\($0)") }
    })
    cases.append(TraitIsolationCase("Maybe.subscribe(onSuccess:onError:onCompleted:onDisposed:)", ["completed", "disposed"]) { probe, background in
        Maybe<Int>.empty().observe(on: background).subscribe(
            onSuccess: { _ in probe.note("success") },
            onCompleted: { probe.note("completed") },
            onDisposed: { probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Maybe.subscribe(with:)", ["success 1", "disposed"]) { probe, background in
        Maybe.just(1).observe(on: background).subscribe(
            with: probe,
            onSuccess: { probe, value in probe.note("success \(value)") },
            onDisposed: { probe in probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Maybe.map", ["map 1", "success 2"]) { probe, background in
        Maybe.just(1).observe(on: background)
            .map { probe.note("map \($0)"); return $0 + 1 }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Maybe.filter", ["filter 1", "completed"]) { probe, background in
        Maybe.just(1).observe(on: background)
            .filter { probe.note("filter \($0)"); return false }
            .subscribe(onSuccess: { probe.note("success \($0)") }, onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Maybe.compactMap", ["compactMap 1", "success 1"]) { probe, background in
        Maybe.just(1).observe(on: background)
            .compactMap { probe.note("compactMap \($0)"); return $0 }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Maybe.flatMap", ["flatMap 1", "success 2"]) { probe, background in
        Maybe.just(1).observe(on: background)
            .flatMap { probe.note("flatMap \($0)"); return Maybe.just($0 + 1) }
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Maybe.do", ["onNext 1", "success 1", "afterNext 1", "onDispose"]) { probe, background in
        Maybe.just(1).observe(on: background)
            .do(
                onNext: { probe.note("onNext \($0)") },
                afterNext: { probe.note("afterNext \($0)") },
                onDispose: { probe.note("onDispose") }
            )
            .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    cases.append(TraitIsolationCase("Maybe.zip(_:resultSelector:)", ["zip [1, 2]", "success 3"]) { probe, background in
        Maybe.zip([Maybe.just(1).observe(on: background), Maybe.just(2).observe(on: background)]) { values in
            probe.note("zip \(values)")
            return values.reduce(0, +)
        }
        .subscribe(onSuccess: { probe.note("success \($0)") })
    })
    return cases
}

private func completableCases() -> [TraitIsolationCase] {
    var cases: [TraitIsolationCase] = []
    cases.append(TraitIsolationCase("Completable.create", ["create", "completed"]) { probe, background in
        Completable.create { observer in
            probe.note("create")
            observer(.completed)
            return Disposables.create()
        }
        .subscribe(on: background)
        .subscribe(onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Completable.subscribe(_:)", ["completed"]) { probe, background in
        Completable.empty().observe(on: background).subscribe { probe.note("\($0)") }
    })
    cases.append(TraitIsolationCase("Completable.subscribe(onCompleted:onError:onDisposed:)", ["error", "disposed"]) { probe, background in
        Completable.error(failure).observe(on: background).subscribe(
            onCompleted: { probe.note("completed") },
            onError: { _ in probe.note("error") },
            onDisposed: { probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Completable.subscribe(with:)", ["completed", "disposed"]) { probe, background in
        Completable.empty().observe(on: background).subscribe(
            with: probe,
            onCompleted: { probe in probe.note("completed") },
            onDisposed: { probe in probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Completable.do", ["onCompleted", "completed", "afterCompleted", "onDispose"]) { probe, background in
        Completable.empty().observe(on: background)
            .do(
                onCompleted: { probe.note("onCompleted") },
                afterCompleted: { probe.note("afterCompleted") },
                onDispose: { probe.note("onDispose") }
            )
            .subscribe(onCompleted: { probe.note("completed") })
    })
    return cases
}

private func infallibleCases() -> [TraitIsolationCase] {
    var cases: [TraitIsolationCase] = []
    cases.append(TraitIsolationCase("Infallible.create", ["create", "next 1", "completed"]) { probe, background in
        Infallible<Int>.create { observer in
            probe.note("create")
            observer(.next(1))
            observer(.completed)
            return Disposables.create()
        }
        .subscribe(on: background)
        .subscribe(onNext: { probe.note("next \($0)") }, onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Infallible.subscribe(_:)", ["next(1)", "next(2)", "completed"]) { probe, background in
        Infallible.from([1, 2], scheduler: background).subscribe { probe.note("\($0)") }
    })
    cases.append(TraitIsolationCase("Infallible.subscribe(onNext:onCompleted:onDisposed:)", ["next 1", "next 2", "completed", "disposed"]) { probe, background in
        Infallible.from([1, 2], scheduler: background).subscribe(
            onNext: { probe.note("next \($0)") },
            onCompleted: { probe.note("completed") },
            onDisposed: { probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Infallible.subscribe(with:)", ["next 1", "disposed"]) { probe, background in
        Infallible.from([1], scheduler: background).subscribe(
            with: probe,
            onNext: { probe, value in probe.note("next \(value)") },
            onDisposed: { probe in probe.note("disposed") }
        )
    })
    cases.append(TraitIsolationCase("Infallible.bind(onNext:)", ["next 1", "next 2"]) { probe, background in
        Infallible.from([1, 2], scheduler: background).bind(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.map", ["map 1", "next 2", "map 2", "next 3"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .map { probe.note("map \($0)"); return $0 + 1 }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.filter", ["filter 1", "filter 2", "next 2"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .filter { probe.note("filter \($0)"); return $0 == 2 }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.compactMap", ["compactMap 1", "compactMap 2", "next 2"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .compactMap { probe.note("compactMap \($0)"); return $0 == 2 ? $0 : nil }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.scan", ["scan 1", "next 1", "scan 2", "next 3"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .scan(0) { sum, value in probe.note("scan \(value)"); return sum + value }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.scan(into:)", ["scan 1", "next [1]", "scan 2", "next [1, 2]"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .scan(into: [Int]()) { all, value in probe.note("scan \(value)"); all.append(value) }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.flatMap", ["select 1", "next 10", "select 2", "next 20"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .flatMap { probe.note("select \($0)"); return Infallible.just($0 * 10) }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.flatMapLatest", ["select 1", "next 10", "select 2", "next 20"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .flatMapLatest { probe.note("select \($0)"); return Infallible.just($0 * 10) }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.flatMapFirst", ["select 1", "next 10", "select 2", "next 20"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .flatMapFirst { probe.note("select \($0)"); return Infallible.just($0 * 10) }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.concatMap", ["select 1", "next 10", "select 2", "next 20"]) { probe, background in
        Infallible.from([1, 2], scheduler: background)
            .concatMap { probe.note("select \($0)"); return Infallible.just($0 * 10) }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.take(until:)", ["until 1", "next 1", "until 2", "completed"]) { probe, background in
        Infallible.from([1, 2, 3], scheduler: background)
            .take(until: { probe.note("until \($0)"); return $0 == 2 })
            .subscribe(onNext: { probe.note("next \($0)") }, onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Infallible.take(while:)", ["while 1", "next 1", "while 2", "completed"]) { probe, background in
        Infallible.from([1, 2, 3], scheduler: background)
            .take(while: { probe.note("while \($0)"); return $0 < 2 })
            .subscribe(onNext: { probe.note("next \($0)") }, onCompleted: { probe.note("completed") })
    })
    cases.append(TraitIsolationCase("Infallible.skip(while:)", ["skip 1", "skip 2", "next 2", "next 3"]) { probe, background in
        Infallible.from([1, 2, 3], scheduler: background)
            .skip(while: { probe.note("skip \($0)"); return $0 < 2 })
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.distinctUntilChanged(_: keySelector)", ["key 1", "next 1", "key 1", "key 2", "next 2"]) { probe, background in
        Infallible.from([1, 1, 2], scheduler: background)
            .distinctUntilChanged { (value: Int) -> Int in probe.note("key \(value)"); return value }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.distinctUntilChanged(_: comparer)", ["next 1", "same 1 1", "same 1 2", "next 2"]) { probe, background in
        Infallible.from([1, 1, 2], scheduler: background)
            .distinctUntilChanged { previous, next in probe.note("same \(previous) \(next)"); return previous == next }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    // No `afterCompleted` here: whether it runs before `onDispose` depends on when the
    // disposal comes back from `subscribe(on:)` (`Completable.do` checks it).
    cases.append(TraitIsolationCase("Infallible.do", ["onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "onDispose"]) { probe, background in
        Infallible.from([1], scheduler: background)
            .do(
                onNext: { probe.note("onNext \($0)") },
                afterNext: { probe.note("afterNext \($0)") },
                onCompleted: { probe.note("onCompleted") },
                onSubscribe: { probe.note("onSubscribe") },
                onSubscribed: { probe.note("onSubscribed") },
                onDispose: { probe.note("onDispose") }
            )
            .subscribe(on: background)
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.withUnretained(_:resultSelector:)", ["select 1", "next 1"]) { probe, background in
        Infallible.from([1], scheduler: background)
            .withUnretained(probe) { probe, value in probe.note("select \(value)"); return value }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.withLatestFrom(_:resultSelector:)", ["select 1 10", "next 11"]) { probe, background in
        Infallible.from([1], scheduler: background)
            .withLatestFrom(Infallible.just(10)) { value, latest in probe.note("select \(value) \(latest)"); return value + latest }
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.combineLatest(_:resultSelector:)", ["combine [1, 2]", "next 3"]) { probe, background in
        Infallible.combineLatest([Infallible.from([1], scheduler: background), Infallible.from([2], scheduler: background)]) { values in
            probe.note("combine \(values)")
            return values.reduce(0, +)
        }
        .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("Infallible.deferred", ["deferred", "next 1"]) { probe, background in
        Infallible.deferred { probe.note("deferred"); return Infallible.just(1) }
            .subscribe(on: background)
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    cases.append(TraitIsolationCase("asInfallible(onErrorRecover:)", ["recover", "next 0"]) { probe, background in
        Observable<Int>.error(failure).observe(on: background)
            .asInfallible(onErrorRecover: { _ in probe.note("recover"); return .just(0) })
            .subscribe(onNext: { probe.note("next \($0)") })
    })
    return cases
}

private func sharedSequenceCases() -> [TraitIsolationCase] {
    var cases: [TraitIsolationCase] = []
    cases.append(TraitIsolationCase("Driver.drive(onNext:onCompleted:onDisposed:)", ["next 1", "next 2", "completed", "disposed"]) { probe, background in
        delivering(on: background) {
            Observable.of(1, 2).asDriver(onErrorJustReturn: 0).drive(
                onNext: { probe.note("next \($0)") },
                onCompleted: { probe.note("completed") },
                onDisposed: { probe.note("disposed") }
            )
        }
    })
    cases.append(TraitIsolationCase("Driver.drive(with:)", ["next 1", "disposed"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0).drive(
                with: probe,
                onNext: { probe, value in probe.note("next \(value)") },
                onDisposed: { probe in probe.note("disposed") }
            )
        }
    })
    cases.append(TraitIsolationCase("Signal.emit(onNext:onCompleted:onDisposed:)", ["next 1", "completed", "disposed"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asSignal(onErrorJustReturn: 0).emit(
                onNext: { probe.note("next \($0)") },
                onCompleted: { probe.note("completed") },
                onDisposed: { probe.note("disposed") }
            )
        }
    })
    cases.append(TraitIsolationCase("Signal.emit(with:)", ["next 1", "disposed"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asSignal(onErrorJustReturn: 0).emit(
                with: probe,
                onNext: { probe, value in probe.note("next \(value)") },
                onDisposed: { probe in probe.note("disposed") }
            )
        }
    })
    cases.append(TraitIsolationCase("Driver.map", ["map 1", "next 2"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .map { probe.note("map \($0)"); return $0 + 1 }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.filter", ["filter 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .filter { probe.note("filter \($0)"); return true }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.compactMap", ["compactMap 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .compactMap { probe.note("compactMap \($0)"); return $0 }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.scan", ["scan 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .scan(0) { sum, value in probe.note("scan \(value)"); return sum + value }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.distinctUntilChanged(_: keySelector)", ["key 1", "next 1", "key 2", "next 2"]) { probe, background in
        delivering(on: background) {
            Observable.of(1, 2).asDriver(onErrorJustReturn: 0)
                .distinctUntilChanged { (value: Int) -> Int in probe.note("key \(value)"); return value }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.distinctUntilChanged(_:comparer:)", ["key 1", "next 1", "key 2", "same 1 2", "next 2"]) { probe, background in
        delivering(on: background) {
            Observable.of(1, 2).asDriver(onErrorJustReturn: 0)
                .distinctUntilChanged({ (value: Int) -> Int in probe.note("key \(value)"); return value }, comparer: { previous, next in probe.note("same \(previous) \(next)"); return false })
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.distinctUntilChanged(_: comparer)", ["next 1", "same 1 2", "next 2"]) { probe, background in
        delivering(on: background) {
            Observable.of(1, 2).asDriver(onErrorJustReturn: 0)
                .distinctUntilChanged { previous, next in probe.note("same \(previous) \(next)"); return false }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.do", ["onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).concat(Observable.never()).asDriver(onErrorJustReturn: 0)
                .do(
                    onNext: { probe.note("onNext \($0)") },
                    afterNext: { probe.note("afterNext \($0)") },
                    onSubscribe: { probe.note("onSubscribe") },
                    onSubscribed: { probe.note("onSubscribed") }
                )
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.flatMap", ["flatMap 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .flatMap { probe.note("flatMap \($0)"); return Driver.just($0) }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.flatMapLatest", ["flatMapLatest 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asDriver(onErrorJustReturn: 0)
                .flatMapLatest { probe.note("flatMapLatest \($0)"); return Driver.just($0) }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Signal.flatMapFirst", ["flatMapFirst 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asSignal(onErrorJustReturn: 0)
                .flatMapFirst { probe.note("flatMapFirst \($0)"); return Signal.just($0) }
                .emit(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.withLatestFrom(_:resultSelector:)", ["select 1 10", "next 11"]) { probe, background in
        delivering(on: background) {
            let latest = Observable.just(10).concat(Observable.never()).asDriver(onErrorJustReturn: 0)
            return Observable.of(1).delay(.milliseconds(20), scheduler: background).asDriver(onErrorJustReturn: 0)
                .withLatestFrom(latest) { value, latest in probe.note("select \(value) \(latest)"); return value + latest }
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Signal.withUnretained(_:resultSelector:)", ["select 1", "next 1"]) { probe, background in
        delivering(on: background) {
            Observable.of(1).asSignal(onErrorJustReturn: 0)
                .withUnretained(probe) { probe, value in probe.note("select \(value)"); return value }
                .emit(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.deferred", ["deferred", "next 1"]) { probe, background in
        delivering(on: background) {
            Driver.deferred { probe.note("deferred"); return Driver.just(1) }
                .asObservable()
                .subscribe(on: background)
                .subscribe(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("asDriver(onErrorRecover:)", ["recover", "next 0"]) { probe, background in
        delivering(on: background) {
            Observable<Int>.error(failure)
                .asDriver(onErrorRecover: { _ in probe.note("recover"); return .just(0) })
                .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("asSignal(onErrorRecover:)", ["recover", "next 0"]) { probe, background in
        delivering(on: background) {
            Observable<Int>.error(failure)
                .asSignal(onErrorRecover: { _ in probe.note("recover"); return .just(0) })
                .emit(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Driver.combineLatest(_:resultSelector:)", ["combine [1, 2]", "next 3"]) { probe, background in
        delivering(on: background) {
            Driver.combineLatest([Driver.just(1), Driver.just(2)]) { values in
                probe.note("combine \(values)")
                return values.reduce(0, +)
            }
            .drive(onNext: { probe.note("next \($0)") })
        }
    })
    cases.append(TraitIsolationCase("Signal.zip(_:resultSelector:)", ["zip [1, 2]", "next 3"]) { probe, background in
        delivering(on: background) {
            Signal.zip([Signal.just(1), Signal.just(2)]) { values in
                probe.note("zip \(values)")
                return values.reduce(0, +)
            }
            .emit(onNext: { probe.note("next \($0)") })
        }
    })
    return cases
}

/// A custom actor that subscribes with closures of its own: they must run on it.
private actor TraitWorker {
    let probe = IsolationProbe()
    private var subscriptions: [any Disposable & Sendable] = []

    func start(_ background: SerialDispatchQueueScheduler) {
        let probe = probe
        subscriptions.append(
            Single.just(1).observe(on: background)
                .map { probe.note("map \($0)", inPlace: runs(on: self)); return $0 + 1 }
                .subscribe(onSuccess: { probe.note("success \($0)", inPlace: runs(on: self)) })
        )
        subscriptions.append(
            Infallible.from([3], scheduler: background)
                .filter { probe.note("filter \($0)", inPlace: runs(on: self)); return true }
                .do(onDispose: { probe.note("onDispose", inPlace: runs(on: self)) })
                .subscribe(onNext: { probe.note("next \($0)", inPlace: runs(on: self)) })
        )
        subscriptions.append(
            Completable.create { observer in
                probe.note("create", inPlace: runs(on: self))
                observer(.completed)
                return Disposables.create()
            }
            .subscribe(on: background)
            .subscribe(onCompleted: { probe.note("completed", inPlace: runs(on: self)) })
        )
    }

    func stop() {
        subscriptions.forEach { $0.dispose() }
        subscriptions = []
    }
}

extension RippleTests {
    @Suite struct TraitIsolationTests {
        static let cases = singleCases() + maybeCases() + completableCases() + infallibleCases() + sharedSequenceCases()

        /// Each trait API, given closures written in main-actor code, runs them on the
        /// main queue, though the events (or the subscription) come from a background
        /// queue; the events arrive whole and in order.
        @MainActor
        @Test(arguments: cases)
        func closuresWrittenOnTheMainActorRunThere(_ testCase: TraitIsolationCase) async throws {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let line = BackgroundLine()
                let subscription = testCase.run(probe, line.scheduler())
                #expect(await eventually { probe.count >= testCase.expected.count })
                // Time for a closure that should not run to show up.
                try await Task.sleep(for: .milliseconds(20))
                #expect(probe.notes == testCase.expected)
                #expect(probe.misplaced == [], "ran off the main queue")
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Closures written in an actor's own code run on that actor.
        @Test func closuresWrittenOnACustomActorRunThere() async throws {
            let baseline = Resources.total
            do {
                let worker = TraitWorker()
                let line = BackgroundLine()
                await worker.start(line.scheduler())
                let probe = worker.probe
                #expect(await eventually { probe.count >= 6 })
                await worker.stop()
                #expect(await eventually { probe.count >= 7 })
                #expect(probe.notes.sorted() == ["completed", "create", "filter 3", "map 1", "next 3", "onDispose", "success 2"])
                #expect(probe.misplaced == [], "ran off the actor")
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Closures written in nonisolated code run where the event is sent, as in
        /// RxSwift: on the background queue here.
        @Test func closuresWrittenInNonisolatedCodeRunWhereTheEventIsSent() {
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let background = line.scheduler()
            let here = { line.isCurrent }
            var subscriptions: [Disposable] = [
                Single.just(1).observe(on: background)
                    .map { probe.note("map \($0)", inPlace: here()); return $0 }
                    .subscribe(onSuccess: { probe.note("success \($0)", inPlace: here()) }),
                Infallible.from([2], scheduler: background)
                    .filter { probe.note("filter \($0)", inPlace: here()); return true }
                    .subscribe(onNext: { probe.note("next \($0)", inPlace: here()) }),
            ]
            SharingScheduler.mock(scheduler: background) {
                let driver = Observable.of(3).asDriver(onErrorJustReturn: 0).map { probe.note("driver map \($0)", inPlace: here()); return $0 }
                subscriptions.append(driver.asObservable().subscribe(onNext: { probe.note("driver next \($0)", inPlace: here()) }))
            }
            #expect(eventuallyBlocking { probe.count >= 6 })
            #expect(probe.notes.sorted() == ["driver map 3", "driver next 3", "filter 2", "map 1", "next 2", "success 1"])
            #expect(probe.misplaced == [], "ran off the background queue")
            subscriptions.forEach { $0.dispose() }
        }
    }
}
