import Dispatch
import Ripple
import Testing

// RxSwift code written for Swift 5 that must keep compiling against Ripple's Swift 6
// client changes (a `Sendable` `AnyObserver`, `@Sendable` trait observers, disposables
// returned as `any Disposable & Sendable`, the main-actor `Binder` initialiser).

/// A user's own disposable: a plain class with mutable state, not thread-safe.
final class Token: Disposable {
    var disposeCount = 0
    func dispose() { disposeCount += 1 }
}

/// A user's own observable type, returning its own disposable.
struct Countdown: ObservableType {
    typealias Element = Int
    let token = Token()

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        observer.onNext(2)
        observer.onNext(1)
        observer.onCompleted()
        return token
    }
}

/// A plain (not main-actor) class a binder writes to.
final class Counter {
    var total = 0
}

@Suite(clientPatterns) struct Swift5OnlyPatterns {
    /// A variable first holding a subscription, then the user's own disposable.
    @Test func aVariableOfInferredTypeTakesTheUsersOwnDisposable() {
        var disposable = Observable.of(1).subscribe(onNext: { _ in })
        let token = Token()
        var other: Disposable = token
        other = Observable.of(2).subscribe()
        disposable = Disposables.create()
        disposable.dispose()
        other.dispose()
        let mixed: [Disposable] = [token, Observable.of(3).subscribe()]
        mixed.forEach { $0.dispose() }
        // Inferred from a subscription, then given the user's own disposable; a
        // conditional and an array literal mixing the two (Swift 6 asks for a
        // `Disposable` annotation here, see the Concurrency Model article).
        disposable = token
        let either = Bool.random() ? Observable.of(4).subscribe() : token
        let both = [Observable.of(5).subscribe(), token]
        disposable.dispose()
        either.dispose()
        both.forEach { $0.dispose() }
        #expect(token.disposeCount >= 3)
    }

    /// A user's `ObservableType` returning its own `Disposable`.
    @Test func aUsersObservableTypeWithItsOwnDisposable() {
        var seen: [Int] = []
        let countdown = Countdown()
        countdown.subscribe(onNext: { seen.append($0) }).dispose()
        #expect(seen == [2, 1])
    }

    /// `create` with the observer's type spelled out, and a function passed as the
    /// subscribe closure of `Single.create`.
    @Test func explicitObserverTypesAndFunctionsPassedToCreate() throws {
        let numbers = Observable<Int>.create { (observer: AnyObserver<Int>) -> Disposable in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        func answer(_ observer: @escaping (SingleEvent<Int>) -> Void) -> Disposable {
            observer(.success(42))
            return Disposables.create()
        }
        var got: [Int] = []
        _ = numbers.subscribe(onNext: { got.append($0) })
        _ = Single<Int>.create(subscribe: answer).subscribe(onSuccess: { got.append($0) })
        #expect(got == [1, 42])
    }

    /// An `AnyObserver` over a closure that mutates local state, as tests write.
    @Test func anAnyObserverOverAClosureMutatingLocalState() {
        var events: [String] = []
        let observer = AnyObserver<Int> { event in events.append("\(event)") }
        Observable.of(1).subscribe(observer).dispose()
        #expect(events == ["next(1)", "completed"])
    }

    /// A `Binder` made from a closure value, and one on a background scheduler.
    @Test func bindersFromAClosureValueAndOnABackgroundScheduler() async {
        let counter = Counter()
        let add: (Counter, Int) -> Void = { counter, value in counter.total += value }
        let queue = DispatchQueue(label: "binder")
        let onQueue = Binder(counter, scheduler: SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "binder"), binding: add)
        let subscription = Observable.of(1, 2).bind(to: onQueue)
        #expect(await eventually { queue.sync { counter.total } == 3 })
        subscription.dispose()
    }
}
