import Testing
import Ripple
@testable import RippleTest

extension RippleTests {
    /// The messages `XCTAssertEqual` prints when events differ, built directly.
    @Suite struct EventsMismatchTests {
        typealias Events<Element> = [RippleTest.Recorded<Event<Element>>]

        @Test func equalArraysHaveNoMessage() {
            let events: Events<Int> = [.next(210, 1), .error(220, TestError())]
            #expect(recordedEventsMismatch(events, events) == nil)
            #expect(eventsMismatch([Event<Int>.next(1), .completed], [.next(1), .completed]) == nil)
        }

        @Test func differentElementShowsMarblesAndADiff() {
            let first: Events<Int> = [.next(210, 1), .next(220, 2), .completed(300)]
            let second: Events<Int> = [.next(210, 1), .next(220, 3), .completed(300)]
            #expect(recordedEventsMismatch(first, second) == """
                Recorded events are not equal (first: 3 events, second: 3 events).
                marbles, 10 ticks per column from 200:
                  first:  -12-------|
                  second: -13-------|
                events ("-" only in the first, "+" only in the second):
                    next(1) @ 210
                  - next(2) @ 220
                  + next(3) @ 220
                    completed @ 300
                """)
        }

        @Test func missingEventIsOneAddedLine() {
            let first: Events<String> = [.next(220, "a"), .completed(250)]
            let second: Events<String> = [.next(220, "a"), .next(230, "b"), .completed(250)]
            #expect(recordedEventsMismatch(first, second) == """
                Recorded events are not equal (first: 2 events, second: 3 events).
                marbles, 10 ticks per column from 200:
                  first:  --a--|
                  second: --ab-|
                events ("-" only in the first, "+" only in the second):
                    next(a) @ 220
                  + next(b) @ 230
                    completed @ 250
                """)
        }

        @Test func differentTimeIsARemovedAndAnAddedLine() {
            let first: Events<Int> = [.next(210, 1)]
            let second: Events<Int> = [.next(211, 1)]
            #expect(recordedEventsMismatch(first, second) == """
                Recorded events are not equal (first: 1 event, second: 1 event).
                events ("-" only in the first, "+" only in the second):
                  - next(1) @ 210
                  + next(1) @ 211
                """)
        }

        @Test func earlyEventsDrawFromZero() throws {
            let first: Events<Int> = [.next(0, 1), .completed(30)]
            let second: Events<Int> = [.next(0, 1), .error(20, TestError(id: 1))]
            let message = try #require(recordedEventsMismatch(first, second))
            #expect(message.contains("""
                marbles, 10 ticks per column from 0:
                  first:  1--|
                  second: 1-#
                """))
            #expect(message.contains("  + error(TestError(1)) @ 20"))
        }

        @Test func eventsWithMultiCharacterElementsHaveNoMarbles() throws {
            let first: Events<Int> = [.next(210, 10)]
            let second: Events<Int> = [.next(210, 20)]
            let message = try #require(recordedEventsMismatch(first, second))
            #expect(!message.contains("marbles"))
            #expect(message.contains("  - next(10) @ 210\n  + next(20) @ 210"))
        }

        @Test func eventsWithoutTimesAreDiffed() {
            let first: [Event<Int>] = [.next(1), .completed]
            let second: [Event<Int>] = [.next(1), .next(2), .completed]
            #expect(eventsMismatch(first, second) == """
                Events are not equal (first: 2 events, second: 3 events).
                events ("-" only in the first, "+" only in the second):
                    next(1)
                  + next(2)
                    completed
                """)
        }

        @Test func diffKeepsTheLongestCommonRun() {
            let lines = differenceLines([1, 2, 3, 4], [1, 3, 4, 5], describe: { String($0) })
            #expect(lines == ["    1", "  - 2", "    3", "    4", "  + 5"])
            #expect(differenceLines([], [1], describe: { String($0) }) == ["  + 1"])
            #expect(differenceLines([1], [], describe: { String($0) }) == ["  - 1"])
        }

        @Test func veryLongArraysAreComparedPositionByPosition() {
            let first = Array(0..<1_001)
            var second = first
            second[500] = -1
            second.append(1_001)
            let lines = differenceLines(first, second, describe: { String($0) })
            #expect(lines.count == 1_003)
            #expect(lines[500] == "  - 500")
            #expect(lines[501] == "  + -1")
            #expect(lines.last == "  + 1001")
        }
    }
}
