/// How the right to act at a ``SerializationPoint`` may be claimed, fixed by the point's
/// type so that the choice costs nothing at run time where the policy is known.
///
/// A point either takes every claim with its owner's lock held (``ClaimsUnderLock``),
/// or also lets a call take the right without the lock
/// (``ClaimsAlsoWithoutLock``, ``SerializationPoint/claimWithoutLock()``). The second
/// makes every claim a compare-and-swap and every release clear the holder first; the
/// first keeps the cheaper load-and-store claim.
protocol ClaimPolicy {
    /// Whether some calls claim the right without the lock.
    static var claimsWithoutLock: Bool { get }
}
