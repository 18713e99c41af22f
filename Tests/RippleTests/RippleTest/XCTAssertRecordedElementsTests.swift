import Testing
import Ripple
@testable import RippleTest

extension RippleTests {
    @Suite struct XCTAssertRecordedElementsTests {
        @Test func theSameElementsAtAnyTimesPass() {
            let reported = capturedTestFailures {
                XCTAssertRecordedElements([.next(210, 1), .next(300, 2)], [1, 2])
                XCTAssertRecordedElements([RippleTest.Recorded<Event<Int>>](), [])
            }
            #expect(reported.isEmpty)
        }

        @Test func otherElementsFailWithBothLists() {
            let reported = capturedTestFailures {
                XCTAssertRecordedElements([.next(210, 1), .next(220, 3)], [1, 2], file: "/work/Suite/Folder/SomeTests.swift", line: 7)
            }
            #expect(reported.map(\.message) == ["Recorded elements are not equal: [1, 3] is not [1, 2]."])
            #expect(reported.first?.line == 7)
        }

        @Test func aTerminalEventFails() {
            let reported = capturedTestFailures {
                XCTAssertRecordedElements([.next(210, 1), .completed(220)], [1])
            }
            #expect(reported.map(\.message) == ["A terminal event was recorded: completed @ 220."])
        }
    }
}
