
extension ObservableType {
    /// Mirrors whichever of this sequence and `right` sends an event first, and
    /// disposes the other.
    ///
    /// The first event of either kind decides, even a terminal one: a sequence that
    /// completes first wins with its completion.
    ///
    /// ```
    /// self:   ---1---2-|
    /// right:  -5--6-----|
    /// amb:    -5--6-----|
    /// ```
    ///
    /// ```swift
    /// primaryServer.fetch().amb(mirrorServer.fetch())   // whichever answers first
    /// ```
    ///
    /// - Parameter right: The sequence to race this one against.
    /// - Returns: The events of the sequence that reacted first.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(sources: [asObservable(), right.asObservable()])
    }

    /// Mirrors whichever sequence of `sequence` sends an event first, and disposes all
    /// the others.
    ///
    /// All sources are subscribed in order. An empty `sequence` never sends anything,
    /// as in RxSwift (which starts the race from `never()`).
    ///
    /// ```
    /// a:      ----1--|
    /// b:      --2--3-|
    /// c:      ------4|
    /// amb:    --2--3-|
    /// ```
    ///
    /// ```swift
    /// Observable.amb([cache.lookup(key), disk.read(key), network.fetch(key)])
    /// ```
    ///
    /// - Parameter sequence: The sequences to race.
    /// - Returns: The events of the sequence that reacted first.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element> where Sequence.Element == Observable<Element> {
        Amb(sources: Array(sequence))
    }
}

final private class Amb<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AmbSink(sourceCount: sources.count, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to `amb`.
///
/// The race is one atomic: `winner` goes from `undecided` to the index of the first
/// source that sends anything, exactly once. After that only the winner's events get
/// through; the winner is a single sequence, so its events arrive one at a time and
/// need no lock, and the losers never call downstream.
final private class AmbSink<Observer: ElementObserver>: Sink<Observer> {
    typealias Element = Observer.Element

    private static var undecided: Int { -1 }

    private let winner = AtomicValue<Int>(AmbSink.undecided)
    /// One per source, made before any source is subscribed, so that a source
    /// winning during its subscription can already dispose the ones after it.
    private let subscriptions: [SingleAssignmentDisposable]

    init(sourceCount: Int, observer: Observer, cancel: SinkDisposer) {
        subscriptions = (0..<sourceCount).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<Element>]) -> Disposable {
        // Like RxSwift, every source is subscribed even once the race is decided; a
        // loser's subscription is then disposed at once.
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(source.subscribe(elementObserver: AmbObserver(parent: self, index: index)))
        }
        return Disposables.create(subscriptions)
    }

    /// Whether source `index` may forward: it won the race, now or earlier.
    @inline(__always)
    func wins(_ index: Int) -> Bool {
        let current = winner.load(ordering: .acquiring)
        if current == index {
            return true
        }
        if current != AmbSink.undecided {
            return false
        }
        return decide(index)
    }

    @inline(never)
    private func decide(_ index: Int) -> Bool {
        let (exchanged, _) = winner.compareExchange(expected: AmbSink.undecided, desired: index, ordering: .acquiringAndReleasing)
        guard exchanged else {
            return false
        }
        for (other, subscription) in subscriptions.enumerated() where other != index {
            subscription.dispose()
        }
        return true
    }

    func forward(next element: Element, from index: Int) {
        if wins(index) {
            forwardOn(next: element)
        }
    }

    func forward(_ event: Event<Element>, from index: Int) {
        if wins(index) {
            forwardOn(event)
            if event.isStopEvent {
                dispose()
            }
        }
    }
}

/// Observes one source of an ``AmbSink``.
final private class AmbObserver<Observer: ElementObserver>: ElementObserver {
    typealias Element = Observer.Element

    private let parent: AmbSink<Observer>
    private let index: Int

    init(parent: AmbSink<Observer>, index: Int) {
        self.parent = parent
        self.index = index
    }

    func on(next element: Element) {
        parent.forward(next: element, from: index)
    }

    func on(error: Swift.Error) {
        parent.forward(.error(error), from: index)
    }

    func onCompletion() {
        parent.forward(.completed, from: index)
    }
}
