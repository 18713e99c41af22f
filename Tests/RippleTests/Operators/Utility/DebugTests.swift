import Testing
@testable import Ripple

/// Collects the lines `debug` writes, from whichever thread writes them.
private final class CapturedLines: Sendable {
    private let lines = Guarded<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] {
        lines.withLock { $0 }
    }

    /// Each line without its leading `timestamp: `.
    var messages: [String] {
        all.map { line in
            guard let separator = line.firstRange(of: ": ") else { return line }
            return String(line[separator.upperBound...])
        }
    }
}

/// Runs `body` while capturing everything `debug` writes.
private func capturingDebugOutput(_ body: () -> Void) -> CapturedLines {
    let captured = CapturedLines()
    DebugOutput.capturing({ captured.append($0) }, body)
    return captured
}

extension RippleTests {
    @Suite struct DebugTests {
        @Test func logsSubscriptionEventsAndDisposalInOrder() {
            let recorder = EventRecorder<Int>()
            let captured = capturingDebugOutput {
                Observable.just(1).debug("numbers").subscribe(recorder).dispose()
            }
            #expect(captured.messages == [
                "numbers -> subscribed",
                "numbers -> Event next(1)",
                "numbers -> Event completed",
                "numbers -> isDisposed",
            ])
            #expect(recorder.events == [.next(1), .completed])
        }

        @Test func everyLineStartsWithATimestamp() throws {
            let captured = capturingDebugOutput {
                Observable.just(1).debug("stamp").subscribe { _ in }.dispose()
            }
            let timestamp = try Regex(#"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}"#)
            #expect(captured.all.count == 4)
            for line in captured.all {
                guard let separator = line.firstRange(of: ": stamp -> ") else {
                    Issue.record("Line without identifier: \(line)")
                    continue
                }
                let stamp = line[..<separator.lowerBound]
                #expect(stamp.wholeMatch(of: timestamp) != nil, "Not a timestamp: \(stamp)")
            }
        }

        @Test func passesEventsThroughUnchanged() {
            let recorder = EventRecorder<Int>()
            let captured = capturingDebugOutput {
                Observable.of(1, 2, 3).debug("pass").subscribe(recorder).dispose()
            }
            #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
            #expect(captured.messages == [
                "pass -> subscribed",
                "pass -> Event next(1)",
                "pass -> Event next(2)",
                "pass -> Event next(3)",
                "pass -> Event completed",
                "pass -> isDisposed",
            ])
        }

        @Test func logsAnErrorThenDisposal() {
            let recorder = EventRecorder<Int>()
            let captured = capturingDebugOutput {
                Observable<Int>.error(TestError(id: 6)).debug("failing").subscribe(recorder).dispose()
            }
            #expect(recorder.events == [.error(TestError(id: 6))])
            #expect(captured.messages == [
                "failing -> subscribed",
                "failing -> Event error(TestError(6))",
                "failing -> isDisposed",
            ])
        }

        @Test func logsAnExplicitDisposalOnce() {
            let recorder = EventRecorder<Int>()
            let captured = capturingDebugOutput {
                let subscription = Observable<Int>.never().debug("silent").subscribe(recorder)
                subscription.dispose()
                subscription.dispose()
            }
            #expect(recorder.events == [])
            #expect(captured.messages == ["silent -> subscribed", "silent -> isDisposed"])
        }

        @Test func logsEachSubscriptionSeparately() {
            let captured = capturingDebugOutput {
                let source = Observable.just("x").debug("twice")
                source.subscribe { _ in }.dispose()
                source.subscribe { _ in }.dispose()
            }
            let once = ["twice -> subscribed", "twice -> Event next(x)", "twice -> Event completed", "twice -> isDisposed"]
            #expect(captured.messages == once + once)
        }

        @Test func trimOutputShortensLongDescriptions() {
            let long = String(repeating: "a", count: 60)
            let recorder = EventRecorder<String>()
            let captured = capturingDebugOutput {
                Observable.just(long).debug("trim", trimOutput: true).subscribe(recorder).dispose()
            }
            // "next(" + 60 × "a" + ")" is 66 characters: its first 20, "...", its last 17.
            let trimmed = "next(" + String(repeating: "a", count: 15) + "..." + String(repeating: "a", count: 16) + ")"
            #expect(captured.messages == [
                "trim -> subscribed",
                "trim -> Event \(trimmed)",
                "trim -> Event completed",
                "trim -> isDisposed",
            ])
            #expect(recorder.events == [.next(long), .completed])
        }

        @Test func trimOutputKeepsShortDescriptions() {
            let fits = String(repeating: "b", count: 34)  // "next(…)" is exactly 40 characters
            let captured = capturingDebugOutput {
                Observable.just(fits).debug("short", trimOutput: true).subscribe { _ in }.dispose()
            }
            #expect(captured.messages == [
                "short -> subscribed",
                "short -> Event next(\(fits))",
                "short -> Event completed",
                "short -> isDisposed",
            ])
        }

        @Test func withoutTrimOutputLongDescriptionsAreKept() {
            let long = String(repeating: "c", count: 60)
            let captured = capturingDebugOutput {
                Observable.just(long).debug("full").subscribe { _ in }.dispose()
            }
            #expect(captured.messages.contains("full -> Event next(\(long))"))
            #expect(captured.messages.count == 4)
        }

        @Test func defaultIdentifierNamesTheCallSite() {
            var callLine = 0
            let captured = capturingDebugOutput {
                callLine = #line + 1
                Observable.just(1).debug().subscribe { _ in }.dispose()
            }
            let identifier = "DebugTests.swift:\(callLine) (defaultIdentifierNamesTheCallSite())"
            #expect(captured.messages == [
                "\(identifier) -> subscribed",
                "\(identifier) -> Event next(1)",
                "\(identifier) -> Event completed",
                "\(identifier) -> isDisposed",
            ])
        }
    }
}
