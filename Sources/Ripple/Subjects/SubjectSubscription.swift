/// The disposable a subject's `subscribe` returns: disposing it silences the subscriber
/// (every delivery checks the flag just before calling it, including deliveries that
/// started earlier or run on another thread) and removes it from the subject. After
/// `dispose()` returns, the subscriber receives nothing more, except a call another
/// thread had already begun.
///
/// It holds the subject's shared state, not the subscriber's observer, so the subject
/// and its subscribers never hold each other: a subject nobody references is released
/// with its subscribers even when their subscriptions are never disposed, as in RxSwift.
final class SubjectSubscription<Element, Policy: ClaimPolicy>: Disposable {
    private let core: SubjectCore<Element, Policy>
    private let observer: SubjectObserver<Element>

    init(core: SubjectCore<Element, Policy>, observer: SubjectObserver<Element>) {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        self.core = core
        self.observer = observer
    }

    func dispose() {
        if observer.markDisposed() {
            core.remove(observer)
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
