import Synchronization

/// The disposable that ``Producer/subscribe(_:)`` returns: it owns a subscription's
/// sink and the work the sequence started, and disposes both exactly once.
///
/// Disposal can arrive before `run` has returned the sink and subscription (a
/// synchronous source that completes during `run`, or a dispose racing from another
/// thread). Two atomic flags settle the order: whichever of `dispose()` and
/// `setSinkAndSubscription` comes second does the disposing.
final class SinkDisposer: Cancelable {
    private struct Flags {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    private let state = Atomic<Int>(0)
    // Written once by `setSinkAndSubscription` before it publishes the
    // `sinkAndSubscriptionSet` flag; read and cleared only by the one caller that sees
    // both flags. The atomic `bitwiseOr` (acquiring and releasing) orders those accesses,
    // so the runtime's exclusivity checks (about 80 instructions a call) prove nothing
    // here and are skipped.
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?

    init() {
        #if DEBUG
        Resources.track(Self.self)
        #endif
        if journeyTracingIsOn {
            JourneyTrace.step("SinkDisposer", "init", "will hold the sink and the subscription, so one dispose() ends both")
        }
    }

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Flags.disposed != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Flags.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Flags.sinkAndSubscriptionSet == 0, "Sink and subscription were already set")
        if journeyTracingIsOn {
            let already = previous & Flags.disposed != 0
            JourneyTrace.step("SinkDisposer", "setSinkAndSubscription", already
                ? "run returned, but the subscription already ended during run: disposes \(typeName(sink)) and its subscription at once"
                : "run returned; the disposer now owns \(typeName(sink)) and its subscription")
        }
        if previous & Flags.disposed != 0 {
            disposeSinkAndSubscription()
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Flags.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Flags.disposed != 0 {
            return
        }
        if journeyTracingIsOn {
            JourneyTrace.step("SinkDisposer", "dispose", "disposes the sink (no more events) and the subscription (cancels the work)")
        }
        if previous & Flags.sinkAndSubscriptionSet != 0 {
            disposeSinkAndSubscription()
        }
    }

    private func disposeSinkAndSubscription() {
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        sink?.dispose()
        subscription?.dispose()
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}
