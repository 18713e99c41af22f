import Testing
@testable import Ripple

/// Subscribes `source` with every closure, logging what each receives.
private func subscribeLogging<Element>(_ source: Observable<Element>, log: @escaping (String) -> Void) -> Disposable {
    source.subscribe(
        onNext: { log("next \($0)") },
        onError: { log("error \($0)") },
        onCompleted: { log("completed") },
        onDisposed: { log("disposed") }
    )
}

/// Subscribes `source` inside a trampoline, logging every closure, and disposes the
/// subscription from the `limit`th `onNext`; then disposes it once more.
private func logDisposing<Element>(_ source: Observable<Element>, afterElements limit: Int) -> [String] {
    var log: [String] = []
    var elements = 0
    let subscription = SingleAssignmentDisposable()
    insideTrampoline {
        subscription.setDisposable(source.subscribe(
            onNext: { element in
                log.append("next \(element)")
                elements += 1
                if elements == limit {
                    subscription.dispose()
                    log.append("dispose returned")
                }
            },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        ))
    }
    subscription.dispose()
    return log
}

extension RippleTests {
    @Suite struct CreationDisposalTests {
        @Test func rangeDisposedFromOnNextStopsAtOnce() {
            let log = logDisposing(Observable.range(start: 1, count: 5), afterElements: 2)
            #expect(log == ["next 1", "next 2", "disposed", "dispose returned"])
        }

        @Test func fromDisposedFromOnNextStopsAtOnce() {
            let log = logDisposing(Observable.from(["a", "b", "c"]), afterElements: 1)
            #expect(log == ["next a", "disposed", "dispose returned"])
        }

        @Test func ofDisposedFromTheLastOnNextDoesNotComplete() {
            let log = logDisposing(Observable.of(1, 2, 3), afterElements: 3)
            #expect(log == ["next 1", "next 2", "next 3", "disposed", "dispose returned"])
        }

        @Test func repeatElementDisposedFromOnNextStopsAtOnce() {
            let log = logDisposing(Observable.repeatElement(9), afterElements: 3)
            #expect(log == ["next 9", "next 9", "next 9", "disposed", "dispose returned"])
        }

        @Test func generateDisposedFromOnNextStopsAtOnce() {
            let log = logDisposing(Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 }), afterElements: 2)
            #expect(log == ["next 0", "next 1", "disposed", "dispose returned"])
        }

        @Test func onDisposedRunsOnceAfterOnCompleted() {
            for source in [Observable.range(start: 1, count: 2), Observable.from([1, 2]), Observable.of(1, 2)] {
                var log: [String] = []
                let subscription = subscribeLogging(source) { log.append($0) }
                #expect(log == ["next 1", "next 2", "completed", "disposed"])
                subscription.dispose()
                subscription.dispose()
                #expect(log == ["next 1", "next 2", "completed", "disposed"])
            }
        }

        @Test func onDisposedRunsOnceAfterOnError() {
            let sources: [Observable<Int>] = [
                Observable.range(start: 0, count: -1),
                Observable.deferred { throw TestError(id: 1) },
                Observable.generate(initialState: 1, condition: { state in
                    if state > 1 { throw TestError(id: 1) }
                    return true
                }, iterate: { $0 + 1 }),
            ]
            let rangeError = "error \(RxError.argumentOutOfRange)"
            let expected = [
                [rangeError, "disposed"],
                ["error TestError(1)", "disposed"],
                ["next 1", "error TestError(1)", "disposed"],
            ]
            for (source, expected) in zip(sources, expected) {
                var log: [String] = []
                let subscription = subscribeLogging(source) { log.append($0) }
                #expect(log == expected)
                subscription.dispose()
                #expect(log == expected)
            }
        }

        @Test func onDisposedRunsOnceOnExplicitDispose() {
            let scheduler = ManualQueueScheduler()
            var log: [String] = []
            let subscription = subscribeLogging(Observable.range(start: 1, count: 3, scheduler: scheduler)) { log.append($0) }
            scheduler.run(steps: 1)
            subscription.dispose()
            subscription.dispose()
            #expect(scheduler.run() == 0)
            #expect(log == ["next 1", "disposed"])

            var neverLog: [String] = []
            let never = subscribeLogging(Observable<Int>.never()) { neverLog.append($0) }
            never.dispose()
            never.dispose()
            #expect(neverLog == ["disposed"])
        }

        @Test func disposingBeforeTheTrampolineDrainsSendsNothing() {
            var log: [String] = []
            insideTrampoline {
                let subscription = subscribeLogging(Observable.range(start: 1, count: 3)) { log.append($0) }
                subscription.dispose()
                subscription.dispose()
            }
            #expect(log == ["disposed"])
        }
    }
}
