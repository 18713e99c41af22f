import Foundation
import Ripple
import Testing

// An activity indicator as apps write it on top of RxCocoa's shared sequences: a type of
// the app's own that is a `SharedSequenceConvertibleType`, so it converts with
// `asDriver()` and `asObservable()` like any Driver, and an operator that counts the
// sequences running through it.

/// Whether any tracked sequence is running: `true` from the first subscription until
/// the last tracked sequence ends or is disposed.
nonisolated final class ActivityIndicator: SharedSequenceConvertibleType {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy

    // The count changes under `lock` (a read, then a write); the relay only carries it
    // to subscribers.
    private let lock = NSLock()
    private let running = BehaviorRelay(value: 0)
    private let isActive: Driver<Bool>

    init() {
        isActive = running.asDriver().map { $0 > 0 }.distinctUntilChanged()
    }

    /// `source`, counted as running from its subscription to its end or disposal.
    func track<Source: ObservableConvertibleType>(_ source: Source) -> Observable<Source.Element> {
        Observable.using({ ActivityToken(indicator: self) }, observableFactory: { _ in source.asObservable() })
    }

    fileprivate func change(by delta: Int) {
        lock.lock()
        running.accept(running.value + delta)
        lock.unlock()
    }

    func asSharedSequence() -> SharedSequence<DriverSharingStrategy, Bool> {
        isActive
    }
}

/// One tracked subscription: counts up when made, down once when disposed (the
/// disposable `Disposables.create` makes runs its action once).
private nonisolated final class ActivityToken: Disposable {
    private let end: Disposable

    init(indicator: ActivityIndicator) {
        indicator.change(by: 1)
        end = Disposables.create { indicator.change(by: -1) }
    }

    func dispose() {
        end.dispose()
    }
}

extension ObservableConvertibleType {
    /// This sequence, counted by `indicator` while it runs.
    nonisolated func trackActivity(_ indicator: ActivityIndicator) -> Observable<Element> {
        indicator.track(self)
    }
}

@Suite(clientPatterns) struct ActivityPatterns {
    /// A sign-up screen's spinner: on while a request runs, off when it ends.
    @MainActor
    @Test func theIndicatorDrivesWhileARequestRuns() async {
        let indicator = ActivityIndicator()
        let states = Log<Bool>()
        let results = Log<String>()
        let bag = DisposeBag()
        indicator.asDriver().drive(onNext: { states.append($0) }).disposed(by: bag)

        let response = PublishSubject<String>()
        response.trackActivity(indicator)
            .subscribe(onNext: { results.append($0) })
            .disposed(by: bag)
        #expect(await eventually { states.all == [false, true] })
        response.onNext("welcome")
        response.onCompleted()
        #expect(await eventually { states.all == [false, true, false] })
        #expect(results.all == ["welcome"])
    }

    /// Two requests at once, ended from other queues: one `true`, one `false`.
    @Test func overlappingRequestsOnOtherQueuesCountOnce() async {
        let indicator = ActivityIndicator()
        let states = Log<Bool>()
        let watching = indicator.asObservable().subscribe(onNext: { states.append($0) })
        defer { watching.dispose() }
        let first = Observable<Int>.never().trackActivity(indicator).subscribe()
        let second = Observable<Int>.never().trackActivity(indicator).subscribe()
        #expect(await eventually { states.all == [false, true] })
        DispatchQueue.global().async { first.dispose() }
        DispatchQueue.global().async { second.dispose() }
        #expect(await eventually { states.all == [false, true, false] })
    }
}
