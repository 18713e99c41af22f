import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SinkDisposerTests {
        @Test func disposesSinkAndSubscriptionOnce() {
            let sink = BooleanDisposable(), subscription = BooleanDisposable()
            let disposer = SinkDisposer()
            disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
            #expect(!disposer.isDisposed && !sink.isDisposed && !subscription.isDisposed)
            disposer.dispose()
            #expect(disposer.isDisposed && sink.isDisposed && subscription.isDisposed)
        }

        @Test func aDisposeBeforeSetDisposesBothWhenTheyArrive() {
            let sink = BooleanDisposable(), subscription = BooleanDisposable()
            let disposer = SinkDisposer()
            disposer.dispose()
            #expect(disposer.isDisposed)
            disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
            #expect(sink.isDisposed && subscription.isDisposed)
        }

        @Test func disposesTheSinkBeforeTheSubscription() {
            var order: [String] = []
            let disposer = SinkDisposer()
            disposer.setSinkAndSubscription(
                sink: Disposables.create { order.append("sink") },
                subscription: Disposables.create { order.append("subscription") }
            )
            disposer.dispose()
            disposer.dispose()
            #expect(order == ["sink", "subscription"])
        }
    }
}
