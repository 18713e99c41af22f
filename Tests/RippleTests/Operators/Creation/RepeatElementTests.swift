import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct RepeatElementTests {
        @Test func disposingFromOnNextAfterNElementsDeliversExactlyN() {
            let events = recordDisposing(Observable.repeatElement(7), afterElements: 5)
            #expect(events == Array(repeating: .next(7), count: 5))
        }

        @Test func disposingFromTheFirstOnNextDeliversOneElement() {
            let events = recordDisposing(Observable.repeatElement("a"), afterElements: 1)
            #expect(events == [.next("a")])
        }

        @Test func interleavesWithAnotherSynchronousSourceUnderMerge() {
            let merged = Observable.merge(Observable.repeatElement(1), Observable.of(10, 20))
            let events = recordDisposing(merged, afterElements: 5)
            #expect(events == [.next(1), .next(10), .next(1), .next(20), .next(1)])
        }

        @Test func runsManyElementsWithoutGrowingTheStack() {
            let events = recordDisposing(Observable.repeatElement(1), afterElements: 100_000)
            #expect(events.count == 100_000)
            #expect(events.allSatisfy { $0 == .next(1) })
        }

        @Test func withAQueueSchedulerSendsOneElementPerActionUntilDisposed() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let subscription = Observable.repeatElement(3, scheduler: scheduler).subscribe(recorder)
            #expect(recorder.events == [])
            #expect(scheduler.run(steps: 4) == 4)
            #expect(recorder.events == [.next(3), .next(3), .next(3), .next(3)])
            subscription.dispose()
            #expect(scheduler.run() == 0)
            #expect(recorder.events == [.next(3), .next(3), .next(3), .next(3)])
        }

        @Test func disposingRunsOnDisposedOnceAndNeverCompletes() {
            var log: [String] = []
            let subscription = SingleAssignmentDisposable()
            insideTrampoline {
                subscription.setDisposable(Observable.repeatElement(0).subscribe(
                    onNext: { element in
                        log.append("next \(element)")
                        if log.count == 2 {
                            subscription.dispose()
                        }
                    },
                    onError: { log.append("error \($0)") },
                    onCompleted: { log.append("completed") },
                    onDisposed: { log.append("disposed") }
                ))
            }
            subscription.dispose()
            #expect(log == ["next 0", "next 0", "disposed"])
        }
    }
}
