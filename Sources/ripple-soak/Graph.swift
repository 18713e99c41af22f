import Dispatch
import Foundation
import Ripple

/// Counters the graph's observers bump; read by the sampler.
final class SoakCounters: Sendable {
    /// Events delivered to the graph's final observers.
    let delivered = AtomicValue<Int>(0)
    /// Short-lived subscriptions currently alive (incremented on subscribe, decremented
    /// in `onDisposed`): a leak of subscriptions shows here even in release builds,
    /// where `Resources.total` is compiled out.
    let liveSubscriptions = AtomicValue<Int>(0)
    /// Grammar breaches seen by any observer (an event after a terminal event).
    let grammarErrors = AtomicValue<Int>(0)
    /// Tap totals handed to `observe(on: ui)` and those it has delivered on "ui": the
    /// difference is its queue, which the publishers keep bounded (see `stateBacklog`).
    let stateQueued = AtomicValue<Int>(0)
    let stateDelivered = AtomicValue<Int>(0)

    /// Tap totals waiting in `observe(on: ui)`. The publishers pause while it is large:
    /// unpaced, they outrun the "ui" thread (in debug builds by ~170 000 elements a
    /// second on a loaded 2-core machine), and that queue's steady growth is resident
    /// memory growth the soak cannot tell from a leak.
    var stateBacklog: Int {
        stateQueued.load(ordering: .relaxed) - stateDelivered.load(ordering: .relaxed)
    }

    func deliver() { delivered.wrappingAdd(1, ordering: .relaxed) }
}

/// Whether one observer has seen its terminal event.
final class EndFlag: Sendable {
    let value = AtomicValue<Bool>(false)
}

/// An app-like graph: a tap stream fed from several threads, a "view model" state
/// shared with `share(replay: 1)` and read by screens that come and go, a search box
/// whose query is turned into timer-backed "requests" with `flatMapLatest` on dispatch
/// schedulers, and settings relays combined with `combineLatest`.
///
/// `@unchecked Sendable`: it holds only Ripple subjects, relays, schedulers and a
/// `CompositeDisposable`, which are documented as safe to use from any thread — the
/// soak exists to exercise exactly that.
final class SoakGraph: @unchecked Sendable {
    let counters = SoakCounters()

    let taps: PublishSubject<Int>
    let query: BehaviorRelay<String>
    let volume: BehaviorRelay<Int>
    let theme: BehaviorRelay<Int>

    let background: ConcurrentDispatchQueueScheduler
    let ui: SerialDispatchQueueScheduler
    let worker: SerialDispatchQueueScheduler

    /// The view model's state: a running tap total, shared and replayed to late screens
    /// like a `Driver`, delivered on the "ui" scheduler.
    let state: Observable<Int>
    /// Search results: each query starts a timer-backed request; a newer query cancels it.
    let results: Observable<String>
    /// The settings, combined.
    let settings: Observable<Int>

    private let longLived = CompositeDisposable()

    init() {
        let taps = PublishSubject<Int>()
        let query = BehaviorRelay<String>(value: "")
        let volume = BehaviorRelay<Int>(value: 5)
        let theme = BehaviorRelay<Int>(value: 0)
        let background = ConcurrentDispatchQueueScheduler(qos: .utility)
        let ui = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.soak.ui")
        self.taps = taps
        self.query = query
        self.volume = volume
        self.theme = theme
        self.background = background
        self.ui = ui
        worker = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.soak.worker")
        let counters = counters
        state = taps
            .scan(0) { $0 &+ $1 }
            .do(onNext: { _ in counters.stateQueued.wrappingAdd(1, ordering: .relaxed) })
            .observe(on: ui)
            .do(onNext: { _ in counters.stateDelivered.wrappingAdd(1, ordering: .relaxed) })
            .share(replay: 1, scope: .whileConnected)
        results = query
            .asObservable()
            .distinctUntilChanged()
            .flatMapLatest { text in
                Observable<Int>.timer(.milliseconds(2), scheduler: background)
                    .map { _ in "\(text):\(text.count)" }
            }
            .observe(on: ui)
            .share(replay: 1, scope: .whileConnected)
        settings = Observable.combineLatest(volume.asObservable(), theme.asObservable()) { $0 * 10 + $1 }
    }

    /// An observer that counts what it receives and checks the grammar.
    private func counting<Element>(_ observable: Observable<Element>) -> Disposable {
        let counters = counters
        let ended = EndFlag()
        return observable.subscribe(
            onNext: { _ in
                if ended.value.load(ordering: .relaxed) { counters.grammarErrors.wrappingAdd(1, ordering: .relaxed) }
                counters.deliver()
            },
            onError: { _ in
                if ended.value.exchange(true, ordering: .relaxed) { counters.grammarErrors.wrappingAdd(1, ordering: .relaxed) }
            },
            onCompleted: {
                if ended.value.exchange(true, ordering: .relaxed) { counters.grammarErrors.wrappingAdd(1, ordering: .relaxed) }
            }
        )
    }

    /// The screens that live as long as the app.
    func start() {
        _ = longLived.insert(counting(state))
        _ = longLived.insert(counting(results))
        _ = longLived.insert(counting(settings))
        _ = longLived.insert(counting(
            Observable.combineLatest(state, settings) { $0 &+ $1 }
                .withLatestFrom(results) { total, result in total &+ result.count }
                .observe(on: worker)
        ))
    }

    /// A screen that opens, reads the shared state and results for a while, and closes:
    /// some close by disposing, some by `take`, some by `take(for:)` on a dispatch
    /// scheduler. Returns the subscription; `round` picks the kind.
    func openScreen(round: Int) -> Disposable {
        let counters = counters
        counters.liveSubscriptions.wrappingAdd(1, ordering: .relaxed)
        let screen: Observable<Int>
        switch round % 4 {
        case 0:
            screen = state.take(3)
        case 1:
            screen = Observable.merge(state, results.map(\.count)).take(for: .milliseconds(5), scheduler: background)
        case 2:
            screen = state.flatMapLatest { total in
                Observable<Int>.timer(.milliseconds(1), scheduler: self.background).map { $0 &+ total }
            }
        default:
            screen = Observable.zip(state, settings) { $0 &+ $1 }.debounce(.milliseconds(1), scheduler: worker)
        }
        return screen.subscribe(
            onNext: { _ in counters.deliver() },
            onDisposed: { counters.liveSubscriptions.wrappingSubtract(1, ordering: .relaxed) }
        )
    }

    func stop() {
        longLived.dispose()
    }
}
