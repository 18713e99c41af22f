import Testing
@testable import Ripple

extension Trait where Self == ConditionTrait {
    /// For a test that checks that a fast path is taken (FastPaths/FastPaths.swift): off
    /// in the run with `RIPPLE_PLAIN_PATHS` set, where every other test checks that the
    /// plain paths meet the same expectations.
    static var takesAFastPath: Self {
        .enabled(if: fastPathsAreOn, "checks that a fast path is taken, and RIPPLE_PLAIN_PATHS turned them off")
    }
}
