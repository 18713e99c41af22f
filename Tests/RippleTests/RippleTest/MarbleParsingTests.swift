import Testing
import Ripple
@testable import RippleTest

extension RippleTests {
    /// Reading marble diagrams: every symbol, groups, the subscription marker, the
    /// tables, and the diagnostics for malformed diagrams.
    @Suite struct MarbleParsingTests {
        typealias Events<Element> = [RippleTest.Recorded<Event<Element>>]

        /// Reads `marbles` as a hot diagram with the default timing.
        func hot<Element>(_ marbles: String, values: [Character: Element], errors: [Character: Swift.Error] = [:], subscribed: TestTime = 200, ticks: TestTime = 10) throws -> Events<Element> {
            try MarbleDiagram(parsing: marbles).events(timing: .hot(subscribed: subscribed, ticksPerCharacter: ticks), values: values, errors: errors, fallback: nil)
        }

        /// Reads `marbles` as a cold diagram with the default timing.
        func cold<Element>(_ marbles: String, values: [Character: Element], errors: [Character: Swift.Error] = [:], ticks: TestTime = 10) throws -> Events<Element> {
            try MarbleDiagram(parsing: marbles).events(timing: .cold(ticksPerCharacter: ticks), values: values, errors: errors, fallback: nil)
        }

        /// The syntax error reading `marbles` as a hot (or cold) diagram gives.
        func syntaxError(_ marbles: String, cold isCold: Bool = false, values: [Character: Int] = ["a": 1, "b": 2], errors: [Character: Swift.Error] = [:], ticks: TestTime = 10) -> MarbleSyntaxError? {
            do {
                let timing: MarbleDiagram.Timing = isCold ? .cold(ticksPerCharacter: ticks) : .hot(subscribed: 200, ticksPerCharacter: ticks)
                _ = try MarbleDiagram(parsing: marbles).events(timing: timing, values: values, errors: errors, fallback: nil)
                return nil
            } catch {
                return error
            }
        }

        // MARK: Symbols and time

        @Test func dashesAreEmptyColumnsAndLettersAreElements() throws {
            let events = try hot("--a--b", values: ["a": 1, "b": 2])
            #expect(events == [.next(220, 1), .next(250, 2)])
        }

        @Test func digitsAndOtherCharactersAreKeysToo() throws {
            let events = try hot("1-x-é", values: ["1": 10, "x": 20, "é": 30])
            #expect(events == [.next(200, 10), .next(220, 20), .next(240, 30)])
        }

        @Test func barCompletes() throws {
            let events = try hot("-a-|", values: ["a": 1])
            #expect(events == [.next(210, 1), .completed(230)])
        }

        @Test func hashFailsWithMarbleErrorByDefault() throws {
            let events = try hot("-a-#", values: ["a": 1])
            #expect(events == [.next(210, 1), .error(230, MarbleError())])
        }

        @Test func hashFailsWithTheErrorsTableEntryForHash() throws {
            let events = try hot("--#", values: [Character: Int](), errors: ["#": TestError(id: 7)])
            #expect(events == [.error(220, TestError(id: 7))])
        }

        @Test func errorsTableKeysAreErrors() throws {
            let events = try hot("-a-x", values: ["a": 1], errors: ["x": TestError(id: 3)])
            #expect(events == [.next(210, 1), .error(230, TestError(id: 3))])
        }

        @Test func spacesAreIgnoredAndTakeNoColumn() throws {
            let spaced = try hot(" - a  - b |", values: ["a": 1, "b": 2])
            let packed = try hot("-a-b|", values: ["a": 1, "b": 2])
            #expect(spaced == packed)
            #expect(packed == [.next(210, 1), .next(230, 2), .completed(240)])
        }

        @Test func ticksPerCharacterSetsTheColumnWidth() throws {
            let events = try hot("-a--b|", values: ["a": 1, "b": 2], ticks: 5)
            #expect(events == [.next(205, 1), .next(220, 2), .completed(225)])
        }

        @Test func anEmptyDiagramHasNoEvents() throws {
            #expect(try hot("", values: ["a": 1]).isEmpty)
            #expect(try hot("---", values: ["a": 1]).isEmpty)
        }

        @Test func eventsAfterTheTerminalOneAreKept() throws {
            // Test sources may break the grammar on purpose, to test an operator's guard.
            let events = try hot("a|b", values: ["a": 1, "b": 2])
            #expect(events == [.next(200, 1), .completed(210), .next(220, 2)])
        }

        // MARK: Groups

        @Test func aGroupPutsItsEventsAtTheColumnOfItsParenthesis() throws {
            let events = try hot("-(ab)", values: ["a": 1, "b": 2])
            #expect(events == [.next(210, 1), .next(210, 2)])
        }

        @Test func everyCharacterOfAGroupTakesAColumn() throws {
            // `(ab)` spans columns 1 to 4, so `|` in column 6 is at 260.
            let events = try hot("-(ab)-|", values: ["a": 1, "b": 2])
            #expect(events == [.next(210, 1), .next(210, 2), .completed(260)])
        }

        @Test func aGroupCanEndTheSequence() throws {
            #expect(try hot("(a|)", values: ["a": 1]) == [.next(200, 1), .completed(200)])
            #expect(try hot("-(a#)", values: ["a": 1]) == [.next(210, 1), .error(210, MarbleError())])
        }

        // MARK: Subscription marker

        @Test func caretIsAtTheSubscriptionTime() throws {
            let events = try hot("-a-^-b-|", values: ["a": 1, "b": 2])
            #expect(events == [.next(180, 1), .next(220, 2), .completed(240)])
        }

        @Test func withoutCaretTheFirstColumnIsAtTheSubscriptionTime() throws {
            let withCaret = try hot("^-a", values: ["a": 1])
            let without = try hot("--a", values: ["a": 1])
            #expect(withCaret == [.next(220, 1)])
            #expect(without == withCaret)
        }

        @Test func caretFollowsTheSubscribedArgument() throws {
            let events = try hot("a-^-b", values: ["a": 1, "b": 2], subscribed: 1000, ticks: 100)
            #expect(events == [.next(800, 1), .next(1200, 2)])
        }

        @Test func coldDiagramsStartAtZero() throws {
            let events = try cold("a-b-|", values: ["a": 1, "b": 2])
            #expect(events == [.next(0, 1), .next(20, 2), .completed(40)])
        }

        // MARK: String elements

        @Test func stringElementsWithoutATableAreTheCharacters() throws {
            let events = try MarbleDiagram(parsing: "-a-(b1)-|").events(timing: .cold(ticksPerCharacter: 10), values: [:], errors: [:], fallback: { String($0) })
            #expect(events == [.next(10, "a"), .next(30, "b"), .next(30, "1"), .completed(80)])
        }

        @Test func stringElementsWithATableUseOnlyTheTable() throws {
            let diagram = try MarbleDiagram(parsing: "-a-b")
            let error = #expect(throws: MarbleSyntaxError.self) {
                try diagram.events(timing: .cold(ticksPerCharacter: 10), values: ["a": "alpha"], errors: [:], fallback: { String($0) })
            }
            #expect(error?.position == 3)
        }

        // MARK: Diagnostics

        @Test func unknownKeyNamesTheKeyAndBothTables() {
            let error = syntaxError("--ax--|", errors: ["e": TestError()])
            #expect(error == MarbleSyntaxError(diagram: "--ax--|", position: 3, reason: "'x' is in neither values (keys: 'a', 'b') nor errors (keys: 'e')"))
        }

        @Test func messagePointsAtTheCulprit() {
            let error = syntaxError("--ax--|", values: ["a": 1])
            #expect(error?.description == """
                Malformed marble diagram: 'x' is in neither values (keys: 'a') nor errors (keys: none) (column 4)
                    --ax--|
                       ^
                """)
        }

        @Test func unclosedGroupPointsAtItsParenthesis() {
            let error = syntaxError("-a-(ab")
            #expect(error?.position == 3)
            #expect(error?.reason == "'(' is never closed")
        }

        @Test func closingParenthesisWithoutGroup() {
            let error = syntaxError("-a)-|")
            #expect(error?.position == 2)
            #expect(error?.reason == "')' closes no group")
        }

        @Test func nestedGroupsAreRefused() {
            let error = syntaxError("(a(b))")
            #expect(error?.position == 2)
            #expect(error?.reason == "'(' inside the group opened at column 1; groups do not nest")
        }

        @Test func emptyGroupIsRefused() {
            let error = syntaxError("-()-|")
            #expect(error?.position == 2)
            #expect(error?.reason == "the group is empty; a group holds the events that happen at one time")
        }

        @Test func dashOrCaretInsideAGroupIsRefused() {
            #expect(syntaxError("(a-b)")?.position == 2)
            #expect(syntaxError("(a^)")?.reason == "'^' inside a group; the subscription point stands on its own")
        }

        @Test func secondCaretIsRefused() {
            let error = syntaxError("^-a-^")
            #expect(error?.position == 4)
            #expect(error?.reason == "a second '^'; the subscription point is already at column 1")
        }

        @Test func caretInAColdDiagramIsRefused() {
            let error = syntaxError("-^-a", cold: true)
            #expect(error?.position == 1)
            #expect(error?.reason.hasPrefix("'^' in a cold diagram") == true)
        }

        @Test func tableKeysThatAreSymbolsAreRefused() {
            #expect(syntaxError("-a", values: ["|": 1])?.reason == "values has the key '|', which is a marble symbol, not a value")
            #expect(syntaxError("-a", errors: ["-": TestError()])?.reason == "errors has the key '-', which is a marble symbol; only '#' may be given an error")
        }

        @Test func keyInBothTablesIsRefused() {
            let error = syntaxError("-a", errors: ["a": TestError()])
            #expect(error?.reason == "'a' is a key of both values and errors")
            #expect(error?.description == "Malformed marble diagram: 'a' is a key of both values and errors\n    -a")
        }

        @Test func columnWidthMustBePositive() {
            #expect(syntaxError("-a", ticks: 0)?.reason == "ticksPerCharacter is 0; it must be at least 1")
        }
    }
}
