import Dispatch
import Testing
@testable import Ripple

/// An actor that makes observers and disposables from closures of its own.
private actor ObserverOwner {
    let probe = IsolationProbe()

    func makeObserver() -> AnyObserver<Int> {
        let probe = probe
        return AnyObserver { event in
            probe.note("\(event)", inPlace: runs(on: self))
        }
    }

    func makeDisposable() -> any Cancelable & Sendable {
        let probe = probe
        return Disposables.create { probe.note("disposed", inPlace: runs(on: self)) }
    }
}

extension RippleTests {
    /// Observers and disposables built from closures written on an actor get their
    /// events (their disposal) on that actor, in order, wherever they are sent.
    @Suite struct ObserverIsolationTests {
        @MainActor
        @Test func anObserverMadeOnTheMainActorGetsEveryEventThereInOrder() async {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let observer = AnyObserver<Int> { event in probe.note("\(event)") }
                let line = BackgroundLine()
                line.queue.async {
                    for value in 1...100 {
                        observer.onNext(value)
                    }
                    observer.onCompleted()
                }
                #expect(await eventually { probe.count == 101 })
                #expect(probe.notes == (1...100).map { "next(\($0))" } + ["completed"])
                #expect(probe.misplaced == [], "ran off the main queue")
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// An event sent on the main queue while others wait for it goes behind them.
        @MainActor
        @Test func anEventSentOnTheMainQueueWaitsBehindTheEventsQueuedBeforeIt() async {
            let probe = IsolationProbe()
            let observer = AnyObserver<Int> { event in probe.note("\(event)") }
            let line = BackgroundLine()
            line.queue.sync {
                observer.onNext(1)
                observer.onNext(2)
            }
            observer.onNext(3)
            #expect(await eventually { probe.count == 3 })
            #expect(probe.notes == ["next(1)", "next(2)", "next(3)"])
            #expect(probe.misplaced == [])
        }

        @MainActor
        @Test func mapObserverRunsAMainActorTransformOnTheMainQueue() async {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let subject = PublishSubject<String>()
                let received = ValueLog<String>()
                let subscription = subject.subscribe(onNext: { received.append($0) })
                let observer = subject.mapObserver { (value: Int) -> String in
                    probe.note("map \(value)")
                    return "#\(value)"
                }
                BackgroundLine().queue.async {
                    observer.onNext(1)
                    observer.onNext(2)
                }
                #expect(await eventually { received.count == 2 })
                #expect(received.all == ["#1", "#2"])
                #expect(probe.notes == ["map 1", "map 2"])
                #expect(probe.misplaced == [], "ran off the main queue")
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @MainActor
        @Test func aDisposableMadeOnTheMainActorRunsItsActionThereWhenDisposedElsewhere() async {
            let baseline = Resources.total
            do {
                let probe = IsolationProbe()
                let disposable = Disposables.create { probe.note("disposed") }
                BackgroundLine().queue.async {
                    disposable.dispose()
                    disposable.dispose()
                }
                #expect(await eventually { probe.count == 1 })
                try? await Task.sleep(for: .milliseconds(20))
                #expect(probe.notes == ["disposed"])
                #expect(probe.misplaced == [], "ran off the main queue")
                // Disposed on the main queue itself, it runs at once.
                let here = Disposables.create { probe.note("at once") }
                here.dispose()
                #expect(probe.notes == ["disposed", "at once"])
            }
            #expect(await resourcesReturn(to: baseline))
        }

        @Test func anObserverAndADisposableMadeOnACustomActorRunThere() async {
            let baseline = Resources.total
            do {
                let owner = ObserverOwner()
                let observer = await owner.makeObserver()
                let disposable = await owner.makeDisposable()
                let line = BackgroundLine()
                line.queue.async {
                    for value in 1...20 {
                        observer.onNext(value)
                    }
                    observer.onCompleted()
                    disposable.dispose()
                }
                let probe = owner.probe
                #expect(await eventually { probe.count == 22 })
                // The observer's events keep their order; the disposal has its own.
                #expect(probe.notes.filter { $0 != "disposed" } == (1...20).map { "next(\($0))" } + ["completed"])
                #expect(probe.notes.filter { $0 == "disposed" }.count == 1)
                #expect(probe.misplaced == [], "ran off the actor")
            }
            #expect(await resourcesReturn(to: baseline))
        }

        /// Written in nonisolated code, they run on the thread that sends or disposes.
        @Test func anObserverAndADisposableMadeInNonisolatedCodeRunWhereTheyAreCalled() {
            let probe = IsolationProbe()
            let line = BackgroundLine()
            let observer = AnyObserver<Int> { event in probe.note("\(event)", inPlace: line.isCurrent) }
            let mapped = observer.mapObserver { (value: String) -> Int in
                probe.note("map \(value)", inPlace: line.isCurrent)
                return Int(value) ?? 0
            }
            let disposable = Disposables.create { probe.note("disposed", inPlace: line.isCurrent) }
            line.queue.sync {
                observer.onNext(1)
                mapped.onNext("2")
                disposable.dispose()
            }
            #expect(probe.notes == ["next(1)", "map 2", "next(2)", "disposed"])
            #expect(probe.misplaced == [], "ran off the sending thread")
        }
    }
}
