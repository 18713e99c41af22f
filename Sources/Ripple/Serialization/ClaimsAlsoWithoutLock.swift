/// The ``ClaimPolicy`` of a point where a call that decides nothing under the lock
/// (``PublishSubject``'s element, an upstream event of ``CombiningSink``, whose holder
/// decides, an inner element of `merge`, ``MergingSink/forwardSerialized(next:)``) takes
/// a free right without the lock, with one compare-and-swap.
enum ClaimsAlsoWithoutLock: ClaimPolicy {
    /// Always: see ``SerializationPoint/claimWithoutLock()``.
    @inline(__always)
    static var claimsWithoutLock: Bool { true }
}
