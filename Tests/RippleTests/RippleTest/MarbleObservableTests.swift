import Testing
import Ripple
import RippleTest

extension RippleTests {
    /// Hot and cold test observables scripted with marble diagrams, driven by
    /// `TestScheduler.start`.
    @Suite struct MarbleObservableTests {
        @Test func hotDiagramStartsAtTheSubscriptionByDefault() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
            #expect(source.recordedEvents == [.next(220, 1), .next(250, 2), .completed(280)])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(220, 1), .next(250, 2), .completed(280)])
            #expect(source.subscriptions == [Subscription(200, 280)])
        }

        @Test func hotEventsBeforeTheCaretAreMissedBySubscribersAtIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("-a-^-b-(cd)-|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(220, 2), .next(240, 3), .next(240, 4), .completed(290)])
            #expect(observer.events.marbles == "--2-(34)-|")
        }

        @Test func hotCaretFollowsTheSubscribedArgument() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("a-^-b|", values: ["a": 1, "b": 2], ticksPerCharacter: 5, subscribed: 500)
            #expect(source.recordedEvents == [.next(490, 1), .next(510, 2), .completed(515)])
            let observer = scheduler.start(created: 400, subscribed: 495, disposed: 1000) { source.asObservable() }
            #expect(observer.events.marbles(ticksPerCharacter: 5, subscribed: 500) == "--2|")
        }

        @Test func hotStringDiagramSendsTheCharacters() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("^-a-b-|")
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(220, "a"), .next(240, "b"), .completed(260)])
        }

        @Test func hotErrorsComeFromTheTableOrAreMarbleErrors() {
            let scheduler = TestScheduler(initialClock: 0)
            let table = scheduler.createHotObservable("-a-x", values: ["a": 1], errors: ["x": TestError(id: 4)])
            let plain = scheduler.createHotObservable("-#", values: [Character: Int]())
            let first = scheduler.start { table.asObservable() }
            #expect(first.events == [.next(210, 1), .error(230, TestError(id: 4))])
            #expect(plain.recordedEvents == [.error(210, MarbleError())])
        }

        @Test func coldDiagramIsRelativeToEachSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable("-a--b|", values: ["a": 1, "b": 2])
            let later = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(300) { source.subscribe(later).disposed(by: bag) }
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
            #expect(later.events == [.next(310, 1), .next(340, 2), .completed(350)])
            #expect(source.subscriptions == [Subscription(200, 250), Subscription(300)])
        }

        @Test func coldStringDiagramWithGroupsAndErrors() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable("a-(bc)-#", errors: ["#": TestError(id: 1)])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == [.next(200, "a"), .next(220, "b"), .next(220, "c"), .error(270, TestError(id: 1))])
        }

        @Test func coldColumnWidthIsConfigurable() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable("-a|", values: ["a": 1], ticksPerCharacter: 1)
            #expect(source.recordedEvents == [.next(1, 1), .completed(2)])
        }

        @Test func expectedEventsReadFromADiagram() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable("-a-b-|", values: ["a": 1, "b": 2])
            let observer = scheduler.start { source.asObservable() }
            #expect(observer.events == RippleTest.Recorded.events(marbles: "-a-b-|", values: ["a": 1, "b": 2]))
            #expect(source.recordedEvents == RippleTest.Recorded.events(marbles: "-a-b-|", values: ["a": 1, "b": 2], subscribed: 0))
        }
    }
}
