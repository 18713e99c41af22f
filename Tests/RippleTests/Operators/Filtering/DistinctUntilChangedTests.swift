import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DistinctUntilChangedTests {
        @Test func dropsEqualNeighbours() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2),
                .next(250, 1), .next(260, 3), .completed(270),
            ])
            let observer = scheduler.start { source.distinctUntilChanged() }
            #expect(observer.events == [.next(210, 1), .next(230, 2), .next(250, 1), .next(260, 3), .completed(270)])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func theFirstElementAlwaysPasses() {
            let events = Observable.of(5, 5, 5).distinctUntilChanged().recordSynchronously()
            #expect(events == [.next(5), .completed])
        }

        @Test func anErrorPassesThrough() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, TestError(id: 1))])
            let observer = scheduler.start { source.distinctUntilChanged() }
            #expect(observer.events == [.next(210, 1), .error(230, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingMidwayStopsEverything() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
            let observer = scheduler.start(disposed: 230) { source.distinctUntilChanged() }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let observer = scheduler.start { source.distinctUntilChanged() }
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func comparesTheKeysFromTheKeySelector() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 11), .next(220, 15), .next(230, 21), .next(240, 31), .next(250, 39), .completed(260),
            ])
            let observer = scheduler.start { source.distinctUntilChanged { $0 / 10 } }
            #expect(observer.events == [.next(210, 11), .next(230, 21), .next(240, 31), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func aThrowingKeySelectorEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            let observer = scheduler.start {
                source.distinctUntilChanged { (element: Int) -> Int in
                    if element == 2 {
                        throw TestError(id: 2)
                    }
                    return element
                }
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func comparesWithTheLastElementThatPassed() {
            // 2 is close to 1 and dropped; 4 is then compared with 1, not with 2.
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 4), .next(240, 5), .next(250, 9), .completed(260),
            ])
            let observer = scheduler.start { source.distinctUntilChanged { abs($0 - $1) < 3 } }
            #expect(observer.events == [.next(210, 1), .next(230, 4), .next(250, 9), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 260)])
        }

        @Test func theComparerReceivesThePreviousElementFirst() {
            var pairs: [String] = []
            let events = Observable.of(1, 2, 3).distinctUntilChanged { previous, next in
                pairs.append("\(previous)->\(next)")
                return false
            }.recordSynchronously()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
            #expect(pairs == ["1->2", "2->3"])
        }

        @Test func aThrowingComparerEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            let observer = scheduler.start {
                source.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError(id: 3) }
            }
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func keySelectorAndComparerWorkTogether() {
            let events = Observable.of("a", "A", "b", "B", "a")
                .distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
                .recordSynchronously()
            #expect(events == [.next("a"), .next("b"), .next("a"), .completed])
        }

        @Test func aKeyPathComparesThatProperty() {
            let items = [Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "c"), Item(id: 2, name: "d")]
            let events = Observable.from(items).distinctUntilChanged(at: \.id).recordSynchronously()
            #expect(events == [.next(items[0]), .next(items[2]), .completed])
        }

        @Test func aKeyPathReadsThePropertyOfTheKeptElementAgain() {
            // As in RxSwift, the last element that passed is kept, not its property:
            // an object mutated in between compares with its own new value.
            let shared = Counted(value: 1)
            var values: [Int] = []
            var completed = false
            _ = Observable<Counted>.create { observer in
                observer.onNext(shared)
                shared.value = 2
                observer.onNext(shared)
                observer.onNext(Counted(value: 3))
                observer.onCompleted()
                return Disposables.create()
            }
            .distinctUntilChanged(at: \.value)
            .subscribe(onNext: { values.append($0.value) }, onCompleted: { completed = true })
            #expect(values == [1, 3])
            #expect(completed)
        }
    }
}

private struct Item: Equatable {
    let id: Int
    let name: String
}

private final class Counted {
    var value: Int
    init(value: Int) { self.value = value }
}
