import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct JourneyTraceTests {
        private func seedExample(_ log: @escaping (String) -> Void) {
            let observable = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            _ = observable.subscribe(
                onNext: { log("next \($0)") },
                onError: { log("error \($0)") },
                onCompleted: { log("completed") },
                onDisposed: { log("dispose done") }
            )
        }

        // `range`'s loop sends through a closure compiled in the caller's code, except
        // while a trace runs: then each element still takes the traced element road.
        @Test func rangeTracesEachElementOnTheElementRoad() {
            var received: [Int] = []
            let steps = JourneyTrace.record {
                _ = Observable.range(start: 5, count: 2).subscribe(onNext: { received.append($0) })
            }
            #expect(received == [5, 6])
            let path = steps.map { "\($0.type).\($0.member)" }
            #expect(path.filter { $0 == "Sink.forwardOn(next:)" }.count == 2)
            #expect(steps.contains { $0.type == "Sink" && $0.member == "forwardOn(next:)" && $0.note.contains("hands 6 to") })
        }

        @Test func theSeedExampleWalksTheJourneyInOrder() {
            var printed: [String] = []
            let steps = JourneyTrace.record { seedExample { printed.append($0) } }
            #expect(printed == ["next 1", "next 2", "completed", "dispose done"])
            #expect(steps.map(\.number) == Array(1...steps.count))
            let path = steps.map { "\($0.type).\($0.member)" }
            let expectedPrefix = [
                "Observable.create",
                "AnonymousObservable.init",
                "ObservableType.subscribe(onNext:onError:onCompleted:onDisposed:isolation:)",
                "SubscribeObserver.init",
                "Producer.subscribe",
                "SinkDisposer.init",
                "AnonymousObservable.run",
                "AnonymousObservableSink.init",
                "AnonymousObservableSink.run",
                "AnyObserver.onNext",
                "AnonymousObservableSink.on(next:)",
                "Sink.forwardOn(next:)",
                "ObserverBase.on(next:)",
                "SubscribeObserver.onCore(next:)",
                "your code.onNext",
            ]
            #expect(Array(path.prefix(expectedPrefix.count)) == expectedPrefix)
            let completion = [
                "AnyObserver.on",
                "AnonymousObservableSink.onCompletion",
                "Sink.forwardCompletedAndDispose",
                "ObserverBase.onCompletion",
                "SubscribeObserver.onCoreCompletion",
                "your code.onCompleted",
            ]
            let completionStart = path.firstIndex(of: "AnyObserver.on")
            #expect(completionStart.map { Array(path[$0...].prefix(completion.count)) } == completion)
            #expect(path.contains("AnonymousDisposable.dispose"))
            #expect(path.contains("Sink.dispose"))
            #expect(path.contains("SinkDisposer.dispose"))
            #expect(path.last == "SinkDisposer.setSinkAndSubscription")
        }

        @Test func nothingIsReportedWithoutATrace() {
            let outside = JourneyTrace.record {}
            seedExample { _ in }
            let inside = JourneyTrace.record { seedExample { _ in } }
            #expect(outside.isEmpty)
            #expect(!inside.isEmpty)
            #expect(!journeyTracingIsOn)
        }

        @Test func stepsAreNumberedAnewForEachTrace() {
            let first = JourneyTrace.record { _ = Observable.just(1).subscribe() }
            let second = JourneyTrace.record { _ = Observable.just(1).subscribe() }
            #expect(first.first?.number == 1)
            #expect(second.first?.number == 1)
            #expect(first.map(\.description) == second.map(\.description))
        }
    }

    @Suite struct ResourcesTests {
        @Test func incrementAndDecrementMoveTheTotal() {
            let before = Resources.total
            #expect(Resources.incrementTotal() == before + 1)
            #expect(Resources.total == before + 1)
            #expect(Resources.decrementTotal() == before)
        }

        @Test func aLiveSubscriptionIsCountedUntilDisposed() {
            let observable = Observable<Int>.create { _ in Disposables.create() }
            let before = Resources.total
            do {
                let subscription = observable.subscribe()
                #expect(Resources.total > before)
                subscription.dispose()
            }
            #expect(Resources.total == before)
        }
    }
}
