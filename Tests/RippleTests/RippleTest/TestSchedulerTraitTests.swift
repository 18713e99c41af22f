import Testing
import XCTest
@testable import Ripple
@testable import RippleTest

extension RippleTests {
    /// `TestScheduler.start` takes any convertible sequence, as RxTest's does, so
    /// trait tests are written the usual way: `scheduler.start { single }`.
    @Suite struct TestSchedulerTraitTests {
        @Test func startRecordsASingle() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let observer = scheduler.start { source.asSingle() }
            XCTAssertEqual(observer.events, [.next(210, 1), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
        }

        @Test func startRecordsAMaybeThatEndsEmpty() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([RippleTest.Recorded<Event<Int>>.completed(250)])
            let observer = scheduler.start { source.asMaybe() }
            XCTAssertEqual(observer.events, [.completed(250)])
        }

        @Test func startRecordsACompletableAsNeverElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer: TestableObserver<Never> = scheduler.start(disposed: 300) { Completable.empty().delay(.seconds(20), scheduler: scheduler) }
            XCTAssertEqual(observer.events, [.completed(220)])
            let failing = scheduler.start(created: 1000, subscribed: 1010, disposed: 2000) { Completable.error(TestError(id: 3)) }
            XCTAssertEqual(failing.events, [.error(1010, TestError(id: 3))])
        }

        @Test func startRecordsAnInfallible() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
            let observer = scheduler.start { source.asInfallible(onErrorJustReturn: -1) }
            XCTAssertEqual(observer.events, [.next(210, 1), .next(220, -1), .completed(220)])
        }

        @Test func startTakesATestableObservableAsItIs() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(230)])
            let observer = scheduler.start(created: 100, subscribed: 205, disposed: 1000) { source }
            XCTAssertEqual(observer.events, [.next(210, 2), .completed(230)])
            #expect(source.subscriptions == [Subscription(205, 230)])
        }

        @Test func startStillTakesAnObservableBuiltInTheClosure() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start {
                let doubled = Observable.of(1, 2).map { $0 * 2 }
                return doubled
            }
            XCTAssertEqual(observer.events, [.next(200, 2), .next(200, 4), .completed(200)])
        }

        /// A Driver and a Signal compile as `start`'s result too (they deliver on the
        /// main queue, so this only has to type-check).
        func sharedSequencesCompile(_ scheduler: TestScheduler, driver: Driver<Int>, signal: Signal<String>) {
            let drivers: TestableObserver<Int> = scheduler.start { driver }
            let signals: TestableObserver<String> = scheduler.start(disposed: 300) { signal }
            _ = (drivers, signals)
        }

        @Test func traitEventArraysCompareWithXCTAssertEqual() {
            let singles: [SingleEvent<Int>] = [.success(1), .failure(TestError(id: 2))]
            let maybes: [MaybeEvent<Int>] = [.success(1), .completed, .error(TestError())]
            let completables: [CompletableEvent] = [.completed, .error(TestError())]
            let reported = capturedTestFailures {
                XCTAssertEqual(singles, [.success(1), .failure(TestError(id: 2))])
                XCTAssertEqual(maybes, [.success(1), .completed, .error(TestError())])
                XCTAssertEqual(completables, [.completed, .error(TestError())])
            }
            #expect(reported.isEmpty)
        }

        @Test func differentTraitEventsReportADiff() {
            let reported = capturedTestFailures {
                XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)], file: "/work/Suite/Folder/SomeTests.swift", line: 7)
                XCTAssertEqual([MaybeEvent<Int>.completed], [.success(2)])
                XCTAssertEqual([CompletableEvent.completed], [])
            }
            #expect(reported.map(\.message) == [
                "Events are not equal (first: 1 event, second: 1 event).\nevents (\"-\" only in the first, \"+\" only in the second):\n  - success(1)\n  + success(2)",
                "Events are not equal (first: 1 event, second: 1 event).\nevents (\"-\" only in the first, \"+\" only in the second):\n  - completed\n  + success(2)",
                "Events are not equal (first: 1 event, second: 0 events).\nevents (\"-\" only in the first, \"+\" only in the second):\n  - completed",
            ])
            #expect(reported.first?.line == 7)
            #expect(reported.first?.fileID == "Folder/SomeTests.swift")
        }
    }
}
