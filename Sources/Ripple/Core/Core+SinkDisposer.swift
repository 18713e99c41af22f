
/// The disposable that ``Producer/subscribe(_:)`` returns: it owns a subscription's
/// sink and the work the sequence started, and disposes both exactly once.
///
/// Disposal can arrive before `run` has returned the sink and subscription (a
/// synchronous source that completes during `run`, or a dispose racing from another
/// thread). Two atomic flags settle the order: whichever of `dispose()` and
/// `setSinkAndSubscription` comes second does the disposing.
// `@unchecked Sendable`: `sink` and `subscription` are written once before the
// `sinkAndSubscriptionSet` flag is published and taken only by the one caller that sees
// both flags, all through the atomic `state` (see below).
final class SinkDisposer: Cancelable, @unchecked Sendable {
    private struct Flags {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    /// The word of ``state``, reached only through it; first, so that ``state`` finds it
    /// (see ``AtomicView/init(firstStoredPropertyOf:)``) without an allocation.
    private var stateWord = 0
    // Written once by `setSinkAndSubscription` before it publishes the
    // `sinkAndSubscriptionSet` flag; read and cleared only by the one caller that sees
    // both flags. The atomic `bitwiseOr` (acquiring and releasing) orders those accesses,
    // so the runtime's exclusivity checks (about 80 instructions a call) prove nothing
    // here and are skipped.
    @exclusivity(unchecked) private var sink = DisposableSlot()
    @exclusivity(unchecked) private var subscription = DisposableSlot()

    /// The subscription's flags (`Flags`), at ``stateWord``, whose address is fixed while
    /// the disposer lives.
    @inline(__always)
    private var state: AtomicView<Int> {
        AtomicView(firstStoredPropertyOf: self)
    }

    init() {
        assert(AtomicView<Int>.isFirstStoredProperty(&stateWord, of: self), "SinkDisposer.stateWord must come first")
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

    // `consuming`: `Producer.subscribe` hands over the pair `run` returned, so both move
    // into the fields instead of being copied in and destroyed by the caller (each copy
    // or destroy of a `Disposable` goes through its type's value witnesses).
    func setSinkAndSubscription(sink: consuming Disposable, subscription: consuming Disposable) {
        // Named before the move: once the flag below is published, another thread may
        // take the sink out.
        let sinkName = journeyTracingIsOn ? typeName(copy sink) : ""
        self.sink.fill(with: sink)
        self.subscription.fill(with: subscription)
        let previous = state.bitwiseOr(Flags.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Flags.sinkAndSubscriptionSet == 0, "Sink and subscription were already set")
        if journeyTracingIsOn {
            let already = previous & Flags.disposed != 0
            JourneyTrace.step("SinkDisposer", "setSinkAndSubscription", already
                ? "run returned, but the subscription already ended during run: disposes \(sinkName) and its subscription at once"
                : "run returned; the disposer now owns \(sinkName) and its subscription")
        }
        if previous & Flags.disposed != 0 {
            disposeSinkAndSubscription()
        }
    }

    func dispose() {
        if markDisposed() {
            disposeSinkAndSubscription()
        }
    }

    /// Marks this disposer disposed; `true` when the caller is to dispose the sink and
    /// the subscription (the first disposal, once they are set). Inlined: it is all of
    /// `dispose()` but the call that follows.
    @inline(__always)
    private func markDisposed() -> Bool {
        let previous = state.bitwiseOr(Flags.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Flags.disposed != 0 {
            return false
        }
        if journeyTracingIsOn {
            JourneyTrace.step("SinkDisposer", "dispose", "disposes the sink (no more events) and the subscription (cancels the work)")
        }
        return previous & Flags.sinkAndSubscriptionSet != 0
    }

    /// Disposes the sink, then the subscription; when the subscription is the disposer
    /// of the operator upstream (as it is along a chain of operators), disposes that one
    /// here too, and so on up the chain, in a loop: disposing a chain of any length
    /// then takes no more stack than disposing one operator, in the same order.
    private func disposeSinkAndSubscription() {
        var disposer = self
        while true {
            // Moved out, so that the references (the sink refers back to this disposer)
            // are released once both are disposed.
            let sink = disposer.sink.take()
            let subscription = disposer.subscription.take()
            sink.dispose()
            guard let upstream = sinkDisposer(subscription) else {
                subscription.dispose()
                return
            }
            guard upstream.markDisposed() else {
                return
            }
            disposer = upstream
        }
    }

    deinit {
        #if DEBUG
        Resources.untrack(Self.self)
        #endif
    }
}

/// `disposable` as a ``SinkDisposer``, or `nil`. A comparison of types rather than `as?`,
/// which costs a dynamic cast from an existential on every disposal; the class is final,
/// so the two agree.
@inline(__always)
private func sinkDisposer<Candidate: Disposable>(_ disposable: Candidate) -> SinkDisposer? {
    guard Candidate.self == SinkDisposer.self else {
        return nil
    }
    return withUnsafePointer(to: disposable) { UnsafeRawPointer($0).load(as: SinkDisposer.self) }
}
