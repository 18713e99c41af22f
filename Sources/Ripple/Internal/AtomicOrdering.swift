/// The memory ordering of an operation on an ``AtomicValue`` or ``AtomicView``, spelt as
/// the Synchronization module spells it so that call sites read the same.
///
/// One type for loads, stores and updates: a load must not be `releasing` or
/// `acquiringAndReleasing`, nor a store `acquiring` or `acquiringAndReleasing` (such an
/// order is taken as `sequentiallyConsistent`, which is correct but slower). Every call
/// site passes a constant, so the optimiser folds the choice of C function away.
@usableFromInline
package enum AtomicOrdering: Sendable {
    /// No ordering beyond the atomicity of the operation itself.
    case relaxed
    /// Later accesses stay after this operation (for loads and updates).
    case acquiring
    /// Earlier accesses stay before this operation (for stores and updates).
    case releasing
    /// Both of the above (for updates).
    case acquiringAndReleasing
    /// Acquiring and releasing, and one total order over all such operations.
    case sequentiallyConsistent
}
