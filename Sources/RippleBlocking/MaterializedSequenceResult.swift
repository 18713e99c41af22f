/// How a sequence observed by ``BlockingObservable/materialize()`` ended, with every
/// element it sent before that.
///
/// ```swift
/// switch Observable.of(1, 2).toBlocking().materialize() {
/// case .completed(let elements):
///     print(elements)                // [1, 2]
/// case .failed(let elements, let error):
///     print(elements, error)
/// }
/// ```
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` (`RxError.timeout` when the blocking
    /// call timed out) after sending `elements`.
    case failed(elements: [T], error: Swift.Error)
}

extension MaterializedSequenceResult: Sendable where T: Sendable {}
