import Ripple
internal import XCTest
#if canImport(Testing)
internal import Testing
#endif

/// Asserts that two arrays of recorded events are equal: the same events at the same
/// virtual times, in the same order.
///
/// ```swift
/// XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(300)])
/// ```
///
/// On failure the message draws both arrays as marble diagrams one above the other
/// (when every event sits on a 10-tick grid) and lists the events as a diff, `-`
/// for those only in the first argument and `+` for those only in the second:
///
/// ```
/// Recorded events are not equal (first: 3 events, second: 3 events).
/// marbles, 10 ticks per column from 200:
///   first:  -12-------|
///   second: -13-------|
/// events ("-" only in the first, "+" only in the second):
///     next(1) @ 210
///   - next(2) @ 220
///   + next(3) @ 220
///     completed @ 300
/// ```
///
/// Events are equal when their elements are; errors are equal when they are the same
/// `Equatable` value or have the same type and description. Inside an XCTest test the
/// failure is an XCTest failure; inside a Swift Testing test it is recorded as an issue.
///
/// - Parameters:
///   - lhs: The recorded events the test got.
///   - rhs: The recorded events expected.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertEqual<T: Equatable>(_ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #filePath, line: UInt = #line) {
    if let message = recordedEventsMismatch(lhs, rhs) {
        reportTestFailure(message, file: file, line: line)
    }
}

/// Asserts that two arrays of events are equal, in the same order; on failure the
/// message lists the events as a diff.
///
/// ```swift
/// XCTAssertEqual(events, [.next(1), .next(2), .completed])
/// ```
///
/// Events are equal when their elements are; errors are equal when they are the same
/// `Equatable` value or have the same type and description. Inside an XCTest test the
/// failure is an XCTest failure; inside a Swift Testing test it is recorded as an issue.
///
/// - Parameters:
///   - lhs: The events the test got.
///   - rhs: The events expected.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertEqual<T: Equatable>(_ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #filePath, line: UInt = #line) {
    if let message = eventsMismatch(lhs, rhs) {
        reportTestFailure(message, file: file, line: line)
    }
}

/// Asserts that two arrays of Single events are equal, in the same order; on failure
/// the message lists the events as a diff.
///
/// ```swift
/// var events: [SingleEvent<Int>] = []
/// _ = Single.just(1).subscribe { events.append($0) }
/// XCTAssertEqual(events, [.success(1)])
/// ```
///
/// Successes are equal when their elements are; failures when their errors compare
/// as `Event` errors do.
///
/// - Parameters:
///   - lhs: The events the test got.
///   - rhs: The events expected.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertEqual<T: Equatable>(_ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #filePath, line: UInt = #line) {
    if let message = eventsMismatch(lhs, rhs, equal: { $0 == $1 }) {
        reportTestFailure(message, file: file, line: line)
    }
}

/// Asserts that two arrays of Maybe events are equal, in the same order; on failure
/// the message lists the events as a diff.
///
/// ```swift
/// var events: [MaybeEvent<Int>] = []
/// _ = Maybe<Int>.empty().subscribe { events.append($0) }
/// XCTAssertEqual(events, [.completed])
/// ```
///
/// - Parameters:
///   - lhs: The events the test got.
///   - rhs: The events expected.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertEqual<T: Equatable>(_ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #filePath, line: UInt = #line) {
    if let message = eventsMismatch(lhs, rhs, equal: { $0 == $1 }) {
        reportTestFailure(message, file: file, line: line)
    }
}

/// Asserts that two arrays of Completable events are equal, in the same order; on
/// failure the message lists the events as a diff.
///
/// ```swift
/// var events: [CompletableEvent] = []
/// _ = Completable.empty().subscribe { events.append($0) }
/// XCTAssertEqual(events, [.completed])
/// ```
///
/// - Parameters:
///   - lhs: The events the test got.
///   - rhs: The events expected.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertEqual(_ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line) {
    if let message = eventsMismatch(lhs, rhs, equal: { $0 == $1 }) {
        reportTestFailure(message, file: file, line: line)
    }
}

/// Where an assertion failure goes: a Swift Testing issue when a Swift Testing test is
/// running on this task, otherwise an XCTest failure. (swift-corelibs-xctest drops an
/// `XCTFail` made outside an XCTest test, so a Swift Testing test would pass silently.)
enum TestFailureDestination: Equatable {
    case swiftTesting
    case xcTest

    /// The destination for a failure reported now, on this task.
    static var current: TestFailureDestination {
        #if canImport(Testing)
        if Test.current != nil {
            return .swiftTesting
        }
        #endif
        return .xcTest
    }
}

/// A failure as the assertion reports it; tests of RippleTest capture these.
struct ReportedTestFailure: Equatable {
    let message: String
    let destination: TestFailureDestination
    let fileID: String
    let filePath: String
    let line: Int
}

enum TestFailureCapture {
    /// While set (for the current task), failures go here instead of failing the test:
    /// RippleTest's own tests use it to check the assertions' messages and locations.
    @TaskLocal static var handler: (@Sendable (ReportedTestFailure) -> Void)?
}

/// Fails the running test with `message` at `file`:`line`, in Swift Testing or XCTest.
func reportTestFailure(_ message: String, file: StaticString, line: UInt) {
    let path = "\(file)"
    let components = path.split(separator: "/")
    let fileName = components.last.map(String.init) ?? path
    let folder = components.dropLast().last.map(String.init) ?? "Tests"
    let failure = ReportedTestFailure(
        message: message,
        destination: .current,
        fileID: "\(folder)/\(fileName)",
        filePath: path,
        line: max(Int(line), 1)
    )
    if let capture = TestFailureCapture.handler {
        capture(failure)
        return
    }
    switch failure.destination {
    case .swiftTesting:
        #if canImport(Testing)
        let location = SourceLocation(fileID: failure.fileID, filePath: failure.filePath, line: failure.line, column: 1)
        Issue.record(Comment(rawValue: message), sourceLocation: location)
        #endif
    case .xcTest:
        XCTFail(message, file: file, line: line)
    }
}
