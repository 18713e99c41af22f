
/// Remembers whether a trait subscriber has had its one terminal result, so that a
/// misbehaving source cannot deliver a second.
final class StopFlag: Sendable {
    private let stopped = AtomicValue<Bool>(false)

    /// Returns `true` the first time it is called, `false` ever after.
    func stop() -> Bool {
        !stopped.exchange(true, ordering: .acquiringAndReleasing)
    }
}
