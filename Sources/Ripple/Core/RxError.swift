/// The errors Ripple itself produces.
///
/// ```swift
/// Observable<Int>.empty().single()   // fails with RxError.noElements
/// ```
// `@unchecked Sendable` because `disposed(object:)` carries the disposed object, as in
// RxSwift, and `Swift.Error` requires `Sendable`. Ripple only reads that object's type
// name (in `debugDescription`); it never mutates it or calls into it.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// Unknown error.
    case unknown
    /// An operation was attempted on an object that is already disposed.
    case disposed(object: AnyObject)
    /// An arithmetic overflow (for example a `range` whose end does not fit its type).
    case overflow
    /// An argument was outside its valid range (for example a negative count).
    case argumentOutOfRange
    /// The sequence has no elements, but one was required.
    case noElements
    /// The sequence has more than one element, but exactly one was required.
    case moreThanOneElement
    /// The sequence timed out.
    case timeout

    /// A description of the error for debugging.
    public var debugDescription: String {
        switch self {
        case .unknown:
            "Unknown error occurred."
        case .disposed(let object):
            "Object `\(typeName(object))` was already disposed."
        case .overflow:
            "Arithmetic overflow occurred."
        case .argumentOutOfRange:
            "Argument out of range."
        case .noElements:
            "Sequence doesn't contain any elements."
        case .moreThanOneElement:
            "Sequence contains more than one element."
        case .timeout:
            "Sequence timeout."
        }
    }
}
