import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    /// The switch of FastPaths/FastPaths.swift follows the environment, in both of CI's
    /// runs: so the run with `RIPPLE_PLAIN_PATHS` really takes the plain paths.
    @Suite struct FastPathSwitchTests {
        @Test func theSwitchFollowsTheEnvironment() {
            let plain = ProcessInfo.processInfo.environment["RIPPLE_PLAIN_PATHS"] != nil
            #expect(fastPathsAreOn == !plain)
        }

        @Test func withTheSwitchOffAChainOfMapsIsNotFusedAndRangeDoesNotLoop() {
            var chain = Observable.range(start: 0, count: 3)
            for _ in 0..<3 {
                chain = chain.map { $0 + 1 }
            }
            #expect((chain is FusedProducer<Int, Int>) == fastPathsAreOn)
            #expect((Observable.range(start: 0, count: 3).asLoopProducer() != nil) == fastPathsAreOn)
            var received: [Int] = []
            _ = chain.subscribe(onNext: { received.append($0) })
            #expect(received == [3, 4, 5])
        }
    }
}
