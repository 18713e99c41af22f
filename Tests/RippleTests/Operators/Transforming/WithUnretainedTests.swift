import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct WithUnretainedTests {
        final class Owner {
            let name: String
            init(name: String) { self.name = name }
        }

        @Test func pairsEachElementWithTheObject() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])
            let owner = Owner(name: "o")
            let observer = scheduler.start {
                source.withUnretained(owner).map { pair in "\(pair.0.name)\(pair.1)" }
            }
            #expect(observer.events == [.next(210, "o1"), .next(220, "o2"), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func resultSelectorCombinesTheObjectAndTheElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let owner = Owner(name: "o")
            let observer = scheduler.start {
                source.withUnretained(owner) { object, element in "\(object.name)-\(element * 10)" }
            }
            #expect(observer.events == [.next(210, "o-10"), .next(220, "o-20"), .completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func completesAtTheFirstElementAfterTheObjectIsGone() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4), .completed(300),
            ])
            var owner: Owner? = Owner(name: "o")
            weak var watched: Owner?
            watched = owner
            scheduler.scheduleAt(230) { owner = nil }
            let observer = scheduler.start {
                source.withUnretained(owner!) { object, element in "\(object.name)\(element)" }
            }
            #expect(watched == nil)
            #expect(observer.events == [.next(210, "o1"), .next(220, "o2"), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func anObjectGoneBeforeSubscriptionCompletesOnlyWhenAnElementArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .next(260, 1), .next(270, 2), .completed(300)])
            var owner: Owner? = Owner(name: "o")
            let created = source.withUnretained(owner!).map { $0.1 }
            owner = nil
            let observer = scheduler.start { created }
            #expect(observer.events == [.completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aSourceThatEndsBeforeAnyElementEndsNormallyEvenWithoutTheObject() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .error(300, TestError())])
            var owner: Owner? = Owner(name: "o")
            let created = source.withUnretained(owner!)
            owner = nil
            let observer = scheduler.start { created.map { $0.1 } }
            #expect(observer.events == [.error(300, TestError())])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(id: 4))])
            let owner = Owner(name: "o")
            let observer = scheduler.start { source.withUnretained(owner) { $1 } }
            #expect(observer.events == [.next(210, 1), .error(250, TestError(id: 4))])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let owner = Owner(name: "o")
            let observer = scheduler.start(disposed: 225) { source.withUnretained(owner) { $1 } }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0), .completed(300)])
            let owner = Owner(name: "o")
            let observer = scheduler.start { source.withUnretained(owner) { $1 } }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func neitherTheSequenceNorItsSubscriptionKeepTheObjectAlive() {
            var owner: Owner? = Owner(name: "o")
            weak var watched: Owner?
            watched = owner
            let sequence = Observable<Int>.never().withUnretained(owner!)
            let subscription = sequence.subscribe(onNext: { _ in })
            owner = nil
            #expect(watched == nil)
            subscription.dispose()
        }
    }
}
