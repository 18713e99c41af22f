import Foundation
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct DecodeTests {
        struct Fruit: Codable, Equatable {
            let name: String
            let ripe: Bool?
        }

        /// Decodes by reading the data as UTF-8 text and treating it as a name.
        struct NameDecoder: DataDecoder {
            func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
                guard let name = String(data: data, encoding: .utf8), !name.isEmpty else {
                    throw TestError(id: 7)
                }
                guard let item = Fruit(name: name, ripe: nil) as? Item else {
                    throw TestError(id: 8)
                }
                return item
            }
        }

        static func json(_ text: String) -> Data {
            Data(text.utf8)
        }

        @Test func decodesEachElementWithJSONDecoder() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, Self.json(#"{"name": "pear", "ripe": true}"#)),
                .next(220, Self.json(#"{"name": "fig"}"#)),
                .completed(300),
            ])
            let observer = scheduler.start { source.decode(type: Fruit.self, decoder: JSONDecoder()) }
            #expect(observer.events == [
                .next(210, Fruit(name: "pear", ripe: true)), .next(220, Fruit(name: "fig", ripe: nil)), .completed(300),
            ])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func decodesWithPropertyListDecoder() throws {
            let data = try PropertyListEncoder().encode([Fruit(name: "plum", ripe: false)])
            let events = Observable.just(data).decode(type: [Fruit].self, decoder: PropertyListDecoder()).recordSynchronously()
            #expect(events == [.next([Fruit(name: "plum", ripe: false)]), .completed])
        }

        @Test func decodesWithACustomDecoder() {
            let events = Observable.of(Self.json("kiwi")).decode(type: Fruit.self, decoder: NameDecoder()).recordSynchronously()
            #expect(events == [.next(Fruit(name: "kiwi", ripe: nil)), .completed])
        }

        @Test func aDecodingFailureEndsWithTheDecodersErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, Self.json(#"{"name": "pear"}"#)),
                .next(220, Self.json(#"{"nom": "#)),
                .next(230, Self.json(#"{"name": "fig"}"#)),
                .completed(300),
            ])
            let observer = scheduler.start { source.decode(type: Fruit.self, decoder: JSONDecoder()) }
            let events = observer.events
            #expect(events.count == 2)
            #expect(events.first == .next(210, Fruit(name: "pear", ripe: nil)))
            #expect(events.last?.time == 220)
            #expect(events.last?.value.error is DecodingError)
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aCustomDecodersErrorIsForwardedAsIs() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, Self.json("fig")), .next(220, Data()), .completed(300)])
            let observer = scheduler.start { source.decode(type: Fruit.self, decoder: NameDecoder()) }
            #expect(observer.events == [.next(210, Fruit(name: "fig", ripe: nil)), .error(220, TestError(id: 7))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func forwardsTheSourceError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, Self.json("fig")), .error(250, TestError())])
            let observer = scheduler.start { source.decode(type: Fruit.self, decoder: NameDecoder()) }
            #expect(observer.events == [.next(210, Fruit(name: "fig", ripe: nil)), .error(250, TestError())])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidwayStopsElementsAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, Self.json("fig")), .next(230, Self.json("kiwi")), .completed(300)])
            let observer = scheduler.start(disposed: 220) { source.decode(type: Fruit.self, decoder: NameDecoder()) }
            #expect(observer.events == [.next(210, Fruit(name: "fig", ripe: nil))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func anEmptySourceJustCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.completed(300, Data.self)])
            let observer = scheduler.start { source.decode(type: Fruit.self, decoder: JSONDecoder()) }
            #expect(observer.events == [.completed(300)])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }
    }
}
