import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct EventTests {
        @Test func nextCarriesItsElement() {
            let event = Event<Int>.next(7)
            #expect(event.element == 7)
            #expect(event.error == nil)
            #expect(!event.isStopEvent)
            #expect(!event.isCompleted)
        }

        @Test func errorIsAStopEventWithItsError() {
            let event = Event<Int>.error(TestError(id: 3))
            #expect(event.element == nil)
            #expect(event.error as? TestError == TestError(id: 3))
            #expect(event.isStopEvent)
            #expect(!event.isCompleted)
        }

        @Test func completedIsAStopEvent() {
            let event = Event<Int>.completed
            #expect(event.element == nil)
            #expect(event.error == nil)
            #expect(event.isStopEvent)
            #expect(event.isCompleted)
        }

        @Test func mapTransformsOnlyElements() {
            #expect(Recorded(Event.next(2).map { $0 * 10 }) == .next(20))
            #expect(Recorded(Event<Int>.completed.map { $0 * 10 }) == .completed)
            #expect(Recorded(Event<Int>.error(TestError(id: 1)).map { $0 * 10 }) == .error(TestError(id: 1)))
        }

        @Test func mapTurnsAThrowIntoAnError() {
            let mapped: Event<Int> = Event.next(2).map { _ in throw TestError(id: 9) }
            #expect(Recorded(mapped) == .error(TestError(id: 9)))
        }

        @Test func debugDescriptionNamesTheCase() {
            #expect(Event.next(1).debugDescription == "next(1)")
            #expect(Event<Int>.completed.debugDescription == "completed")
            #expect(Event<Int>.error(TestError(id: 2)).debugDescription == "error(TestError(2))")
        }

        @Test func eventIsItsOwnEventConvertible() {
            #expect(Recorded(Event.next(5).event) == .next(5))
        }
    }
}
