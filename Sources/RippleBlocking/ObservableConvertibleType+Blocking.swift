import Foundation
import Ripple

extension ObservableConvertibleType {
    /// This sequence with blocking operators: `toArray()`, `first()`, `last()`,
    /// `single()` and `materialize()` wait for the sequence and return its result.
    ///
    /// ```swift
    /// let elements = try Observable.of(1, 2, 3).toBlocking().toArray()   // [1, 2, 3]
    /// ```
    ///
    /// - Parameter timeout: The longest each operator waits, in seconds, before it
    ///   disposes its subscription and throws `RxError.timeout`; `nil` waits for as long
    ///   as it takes.
    /// - Returns: This sequence with blocking operators.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
