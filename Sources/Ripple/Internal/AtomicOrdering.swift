import CRippleAtomics

/// The memory ordering of an operation on an ``AtomicValue`` or ``AtomicView``, spelt as
/// the Synchronization module spells it so that call sites read the same.
///
/// One type for loads, stores and updates: a load must not be `releasing` or
/// `acquiringAndReleasing`, nor a store `acquiring` or `acquiringAndReleasing` (clang
/// treats such an order as sequentially consistent, which is correct but slower).
@usableFromInline
package struct AtomicOrdering: Sendable {
    @usableFromInline
    let order: ripple_order

    @inlinable
    init(_ order: ripple_order) {
        self.order = order
    }

    /// No ordering beyond the atomicity of the operation itself.
    @inlinable package static var relaxed: AtomicOrdering { AtomicOrdering(ripple_relaxed) }
    /// Later accesses stay after this operation (for loads and updates).
    @inlinable package static var acquiring: AtomicOrdering { AtomicOrdering(ripple_acquire) }
    /// Earlier accesses stay before this operation (for stores and updates).
    @inlinable package static var releasing: AtomicOrdering { AtomicOrdering(ripple_release) }
    /// Both of the above (for updates).
    @inlinable package static var acquiringAndReleasing: AtomicOrdering { AtomicOrdering(ripple_acq_rel) }
    /// Acquiring and releasing, and one total order over all such operations.
    @inlinable package static var sequentiallyConsistent: AtomicOrdering { AtomicOrdering(ripple_seq_cst) }
}
