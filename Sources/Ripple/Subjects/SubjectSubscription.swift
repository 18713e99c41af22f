/// The disposable a subject's `subscribe` returns: disposing it silences the subscriber
/// at once (even for deliveries already under way on another thread, which check it)
/// and removes it from the subject.
///
/// It holds the subject's shared state, not the subscriber's observer, so the subject
/// and its subscribers never hold each other: a subject nobody references is released
/// with its subscribers even when their subscriptions are never disposed, as in RxSwift.
final class SubjectSubscription<Element>: Disposable {
    private let core: SubjectCore<Element>
    private let observer: SubjectObserver<Element>

    init(core: SubjectCore<Element>, observer: SubjectObserver<Element>) {
        #if DEBUG
        Resources.incrementTotal()
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
        Resources.decrementTotal()
        #endif
    }
}
