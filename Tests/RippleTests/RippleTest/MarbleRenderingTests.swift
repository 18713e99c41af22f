import Testing
import Ripple
@testable import RippleTest

extension RippleTests {
    /// Drawing recorded events as marble diagrams, and reading the drawings back.
    @Suite struct MarbleRenderingTests {
        typealias Events<Element> = [RippleTest.Recorded<Event<Element>>]

        @Test func drawsElementsCompletionAndErrorsFromTwoHundred() {
            let events: Events<Int> = [.next(220, 1), .next(250, 2), .completed(280)]
            let drawing = events.marbles
            #expect(drawing == "--1--2--|")
            let failing: Events<Int> = [.next(200, 1), .error(230, TestError())]
            #expect(failing.marbles == "1--#")
        }

        @Test func noEventsDrawNothing() {
            let events: Events<Int> = []
            #expect(events.marbles == "")
        }

        @Test func eventsAtOneTimeFormAGroupThatTakesAColumnPerCharacter() {
            let events: Events<String> = [.next(210, "a"), .next(210, "b"), .completed(260)]
            #expect(events.marbles == "-(ab)-|")
        }

        @Test func longDescriptionsAreWrittenInBraces() {
            let events: Events<Int> = [.next(200, 10), .next(240, 20)]
            #expect(events.marbles == "{10}{20}")
        }

        @Test func markerCharactersAsValuesAreWrittenInBraces() {
            let events: Events<String> = [.next(200, "|"), .next(240, "#"), .next(280, " ")]
            #expect(events.marbles == "{|}-{#}-{ }")
        }

        @Test func eventsOffTheGridShowTheirTimeOutOfBand() {
            // Without the bracket, the rest is the exact diagram of the other events.
            let events: Events<Int> = [.next(210, 1), .next(235, 2), .completed(300)]
            #expect(events.marbles == "-1-[235:2]-------|")
        }

        @Test func eventsBeforeTheFirstColumnShowTheirTime() {
            let events: Events<Int> = [.next(150, 1), .next(220, 2)]
            #expect(events.marbles == "[150:1]--2")
        }

        @Test func eventsInsideAnEarlierGroupShowTheirTime() {
            // The group takes columns 0 to 3, so the event at 210 (column 1) cannot sit there.
            let events: Events<String> = [.next(200, "a"), .next(200, "b"), .next(210, "c")]
            #expect(events.marbles == "(ab)[210:c]")
        }

        @Test func eventsOutOfTimeOrderShowTheirTime() {
            let events: Events<Int> = [.next(230, 1), .next(210, 2)]
            #expect(events.marbles == "---1[210:2]")
        }

        @Test func gridAndOriginCanBeChosen() {
            let relative: Events<Int> = [.next(0, 1), .next(5, 2), .completed(10)]
            #expect(relative.marbles(ticksPerCharacter: 5, subscribed: 0) == "12|")
            let coarse: Events<Int> = [.next(300, 1), .completed(500)]
            #expect(coarse.marbles(ticksPerCharacter: 100) == "-1-|")
        }

        @Test func valuesTableDrawsElementsByTheirKeys() {
            let events: Events<Int> = [.next(220, 10), .next(250, 20), .next(260, 30), .completed(310)]
            #expect(events.marbles(values: ["a": 10, "b": 20]) == "--a--b{30}-|")
        }

        @Test func valuesTableUsesTheFirstKeyAlphabeticallyForSharedValues() {
            let events: Events<Int> = [.next(200, 1)]
            #expect(events.marbles(values: ["z": 1, "b": 1, "m": 1]) == "b")
        }

        @Test func errorsTableDrawsErrorsByTheirKeys() {
            let events: Events<Int> = [.next(200, 1), .error(210, TestError(id: 2))]
            #expect(events.marbles(values: ["a": 1], errors: ["x": TestError(id: 1), "y": TestError(id: 2)]) == "ay")
            #expect(events.marbles(values: ["a": 1], errors: ["x": TestError(id: 1)]) == "a#")
        }

        @Test func observerEventsDrawDirectly() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events.marbles == "--1--2--|")
            #expect(observer.events.marbles(values: ["a": 1, "b": 2]) == "--a--b--|")
        }

        // MARK: Round trips

        @Test(arguments: ["--a--b--|", "a", "(ab)-c-(d|)", "-(ab)-#", "---a-b-c-d-e-f-g-h-i-j-k-|", "a-x-b", "(ax)"])
        func diagramsRoundTripThroughEvents(marbles: String) {
            let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10, "k": 11]
            let errors: [Character: Swift.Error] = ["x": TestError(id: 9)]
            let events = RippleTest.Recorded.events(marbles: marbles, values: values, errors: errors)
            #expect(events.marbles(values: values, errors: errors) == marbles)
        }

        @Test(arguments: [5, 10, 25])
        func roundTripsHoldOnAnyGrid(ticks: TestTime) {
            let values: [Character: Int] = ["a": 1, "b": 2]
            let events = RippleTest.Recorded.events(marbles: "-a-(ab)--b|", values: values, ticksPerCharacter: ticks, subscribed: 0)
            #expect(events.marbles(values: values, ticksPerCharacter: ticks, subscribed: 0) == "-a-(ab)--b|")
        }

        @Test func eventsRoundTripThroughDiagrams() {
            let events: Events<String> = [.next(200, "a"), .next(230, "b"), .next(230, "c"), .completed(290)]
            #expect(RippleTest.Recorded.events(marbles: events.marbles) == events)
        }

        @Test func renderedDiagramsAreOnTheGridOnlyWhenTheyReadBack() {
            let renderer = MarbleRenderer(subscribed: 200, ticksPerCharacter: 10)
            let onGrid: Events<Int> = [.next(210, 1), .completed(230)]
            let offGrid: Events<Int> = [.next(215, 1)]
            let braced: Events<Int> = [.next(210, 12)]
            #expect(renderer.render(onGrid, symbol: MarbleRenderer.defaultSymbol).isOnGrid)
            #expect(!renderer.render(offGrid, symbol: MarbleRenderer.defaultSymbol).isOnGrid)
            #expect(!renderer.render(braced, symbol: MarbleRenderer.defaultSymbol).isOnGrid)
        }
    }
}
