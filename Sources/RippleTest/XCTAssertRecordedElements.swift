import Ripple

/// Asserts that recorded events are exactly the given elements, in order, whatever
/// their virtual times, and that no terminal event was recorded.
///
/// ```swift
/// let observer = scheduler.start(disposed: 250) { source.asObservable() }
/// XCTAssertRecordedElements(observer.events, [1, 2])
/// ```
///
/// A recorded `.completed` or `.error` fails the assertion (compare the whole
/// recording with `XCTAssertEqual` when the ending matters). Inside an XCTest test the
/// failure is an XCTest failure; inside a Swift Testing test it is recorded as an issue.
///
/// - Parameters:
///   - stream: The recorded events the test got.
///   - elements: The elements expected, in order.
///   - file: The test's file, for the failure; leave it to the compiler.
///   - line: The test's line, for the failure; leave it to the compiler.
public func XCTAssertRecordedElements<T: Equatable>(_ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath, line: UInt = #line) {
    if let stop = stream.first(where: { $0.value.isStopEvent }) {
        reportTestFailure("A terminal event was recorded: \(stop.value) @ \(stop.time).", file: file, line: line)
        return
    }
    let recorded = stream.compactMap(\.value.element)
    if recorded != elements {
        reportTestFailure("Recorded elements are not equal: \(recorded) is not \(elements).", file: file, line: line)
    }
}
