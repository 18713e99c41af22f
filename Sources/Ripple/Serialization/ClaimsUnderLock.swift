/// The ``ClaimPolicy`` of a point whose every claim is made with its owner's lock held:
/// the calls decide under the lock, so a claim made without it could overtake an action
/// decided earlier and not yet queued.
enum ClaimsUnderLock: ClaimPolicy {
    /// Never: every claim holds the lock.
    @inline(__always)
    static var claimsWithoutLock: Bool { false }
}
