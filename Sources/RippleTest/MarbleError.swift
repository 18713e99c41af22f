/// The error a marble diagram's `#` stands for when no `errors:` table gives it one.
///
/// ```swift
/// let source = scheduler.createColdObservable("--a--#", values: ["a": 1])
/// let observer = scheduler.start { source.asObservable() }
/// #expect(observer.events == [.next(220, 1), .error(250, MarbleError())])
/// ```
///
/// Any other letter of a diagram can stand for an error too, through the `errors:`
/// table; `#` is the one that needs no table.
public struct MarbleError: Swift.Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The error `#` stands for by default.
    public init() {}

    /// `MarbleError`.
    public var description: String {
        "MarbleError"
    }
}
