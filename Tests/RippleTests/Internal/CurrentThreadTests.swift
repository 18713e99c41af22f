import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    /// The core asks the C library what Foundation's `Thread` would answer
    /// (`isMainThread`, `callStackSymbols`); Foundation's answers are the reference.
    @Suite struct CurrentThreadTests {
        @Test func isMainAgreesWithFoundationOnTheTestsThread() {
            #expect(CurrentThread.isMain == Thread.isMainThread)
        }

        @Test func isMainIsFalseOnAThreadOfItsOwn() async {
            let answers: [Bool] = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(returning: [CurrentThread.isMain, Thread.isMainThread])
                }
            }
            #expect(answers == [false, false])
        }

        @Test func callStackSymbolsNameTheBinaryOfEachFrame() {
            let frames = CurrentThread.callStackSymbols()
            #expect(frames.count > 2)
            #expect(frames.allSatisfy { !$0.isEmpty })
            #expect(frames.contains { $0.contains("RipplePackageTests") })
        }

        @Test func theDefaultCaptureRecordsTheStackInDebugBuildsOnly() {
            let stack = Hooks.customCaptureSubscriptionCallstack()
            #if DEBUG
            #expect(stack.contains { $0.contains("RipplePackageTests") })
            #else
            #expect(stack.isEmpty)
            #endif
        }
    }
}
