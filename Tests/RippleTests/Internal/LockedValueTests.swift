import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// `LockedValue` (RippleBusNATS's state, and the test helpers the Thread Sanitizer
    /// checks): one thread at a time inside, and `withLockIfAvailable` never waits.
    @Suite struct LockedValueTests {
        @Test func concurrentIncrementsUnderTheLockAreNeverLost() {
            let counter = LockedValue(0)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10_000 {
                    counter.withLock { $0 += 1 }
                }
            }
            #expect(counter.withLock { $0 } == 80_000)
        }

        @Test func withLockIfAvailableRunsWhenFreeAndReturnsNilWhileHeld() {
            let state = LockedValue([String]())
            let free = state.withLockIfAvailable { value -> Int in
                value.append("free")
                return value.count
            }
            #expect(free == 1)
            let whileHeld: Int?? = state.withLock { _ in
                // Another thread tries while this one holds the lock.
                let attempt = LockedValue<Int??>(nil)
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    let outcome = state.withLockIfAvailable { value -> Int in
                        value.append("should not run")
                        return value.count
                    }
                    attempt.withLock { $0 = .some(outcome) }
                    done.signal()
                }
                done.wait()
                return attempt.withLock { $0 }
            }
            #expect(whileHeld == .some(nil))
            #expect(state.withLock { $0 } == ["free"])
        }

        @Test func aTypedErrorThrownInsideLeavesTheLockFree() {
            struct Refused: Error {}
            let state = LockedValue(1)
            #expect(throws: Refused.self) {
                try state.withLock { (value: inout Int) throws(Refused) in
                    value = 2
                    throw Refused()
                }
            }
            #expect(state.withLockIfAvailable { $0 } == 2)
        }
    }
}
