import CRippleAtomics

/// The process-wide atomics, each a word of CRippleAtomics' `ripple_global_words`:
/// statically zero (`false`, `0`), at a fixed address, so reading one costs no lazy
/// initialisation check, as a global ``AtomicValue`` (which allocates) would.
package enum GlobalAtomicWord: Int32 {
    /// Whether a journey trace runs (`journeyTracingIsOn`), read by every subscription.
    case journeyTracing
    /// `Hooks.recordCallStackOnError`.
    case recordsCallStack
    /// The live `observe(on:)` observables on serial dispatch queues.
    case liveSerialDispatchQueueObservables
    /// Whether `RIPPLE_PLAIN_PATHS` was in the environment when the library loaded
    /// (`fastPathsAreOn`); set before any Swift code runs, never changed. Its index is
    /// `RIPPLE_PLAIN_PATHS_WORD`, where the C side sets it.
    case plainPaths
    /// The class of the last inner sequence `merge` found to be a loop producer, as
    /// the bits of its metadata pointer (`FastPaths/InnerLoop.swift`).
    case lastLoopProducerClass
    /// The class of the last inner sequence `merge` found not to be one.
    case lastOtherClass

    /// The atomic view of the word.
    @inline(__always)
    package func view<Value: AtomicWord>() -> AtomicView<Value> {
        AtomicView(ripple_global_word(rawValue))
    }
}
