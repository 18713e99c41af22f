import Testing
import XCTest
import Ripple
@testable import RippleTest

extension RippleTests {
    /// `XCTAssertEqual` for events, called from Swift Testing: a mismatch is recorded
    /// as an issue (swift-corelibs-xctest would drop an `XCTFail` made outside an
    /// XCTest test).
    @Suite struct XCTAssertEqualSwiftTestingTests {
        @Test func equalRecordedEventsRecordNoIssue() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("--a--|", values: ["a": 1])
            let observer = scheduler.start { source.asObservable() }
            XCTAssertEqual(observer.events, [.next(220, 1), .completed(250)])
            #expect(observer.events.count == 2)
        }

        @Test func differentRecordedEventsReportAnIssueAtTheCall() {
            let actual: [RippleTest.Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(300)]
            let reported = capturedTestFailures {
                XCTAssertEqual(actual, [.next(210, 1), .next(220, 3), .completed(300)], file: "/work/Suite/Folder/SomeTests.swift", line: 42)
            }
            #expect(reported.count == 1)
            let failure = reported.first
            #expect(failure?.destination == .swiftTesting)
            #expect(failure?.message.hasPrefix("Recorded events are not equal (first: 3 events, second: 3 events).") == true)
            #expect(failure?.message.contains("  first:  -12-------|\n  second: -13-------|") == true)
            #expect(failure?.fileID == "Folder/SomeTests.swift")
            #expect(failure?.filePath == "/work/Suite/Folder/SomeTests.swift")
            #expect(failure?.line == 42)
        }

        @Test func differentEventsReportAnIssueAndEqualOnesDoNot() {
            let events: [Event<String>] = [.next("a"), .completed]
            let reported = capturedTestFailures {
                XCTAssertEqual(events, [.next("a"), .error(TestError())])
                XCTAssertEqual(events, [.next("a"), .completed])
            }
            #expect(reported.count == 1)
            #expect(reported.first?.message.hasPrefix("Events are not equal (first: 2 events, second: 2 events).") == true)
            #expect(reported.first?.fileID.hasSuffix("XCTAssertEqualTests.swift") == true)
            #expect(reported.first?.destination == .swiftTesting)
        }

        @Test func insideASwiftTestingTestFailuresBecomeIssues() {
            #expect(TestFailureDestination.current == .swiftTesting)
        }
    }
}

/// `XCTAssertEqual` for events inside XCTest, where a mismatch is an XCTest failure.
/// Failures are captured by overriding `recordFailure` so that they can be checked
/// without failing the run.
final class RippleTestXCTAssertEqualTests: XCTestCase {
    private var capturedFailures: [(description: String, file: String, line: Int)] = []
    private var capturesFailures = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturesFailures {
            capturedFailures.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// Runs `body`, returning the failures it recorded instead of failing.
    private func failures(in body: () -> Void) -> [(description: String, file: String, line: Int)] {
        capturesFailures = true
        capturedFailures = []
        body()
        capturesFailures = false
        return capturedFailures
    }

    func testEqualRecordedEventsPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let observer = scheduler.start { source.asObservable() }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(observer.events, RippleTest.Recorded.events(.next(210, 1), .next(230, 2), .completed(240)))
    }

    func testInsideAnXCTestTestFailuresGoToXCTest() {
        XCTAssertEqual(TestFailureDestination.current, .xcTest)
    }

    func testEqualEventsPass() {
        XCTAssertEqual([Event<Int>.next(1), .error(TestError(id: 2))], [.next(1), .error(TestError(id: 2))])
    }

    func testDifferentRecordedEventsFailWithTheDiffAtTheCall() {
        let actual: [RippleTest.Recorded<Event<Int>>] = [.next(220, 1), .completed(250)]
        let line = #line + 1
        let recorded = failures { XCTAssertEqual(actual, [.next(220, 1), .next(230, 2), .completed(250)]) }
        XCTAssertEqual(recorded.count, 1)
        let failure = recorded.first
        XCTAssertEqual(failure?.line, line)
        XCTAssertEqual(failure?.file, #filePath)
        XCTAssertTrue(failure?.description.contains("""
            Recorded events are not equal (first: 2 events, second: 3 events).
            marbles, 10 ticks per column from 200:
              first:  --1--|
              second: --12-|
            """) == true, failure?.description ?? "no failure")
        XCTAssertTrue(failure?.description.contains("  + next(2) @ 230") == true)
    }

    func testDifferentEventsFail() {
        let recorded = failures { XCTAssertEqual([Event<Int>.completed], [.next(1), .completed]) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.description.contains("  + next(1)\n    completed") == true)
    }
}

/// Runs `body` and returns the failures it reported, captured instead of failing: the
/// assertion tests check the messages and locations.
func capturedTestFailures(in body: () -> Void) -> [ReportedTestFailure] {
    let captured = LockedValue<[ReportedTestFailure]>([])
    TestFailureCapture.$handler.withValue({ failure in captured.withLock { $0.append(failure) } }) {
        body()
    }
    return captured.withLock { $0 }
}
