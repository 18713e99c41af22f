import Testing
@testable import Ripple

/// The sink contract: an element observer implements `on(next:)`, `on(error:)` and
/// `onCompletion()`; `on(_:)` is given once and hands each event to its road; and a
/// `ForwardingSink` forwards the terminal event, then disposes.
extension RippleTests {
    @Suite struct ForwardingSinkTests {
        /// Records which road each call took; takes no `on(_:)` of its own.
        final class ThreeRoads: ElementObserver {
            var received: [String] = []

            func on(next element: Int) {
                received.append("next \(element)")
            }

            func on(error: Swift.Error) {
                received.append("error \(error)")
            }

            func onCompletion() {
                received.append("completed")
            }
        }

        /// A sink with only `on(next:)`: its terminal events come from `ForwardingSink`.
        final class Doubling: ForwardingSink<ThreeRoads>, ElementObserver {
            func on(next element: Int) {
                forwardOn(next: element * 2)
            }
        }

        @Test func anEventGoesToItsRoad() {
            let observer = ThreeRoads()
            observer.on(.next(1))
            observer.on(.completed)
            let failing = ThreeRoads()
            failing.on(.error(TestError(id: 1)))
            #expect(observer.received == ["next 1", "completed"])
            #expect(failing.received == ["error TestError(1)"])
        }

        @Test func theCompletionIsForwardedThenTheSinkDisposed() {
            let observer = ThreeRoads()
            let cancel = SinkDisposer()
            let sink = Doubling(observer: observer, cancel: cancel)
            sink.on(.next(1))
            sink.onCompletion()
            sink.on(next: 2)
            sink.on(error: TestError(id: 2))
            #expect(observer.received == ["next 2", "completed"])
            #expect(sink.isDisposed)
            #expect(cancel.isDisposed)
        }

        @Test func theErrorIsForwardedThenTheSinkDisposed() {
            let observer = ThreeRoads()
            let cancel = SinkDisposer()
            let sink = Doubling(observer: observer, cancel: cancel)
            sink.on(.error(TestError(id: 3)))
            sink.on(.completed)
            #expect(observer.received == ["error TestError(3)"])
            #expect(cancel.isDisposed)
        }

        @Test func anOperatorBuiltOnItEndsOnce() {
            var received: [String] = []
            _ = Observable<Int>.error(TestError(id: 4)).map { $0 + 1 }.filter { $0 > 0 }.subscribe(
                onNext: { received.append("next \($0)") },
                onError: { received.append("error \($0)") },
                onCompleted: { received.append("completed") },
                onDisposed: { received.append("disposed") }
            )
            #expect(received == ["error TestError(4)", "disposed"])
        }
    }
}
