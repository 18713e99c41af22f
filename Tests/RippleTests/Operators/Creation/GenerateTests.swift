import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct GenerateTests {
        @Test func sendsEachStateWhileTheConditionHolds() {
            let events = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }).recordSynchronously()
            #expect(events == [.next(0), .next(1), .next(2), .completed])
        }

        @Test func interleavesWithAnotherSynchronousSourceUnderMerge() {
            let first = Observable.generate(initialState: 0, condition: { $0 < 2 }, iterate: { $0 + 1 })
            let second = Observable.generate(initialState: 10, condition: { $0 < 12 }, iterate: { $0 + 1 })
            let events = Observable.merge(first, second).recordSynchronously()
            #expect(events == [.next(0), .next(10), .next(1), .next(11), .completed])
        }

        @Test func doublingExample() {
            let events = Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 2 }).recordSynchronously()
            #expect(events == [1, 2, 4, 8, 16, 32, 64].map { .next($0) } + [.completed])
        }

        @Test func conditionFalseAtOnceOnlyCompletes() {
            var iterations = 0
            let events = Observable.generate(initialState: 10, condition: { $0 < 3 }, iterate: { state in
                iterations += 1
                return state + 1
            }).recordSynchronously()
            #expect(events == [.completed])
            #expect(iterations == 0)
        }

        @Test func throwingConditionFailsAfterTheElementsSoFar() {
            let events = Observable.generate(initialState: 0, condition: { state in
                if state == 2 { throw TestError(id: 2) }
                return true
            }, iterate: { $0 + 1 }).recordSynchronously()
            #expect(events == [.next(0), .next(1), .error(TestError(id: 2))])
        }

        @Test func conditionThrowingOnTheInitialStateFailsWithoutElements() {
            let events = Observable<Int>.generate(initialState: 0, condition: { _ in throw TestError(id: 1) }, iterate: { $0 + 1 })
                .recordSynchronously()
            #expect(events == [.error(TestError(id: 1))])
        }

        @Test func throwingIterateFailsAfterTheElementsSoFar() {
            let events = Observable.generate(initialState: 0, condition: { $0 < 10 }, iterate: { state in
                if state == 2 { throw TestError(id: 3) }
                return state + 1
            }).recordSynchronously()
            #expect(events == [.next(0), .next(1), .next(2), .error(TestError(id: 3))])
        }

        @Test func eachSubscriberStartsFromTheInitialState() {
            let source = Observable.generate(initialState: 5, condition: { $0 < 7 }, iterate: { $0 + 1 })
            #expect(source.recordSynchronously() == [.next(5), .next(6), .completed])
            #expect(source.recordSynchronously() == [.next(5), .next(6), .completed])
        }

        @Test func disposingFromOnNextStopsIterating() {
            var iterations = 0
            let source = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { state in
                iterations += 1
                return state + 1
            })
            let events = recordDisposing(source, afterElements: 3)
            #expect(events == [.next(0), .next(1), .next(2)])
            #expect(iterations == 2)
        }

        @Test func withAQueueSchedulerSendsOneStatePerAction() {
            let scheduler = ManualQueueScheduler()
            let recorder = EventRecorder<Int>()
            let source = Observable.generate(initialState: 0, condition: { $0 < 2 }, scheduler: scheduler, iterate: { $0 + 1 })
            let subscription = source.subscribe(recorder)
            #expect(recorder.events == [])
            scheduler.run(steps: 1)
            #expect(recorder.events == [.next(0)])
            #expect(scheduler.run() == 2)
            #expect(recorder.events == [.next(0), .next(1), .completed])
            subscription.dispose()
        }
    }
}
