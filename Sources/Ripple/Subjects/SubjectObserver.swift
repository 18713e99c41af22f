import Synchronization

/// One subscriber of a subject, as the subject stores it: the observer, behind a class
/// so that subscribers of different types sit in one array, plus a flag that silences
/// it once its subscription is disposed.
///
/// A subject delivers each event to an array of these (a snapshot taken under its
/// lock). The flag is checked before every delivery, so an observer whose subscription
/// was disposed (by itself, by another observer, or from another thread before the
/// delivery started) hears nothing more, even from a snapshot taken earlier.
class SubjectObserver<Element> {
    private let disposed = Atomic<Bool>(false)

    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
    }

    /// Whether the subscription was disposed; deliveries skip the observer then.
    @inline(__always)
    final var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Silences the observer. Returns `true` for the first call only.
    final func markDisposed() -> Bool {
        !disposed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Delivers an element on the element road.
    func on(next element: Element) {
        abstractMethod()
    }

    /// Delivers an event (in practice a terminal one, or a disposed-subject error).
    func on(_ event: Event<Element>) {
        abstractMethod()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// A ``SubjectObserver`` holding one of Ripple's element observers: a sink of the
/// next operator, the observer `subscribe(onNext:…)` builds, or an
/// ``ElementObserverAdapter`` around an observer from outside Ripple.
final class ElementSubjectObserver<Observer: ElementObserver>: SubjectObserver<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
        super.init()
    }

    override func on(next element: Observer.Element) {
        observer.on(next: element)
    }

    override func on(_ event: Event<Observer.Element>) {
        observer.on(event)
    }
}
