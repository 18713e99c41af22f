import Testing
@testable import Ripple

/// The terminal road of ``ElementObserver``: `on(error:)` and `onCompletion()` behave
/// exactly like `on(.error(e))` and `on(.completed)`, through every observer that
/// implements them without an `Event`.
extension RippleTests {
    @Suite struct TerminalRoadTests {
        /// An `ObserverBase` that records what reaches its subclass hooks.
        final class HookRecorder: ObserverBase<Int> {
            var received: [String] = []

            override func onCore(next element: Int) {
                received.append("next \(element)")
            }

            override func onCore(error: Swift.Error) {
                received.append("error \(error)")
            }

            override func onCoreCompletion() {
                received.append("completed")
            }
        }

        /// An element observer that records which road each call took.
        final class RoadRecorder: ElementObserver {
            var received: [String] = []

            func on(next element: Int) {
                received.append("on(next:) \(element)")
            }

            func on(error: Swift.Error) {
                received.append("on(error:) \(error)")
            }

            func onCompletion() {
                received.append("onCompletion()")
            }

            func on(_ event: Event<Int>) {
                received.append("on(_:) \(event)")
            }
        }

        /// The smallest sink: the tests below call its forwarding methods directly.
        final class ForwardingSink: Sink<RoadRecorder> {}

        // MARK: ObserverBase

        @Test func observerBaseHandsTheErrorToItsHookOnEitherRoad() {
            let byRoad = HookRecorder()
            byRoad.on(next: 1)
            byRoad.on(error: TestError(id: 1))
            let byEvent = HookRecorder()
            byEvent.on(.next(1))
            byEvent.on(.error(TestError(id: 1)))
            #expect(byRoad.received == ["next 1", "error TestError(1)"])
            #expect(byEvent.received == byRoad.received)
        }

        @Test func observerBaseHandsTheCompletionToItsHookOnEitherRoad() {
            let byRoad = HookRecorder()
            byRoad.on(next: 1)
            byRoad.onCompletion()
            let byEvent = HookRecorder()
            byEvent.on(.next(1))
            byEvent.on(.completed)
            #expect(byRoad.received == ["next 1", "completed"])
            #expect(byEvent.received == byRoad.received)
        }

        @Test func observerBaseLetsOneTerminalEventThroughWhicheverRoadsTheyTake() {
            let completedFirst = HookRecorder()
            completedFirst.onCompletion()
            completedFirst.onCompletion()
            completedFirst.on(.completed)
            completedFirst.on(error: TestError(id: 2))
            completedFirst.on(.error(TestError(id: 3)))
            completedFirst.on(next: 4)
            completedFirst.on(.next(5))
            #expect(completedFirst.received == ["completed"])

            let errorFirst = HookRecorder()
            errorFirst.on(.error(TestError(id: 1)))
            errorFirst.onCompletion()
            errorFirst.on(error: TestError(id: 2))
            errorFirst.on(next: 3)
            #expect(errorFirst.received == ["error TestError(1)"])
        }

        @Test func observerBaseIgnoresTheTerminalRoadOnceDisposed() {
            let observer = HookRecorder()
            observer.dispose()
            observer.onCompletion()
            observer.on(error: TestError())
            #expect(observer.received.isEmpty)
        }

        @Test func racingTerminalCallsReachTheHookOnce() {
            final class Racer: ObserverBase<Int>, @unchecked Sendable {
                // `@unchecked Sendable`: `ObserverBase`'s atomic exchange lets one
                // terminal call through; the counter is an atomic.
                let terminals = Counter()
                override func onCore(next element: Int) {}
                override func onCore(error: Swift.Error) { terminals.increment() }
                override func onCoreCompletion() { terminals.increment() }
            }
            Watchdog.run(rounds: 200) { round in
                let observer = Racer()
                Watchdog.concurrently(
                    { Watchdog.jitter(round); observer.onCompletion() },
                    { Watchdog.jitter(round + 1); observer.on(error: TestError()) },
                    { observer.on(.completed) }
                )
                #expect(observer.terminals.value == 1)
            }
        }

        // MARK: Sink

        @Test func sinkForwardsTheCompletionAlongTheRoadThenDisposes() {
            let observer = RoadRecorder()
            let cancel = SinkDisposer()
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            sink.forwardOn(next: 1)
            sink.forwardCompletedAndDispose()
            #expect(observer.received == ["on(next:) 1", "onCompletion()"])
            #expect(sink.isDisposed)
            #expect(cancel.isDisposed)
        }

        @Test func sinkForwardsTheErrorAlongTheRoadThenDisposes() {
            let observer = RoadRecorder()
            let cancel = SinkDisposer()
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            sink.forwardErrorAndDispose(TestError(id: 7))
            #expect(observer.received == ["on(error:) TestError(7)"])
            #expect(sink.isDisposed)
            #expect(cancel.isDisposed)
        }

        @Test func aDisposedSinkForwardsNoTerminalEvent() {
            let observer = RoadRecorder()
            let cancel = SinkDisposer()
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            sink.dispose()
            sink.forwardCompletedAndDispose()
            sink.forwardErrorAndDispose(TestError())
            sink.forwardOn(.completed)
            #expect(observer.received.isEmpty)
            #expect(cancel.isDisposed)
        }

        @Test func sinkEndsAnObserverBaseExactlyOnce() {
            let observer = HookRecorder()
            let sink = Sink(observer: observer, cancel: SinkDisposer())
            sink.forwardCompletedAndDispose()
            sink.forwardErrorAndDispose(TestError())
            #expect(observer.received == ["completed"])
        }

        // MARK: ElementObserverAdapter and the defaults

        @Test func adapterBuildsTheEventsForAnOutsideObserver() {
            let recorder = EventRecorder<Int>()
            let adapter = ElementObserverAdapter(recorder)
            adapter.on(next: 1)
            adapter.onCompletion()
            let failing = EventRecorder<Int>()
            ElementObserverAdapter(failing).on(error: TestError(id: 2))
            #expect(recorder.events == [.next(1), .completed])
            #expect(failing.events == [.error(TestError(id: 2))])
        }

        // MARK: Sources on the road

        @Test func justAndCreateEndTheirObserverAlongTheRoad() {
            let fromJust = RoadRecorder()
            _ = Observable.just(1).subscribe(elementObserver: fromJust)
            #expect(fromJust.received == ["on(next:) 1", "onCompletion()"])

            let fromCreate = RoadRecorder()
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError(id: 5))
                observer.onCompleted()
                return Disposables.create()
            }.subscribe(elementObserver: fromCreate)
            #expect(fromCreate.received == ["on(next:) 1", "on(error:) TestError(5)"])
        }

        @Test func passThroughSinksKeepTheRoad() {
            let scheduler = CurrentThreadScheduler.instance
            let completed = RoadRecorder()
            _ = Observable.just(1).subscribe(on: scheduler).subscribe(elementObserver: completed)
            #expect(completed.received == ["on(next:) 1", "onCompletion()"])

            let failed = RoadRecorder()
            _ = Observable<Int>.error(TestError(id: 6)).subscribe(on: scheduler).subscribe(elementObserver: failed)
            #expect(failed.received == ["on(error:) TestError(6)"])
        }
    }
}
