import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// The watchdog itself: a stuck round is reported instead of hanging the test.
    @Suite struct WatchdogStressTests {
        @Test func aStuckRoundIsReportedAndTheRestAbandoned() {
            let release = DispatchSemaphore(value: 0)
            let started = Counter()
            var reports: [String] = []
            Watchdog.run(rounds: 10, timeout: .milliseconds(50), onTimeout: { reports.append($0) }) { round in
                started.increment()
                if round == 2 {
                    _ = release.wait(timeout: .now() + 5)
                }
            }
            #expect(reports.count == 1)
            #expect(reports.first?.hasPrefix("Watchdog: round 2 of 10 did not finish within") == true)
            release.signal()
            // The worker notices it was abandoned and runs no further round.
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(50))
            #expect(started.value == 3)
        }

        @Test func roundsThatFinishInTimeReportNothing() {
            let ran = Counter()
            var reports: [String] = []
            Watchdog.run(rounds: 100, onTimeout: { reports.append($0) }) { _ in
                Watchdog.concurrently({ ran.increment() }, { ran.increment() })
            }
            #expect(reports.isEmpty)
            #expect(ran.value == 200)
        }
    }
}
